import Foundation
import TestSupport
import Testing

/// `imagecolors serve` is the `imagecolors-server` binary beside the CLI (ServerLauncher).
@Suite struct ServerLauncherTests {
    @Test func serveHelpIsTheServersOwn() async throws {
        // Given the built CLI, with imagecolors-server beside it
        // When `imagecolors serve --help` runs
        let output = try await runProcessInBackground(ImageColorsBinary.url, ["serve", "--help"])
        // Then the server's own options are listed, under the usage users type
        #expect(output.status == 0)
        #expect(output.stdout.contains("USAGE: imagecolors serve"))
        #expect(output.stdout.contains("--signing-key"))
        #expect(output.stdout.contains("--max-queue"))
    }

    @Test func cliHelpListsServe() async throws {
        // Given the built CLI
        // When its help is printed
        let output = try await runProcessInBackground(ImageColorsBinary.url, ["--help"])
        // Then serve is one of its subcommands
        #expect(output.stdout.contains("serve"))
    }

    @Test func missingServerIsAClearError() async throws {
        // Given a copy of the CLI in a folder without imagecolors-server
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("launcher-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("imagecolors")
        try FileManager.default.copyItem(at: ImageColorsBinary.url, to: copy)
        // When `imagecolors serve` runs
        let output = try await runProcessInBackground(copy, ["serve", "--port", "0"])
        // Then it fails at once, naming the binary it looked for and how to build it
        #expect(output.status == 1)
        #expect(output.stderr.contains(folder.appendingPathComponent("imagecolors-server").path))
        #expect(output.stderr.contains("swift build"))
    }
}
