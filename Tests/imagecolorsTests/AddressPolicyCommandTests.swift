import Foundation
import TestHTTPServer
import TestSupport
import Testing

/// The CLI's address policy flags: loopback refused unless `--allow-loopback`, with a hint,
/// before any connection; and wide `--jobs` against one host.
@Suite("CLI: address policy", .serialized)
struct AddressPolicyCommandTests {
    @Test("a loopback URL is refused by default with a hint, and nothing reaches the server")
    func refusedByDefault() async throws {
        let png = try Data(contentsOf: RepositoryPaths.samples.appendingPathComponent("coffee.png"))
        try await TestHTTPServer.with({ _ in .ok(png, contentType: "image/png") }) { server in
            // Given the local server's URL, with a query
            let url = server.url("/coffee.png").absoluteString + "?sig=1"
            // When it is analysed without --allow-loopback
            let output = try await CLI.run(["analyze", "--format", "json", url])
            // Then it fails with address-not-allowed, naming the address and the flag
            #expect(output.status == 1)
            let error = try #require(try CLI.object(output.lines[0])["error"] as? [String: Any])
            let message =
                """
                127.0.0.1 is a loopback address; refused: http://127.0.0.1:\(server.port)/coffee.png (allow with \
                --allow-loopback)
                """
            #expect(error["code"] as? String == "address-not-allowed")
            #expect(error["message"] as? String == message)
            #expect(server.connectionCount == 0 && server.requests.isEmpty)
            // And with --allow-loopback it is analysed
            let allowed = try await CLI.run(["analyze", "--allow-loopback", "--block-private", "--format", "json", url])
            #expect(allowed.status == 0)
            #expect(try CLI.object(allowed.lines[0])["source"] as? String == url)
        }
    }

    @Test("--jobs 60 against one healthy host: every URL succeeds")
    func sixtyJobs() async throws {
        let png = try Data(contentsOf: RepositoryPaths.samples.appendingPathComponent("coffee.png"))
        try await TestHTTPServer.with({ _ in .ok(png, contentType: "image/png") }) { server in
            // Given 60 URLs on one host
            let urls = (0..<60).map { server.url("/\($0).png").absoluteString }
            // When they are analysed 60 at a time
            let output = try await CLI.run(["analyze", "--allow-loopback", "--format", "json", "--jobs", "60"] + urls)
            // Then all 60 succeed, in input order
            #expect(output.status == 0)
            #expect(output.errorLines.count == 1)
            #expect(output.errorLines.first?.hasPrefix("imagecolors: 60 sources: 60 analysed, 0 failed") == true)
            #expect(try output.lines.map { try CLI.object($0)["source"] as? String } == urls)
            #expect(server.requests.count == 60)
        }
    }
}
