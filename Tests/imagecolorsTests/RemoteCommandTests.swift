import Foundation
import TestHTTPServer
import TestSupport
import Testing

/// `imagecolors analyze` with http(s) URLs, served by a real server inside this test process.
@Suite("imagecolors analyze: URLs", .serialized)
struct RemoteCommandTests {
    static let jpeg = try! Data(contentsOf: RepositoryPaths.samples.appendingPathComponent("rocket.jpg"))

    @Test("URLs mixed with paths: one line each in input order, a URL's colours the same as its file's")
    func mixedSources() async throws {
        // Given the rocket JPEG served at a URL
        try await TestHTTPServer.with({ _ in .ok(Self.jpeg, contentType: "image/jpeg") }) { server in
            let url = server.url("/rocket.jpg").absoluteString
            // When a file and the URL are analysed together
            let output = try await CLI.run([
                "analyze", "--allow-loopback", "--format", "json", "Samples/coffee.png", url,
            ])
            let fromFile = try await CLI.run(["analyze", "--format", "json", "Samples/rocket.jpg"])
            // Then both succeed, in order, and the URL's line is the file's but for its source
            #expect(output.status == 0)
            #expect(
                output.errorLines.count == 1
                    && output.errorLines[0].hasPrefix("imagecolors: 2 sources: 2 analysed, 0 failed, "))
            let objects = try output.lines.map(CLI.object)
            #expect(objects.map { $0["source"] as? String } == ["Samples/coffee.png", url])
            var downloaded = try #require(objects.last)
            var local = try CLI.object(fromFile.lines[0])
            // The memory report differs: downloaded bytes are held in memory and accounted.
            for key in ["source", "memory"] {
                downloaded[key] = nil
                local[key] = nil
            }
            #expect(NSDictionary(dictionary: downloaded) == NSDictionary(dictionary: local))
        }
    }

    @Test("an HTTP error is a failure line naming the URL and the status, and exits 1")
    func notFound() async throws {
        // Given a server that answers 404
        try await TestHTTPServer.with({ _ in .status(404) }) { server in
            let url = server.url("/missing.png").absoluteString
            // When the URL is analysed
            let output = try await CLI.run(["analyze", "--allow-loopback", "--format", "json", url])
            // Then the failure line and stderr say "HTTP 404" with the URL
            #expect(output.status == 1)
            let error = try #require(try CLI.object(output.lines[0])["error"] as? [String: Any])
            #expect(error["code"] as? String == "http-status")
            #expect(error["message"] as? String == "HTTP 404 Not Found from \(url)")
            #expect(output.errorLines == ["imagecolors: \(url): HTTP 404 Not Found from \(url)"])
        }
    }

    @Test("--max-download-size caps the body")
    func maxDownloadSize() async throws {
        // Given a 1 MB body without Content-Length
        let response = TestResponse(body: TestResponse.filler(1_000_000), framing: .chunked, chunkSize: 10_000)
        try await TestHTTPServer.with({ _ in response }) { server in
            let url = server.url("/big").absoluteString
            // When it is analysed with a 50 kB cap
            let output = try await CLI.run([
                "analyze", "--allow-loopback", "--format", "json", "--max-download-size", "50KB", url,
            ])
            // Then it fails as too large, saying the limit
            #expect(output.status == 1)
            let error = try #require(try CLI.object(output.lines[0])["error"] as? [String: Any])
            #expect(error["code"] as? String == "body-too-large")
            #expect(error["message"] as? String == "body over 50 kB from \(url) (stopped reading at 50 kB)")
        }
    }

    @Test("--timeout bounds a download in seconds")
    func timeout() async throws {
        // Given a body that drips for 60 s
        let response = TestResponse.drip(TestResponse.filler(200_000), chunkSize: 1000, interval: .milliseconds(300))
        try await TestHTTPServer.with({ _ in response }) { server in
            let url = server.url("/slow.jpg").absoluteString
            // When it is analysed with --timeout 0.5
            let started = ContinuousClock.now
            let output = try await CLI.run(["analyze", "--allow-loopback", "--format", "json", "--timeout", "0.5", url])
            // Then it fails long before the body's end, saying so
            #expect(ContinuousClock.now - started < .seconds(20))
            #expect(output.status == 1)
            let error = try #require(try CLI.object(output.lines[0])["error"] as? [String: Any])
            #expect(error["code"] as? String == "timed-out")
            #expect(error["message"] as? String == "timed out after 500 ms downloading \(url)")
        }
    }

    @Test(
        "bad --timeout and --max-download-size values exit with the usage status",
        arguments: [
            ["--timeout", "0"], ["--timeout", "soon"], ["--max-download-size", "big"], ["--max-download-size", "0"],
        ])
    func usageError(flag: [String]) async throws {
        let output = try await CLI.run(["analyze"] + flag + ["Samples/rocket.jpg"])
        #expect(output.status == 64)
        #expect(output.stdout.isEmpty)
    }
}
