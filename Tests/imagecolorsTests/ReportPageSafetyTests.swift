import Foundation
import TestHTTPServer
import TestSupport
import Testing

/// What the report page shows of its sources, and what becomes of -o when the run does not end
/// well (issue 39: finding 4's page, finding 10, and the bidi and `-o DIR` lows).
@Suite("imagecolors report: secrets, names and the previous page", .serialized)
struct ReportPageSafetyTests {
    static let png = try! Data(contentsOf: RepositoryPaths.samples.appendingPathComponent("coffee.png"))

    @Test("URL user info and query tokens appear nowhere in the page, headings and failures alike")
    func noSecretsInThePage() async throws {
        try await TestHTTPServer.with({ path in
            path.hasPrefix("/img.png") ? .ok(Self.png, contentType: "image/png") : .status(404)
        }) { server in
            let folder = try ScratchDirectory(prefix: "imagecolors-secrets")
            let page = folder.path("report.html")
            let base = String(server.url("/").absoluteString.dropLast())
            let found = base + "/img.png?token=t0k3nA&sig=s1gB#fragC"
            let missing =
                base.replacingOccurrences(of: "http://", with: "http://user:s3cr3tpw@")
                + "/missing.png?token=t0k3nD"
            // When a page is made of a URL that loads and one that fails, both with secrets
            let output = try await CLI.run(["report", "--allow-loopback", "-o", page, found, missing])
            #expect(output.status == 1, "\(output.stderr)")
            let html = try String(contentsOfFile: page, encoding: .utf8)
            // Then the page names both by scheme, host, port and path only
            for secret in ["t0k3nA", "s1gB", "fragC", "s3cr3tpw", "//user", "t0k3nD"] {
                #expect(!html.contains(secret), "\(secret) is in the page")
            }
            #expect(html.contains("<h2><bdi>\(base)/img.png</bdi></h2>"))
            #expect(html.contains("<h2><bdi>\(base)/missing.png</bdi></h2>"))
        }
    }

    @Test("bidi controls in a name are written out in the page and on stderr")
    func bidiControls() async throws {
        // Given a file whose name reverses what follows it, and a missing one likewise
        let folder = try ScratchDirectory(prefix: "imagecolors-bidi")
        let tricky = folder.path("cover\u{202E}gnp.exe")
        try Self.png.write(to: URL(fileURLWithPath: tricky))
        let missing = folder.path("gone\u{2066}x\u{2069}.png")
        let page = folder.path("report.html")
        let output = try await CLI.run(["report", "-o", page, tricky, missing])
        #expect(output.status == 1, "\(output.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        // Then no bidi control reaches the page or stderr; they are shown as escapes
        let bidi = Set((0x202A...0x202E).map { Unicode.Scalar($0)! } + (0x2066...0x2069).map { Unicode.Scalar($0)! })
        #expect(!html.unicodeScalars.contains(where: bidi.contains))
        #expect(!output.stderr.unicodeScalars.contains(where: bidi.contains))
        #expect(html.contains("cover\\u{202E}gnp.exe"))
        #expect(html.contains("gone\\u{2066}x\\u{2069}.png"))
        #expect(output.stderr.contains("gone\\u{2066}x\\u{2069}.png"))
    }

    @Test("SIGTERM mid-run keeps the previous page, says so, and leaves no temporary file")
    func cancelledKeepsThePreviousPage() async throws {
        // Given a previous page, and a run whose second source drips for a minute
        let response = TestResponse.drip(TestResponse.filler(3_000_000), chunkSize: 5000, interval: .milliseconds(100))
        try await TestHTTPServer.with({ _ in response }) { server in
            let folder = try ScratchDirectory(prefix: "imagecolors-cancel")
            let page = folder.path("report.html")
            let previous = Data("<!doctype html><p>the previous page</p>\n".utf8)
            try previous.write(to: URL(fileURLWithPath: page))
            let run = try LiveCLI([
                "report", "--allow-loopback", "--jobs", "1", "--timeout", "600", "-o", page,
                "Samples/coffee.png", server.url("/slow.jpg").absoluteString,
            ])
            // When the download is under way and SIGTERM arrives
            let downloading = try await run.wait(seconds: 60) { server.bytesSent("/slow.jpg") > 0 }
            #expect(downloading, "\(run.stderr)")
            run.send(SIGTERM)
            // Then it exits 143, the previous page is as it was, and only it is in the folder
            #expect(try await run.exitStatus(within: 30) == 143, "\(run.stderr)")
            #expect(FileManager.default.contents(atPath: page) == previous)
            #expect(folder.contents == ["report.html"])
            #expect(run.stderr.contains("the previous page, if any, is kept"), "\(run.stderr)")
        }
    }
}
