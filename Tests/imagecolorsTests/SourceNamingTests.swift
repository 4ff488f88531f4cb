import Foundation
import TestHTTPServer
import TestSupport
import Testing

/// How sources are named in what people read: no secrets from URLs, no terminal control from
/// file names, and a hint for a file whose name reads as an option.
@Suite("imagecolors: naming sources", .serialized)
struct SourceNamingTests {
    @Test("a file named like an option is refused with a hint, and analysed after --")
    func dashNamedFile() async throws {
        // Given a file called -dash.png in the working directory
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-dash-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: RepositoryPaths.samples.appendingPathComponent("coffee.png"),
            to: folder.appendingPathComponent("-dash.png"))
        // When it is given as a source (read as -d -a -s -h…, it printed the help and exited 0)
        let refused = try await runProcessInBackground(CLI.binary, ["analyze", "-dash.png"], in: folder)
        // Then it is a usage error with the hint, and with -- it is analysed
        #expect(refused.status == 64)
        #expect(refused.stdout.isEmpty)
        #expect(
            refused.stderr.contains(
                "-dash.png is read as an option; to analyse the file, write ./-dash.png or put -- before it"))
        let analysed = try await runProcessInBackground(CLI.binary, ["analyze", "--", "-dash.png"], in: folder)
        #expect(analysed.status == 0 && analysed.stdout.hasPrefix("-dash.png  png 600×400"))
    }

    @Test("control characters in a name are escaped on stderr and in the text report")
    func controlCharacters() async throws {
        // Given a missing file and a real one whose names hold an escape sequence
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-ctl-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let real = folder.appendingPathComponent("a\u{1B}[2Jb.png").path
        try FileManager.default.copyItem(
            atPath: RepositoryPaths.samples.appendingPathComponent("coffee.png").path, toPath: real)
        let output = try await CLI.run(["analyze", real, folder.path + "/x\u{1B}[31m\ny.png"])
        // Then no escape or newline from a name reaches the terminal
        #expect(!output.stdout.contains("\u{1B}") && !output.stderr.contains("\u{1B}"))
        #expect(output.stdout.hasPrefix(folder.path + "/a\\u{1B}[2Jb.png  png"))
        #expect(
            output.errorLines.contains(
                """
                imagecolors: \(folder.path)/x\\u{1B}[31m\\u{A}y.png: no such file: \
                \(folder.path)/x\\u{1B}[31m\\u{A}y.png
                """
            ))
    }

    @Test("a URL's credentials and query stay off stderr; the JSON source keeps them")
    func redactedURL() async throws {
        try await TestHTTPServer.with({ _ in .status(404) }) { server in
            // Given a URL with user info, a signed query and a fragment
            var components = URLComponents(url: server.url("/cover.jpg"), resolvingAgainstBaseURL: false)!
            components.user = "alice"
            components.password = "hunter2"
            components.query = "token=SECRET"
            components.fragment = "top"
            let url = components.string!
            // When it fails
            let output = try await CLI.run(["analyze", "--allow-loopback", "--format", "json", url])
            // Then stderr names it by scheme, host, port and path only, and the JSON keeps it whole
            #expect(output.status == 1)
            #expect(
                !output.stderr.contains("hunter2") && !output.stderr.contains("SECRET")
                    && !output.stderr.contains("alice"))
            #expect(output.stderr.contains(server.url("/cover.jpg").absoluteString))
            #expect(try CLI.object(output.lines[0])["source"] as? String == url)
        }
    }
}
