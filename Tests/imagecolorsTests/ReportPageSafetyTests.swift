import Foundation
import TestHTTPServer
import TestSupport
import Testing

/// What the report page shows of its sources (issue 39: finding 4's page and the bidi low).
@Suite("imagecolors report: secrets and names", .serialized)
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
            for secret in ["t0k3nA", "s1gB", "fragC", "s3cr3tpw", "user:", "t0k3nD"] {
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
}
