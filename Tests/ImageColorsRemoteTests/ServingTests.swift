import Foundation
import ImageColors
import ImageColorsRemote
import TestHTTPServer
import TestSupport
import Testing

/// Images served normally (and not so normally) by a real server on 127.0.0.1.
@Suite("Remote images: served")
struct ServingTests {
    @Test(
        "a JPEG and a PNG give the same colours as their files",
        arguments: [
            ("rocket.jpg", ImageFormat.jpeg), ("coffee.png", ImageFormat.png),
        ])
    func sameAsFile(name: String, format: ImageFormat) async throws {
        // Given the sample served with its true Content-Type
        let body = format == .jpeg ? Fixtures.jpeg : Fixtures.png
        try await TestHTTPServer.with({ _ in .ok(body, contentType: "image/\(format.rawValue)") }) { server in
            let url = server.url("/images/\(name)")
            // When it is analysed from its URL
            let analysis = try await ImageColorAnalyzer().analyze(url: url, limits: Fixtures.limits)
            // Then the result is the file's, with the URL as its source
            #expect(analysis.source == url.absoluteString)
            #expect(analysis.format == format)
            #expect(analysis.colorsOnly == (try await Fixtures.fileAnalysis(name)))
        }
    }

    @Test("Content-Type is advisory: a JPEG served as text/html is still analysed")
    func wrongContentType() async throws {
        // Given a JPEG labelled as HTML
        try await TestHTTPServer.with({ _ in .ok(Fixtures.jpeg, contentType: "text/html; charset=utf-8") }) { server in
            // When it is analysed
            let analysis = try await ImageColorAnalyzer().analyze(
                url: server.url("/page.html"), limits: Fixtures.limits)
            // Then the bytes decided the format
            #expect(analysis.format == .jpeg)
            #expect(analysis.colorsOnly == (try await Fixtures.fileAnalysis("rocket.jpg")))
        }
    }

    @Test("a body that is not an image fails with the decoder's unsupported-format error")
    func notAnImage() async throws {
        // Given an HTML page served as image/png
        let html = Data("<!doctype html><html><body>Not here</body></html>".utf8)
        try await TestHTTPServer.with({ _ in .ok(html, contentType: "image/png") }) { server in
            // When it is analysed
            let error = try await #require(throws: ImageDecodingError.self) {
                try await ImageColorAnalyzer().analyze(url: server.url("/a.png"), limits: Fixtures.limits)
            }
            // Then the error is the same one a file with those bytes gives
            #expect(error.code == "unsupported-format")
        }
    }

    @Test("bodies are read whole whatever the framing", arguments: ["chunked", "untilClose", "dripping"])
    func framings(framing: String) async throws {
        // Given the PNG sent chunked, delimited by closing, or in small pieces
        let response =
            switch framing {
            case "chunked": TestResponse(body: Fixtures.png, framing: .chunked, chunkSize: 4096)
            case "untilClose": TestResponse(body: Fixtures.png, framing: .untilClose, chunkSize: 4096)
            default: TestResponse.drip(Fixtures.png, chunkSize: 50_000, interval: .milliseconds(5))
            }
        try await TestHTTPServer.with({ _ in response }) { server in
            // When it is analysed
            let analysis = try await ImageColorAnalyzer().analyze(url: server.url("/coffee"), limits: Fixtures.limits)
            // Then it matches the file
            #expect(analysis.colorsOnly == (try await Fixtures.fileAnalysis("coffee.png")))
        }
    }

    @Test(
        "a body over the spool threshold goes through a temporary file, which is removed",
        arguments: [true, false])
    func spooling(declared: Bool) async throws {
        // Given a 1 kB spool threshold, and the JPEG with or without Content-Length
        let scratch = try ScratchDirectory()
        let limits = DownloadLimits(
            connectTimeout: .seconds(30), timeout: .seconds(60), spoolThreshold: 1000, addressPolicy: .allowingLoopback)
        let response = TestResponse(body: Fixtures.jpeg, framing: declared ? .contentLength : .chunked, chunkSize: 8192)
        try await TestHTTPServer.with({ _ in response }) { server in
            try await RemoteImageLoader.withLoader(limits: limits, temporaryDirectory: scratch.url) { loader in
                // When it is analysed
                let analysis = try await loader.analyze(url: server.url("/rocket"))
                // Then the colours are the file's, and no file is left behind
                #expect(analysis.colorsOnly == (try await Fixtures.fileAnalysis("rocket.jpg")))
                #expect(scratch.contents.isEmpty)
            }
        }
    }

    @Test("the spool threshold is capped at a quarter of the memory budget")
    func spoolThresholdWithinBudget() {
        // Given the default 4 MB threshold
        let limits = DownloadLimits()
        // Then a 30 MB budget keeps it, and an 8 MB budget lowers it to 2 MB
        #expect(limits.spoolThreshold(within: .megabytes(30)) == 4_000_000)
        #expect(limits.spoolThreshold(within: .megabytes(8)) == 2_000_000)
    }

    @Test("a redirect chain within the limit is followed, relative Locations included")
    func redirectChain() async throws {
        // Given /r1 → /r2 → http://127.0.0.1:PORT/r3 → r4 (relative) → /image: four redirects of five allowed
        let routes: TestHTTPServer.Routes = { path in
            switch path {
            case "/r1": .redirect(to: "/r2", status: 301)
            case "/r2": .redirect(to: "/r3", status: 307)
            case "/r3": .redirect(to: "r4", status: 308)
            case "/r4": .redirect(to: "/image?size=big", status: 303)
            default: .ok(Fixtures.png, contentType: "image/png")
            }
        }
        try await TestHTTPServer.with(routes) { server in
            // When the first URL is analysed
            let url = server.url("/r1")
            let analysis = try await ImageColorAnalyzer().analyze(url: url, limits: Fixtures.limits)
            // Then every hop was requested once, and the source is still the URL asked for
            #expect(server.requests == ["/r1", "/r2", "/r3", "/r4", "/image?size=big"])
            #expect(analysis.source == url.absoluteString)
            #expect(analysis.format == .png)
        }
    }
}
