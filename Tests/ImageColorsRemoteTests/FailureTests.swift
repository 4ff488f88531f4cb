import Foundation
import ImageColors
import ImageColorsRemote
import TestHTTPServer
import TestSupport
import Testing

/// Servers that answer badly, slowly, too much or too little: each gives its own error,
/// naming the URL and the limit, and leaves no file behind.
@Suite("Remote images: failures")
struct FailureTests {
    @Test("a non-2xx status is an error carrying the status", arguments: [404, 500])
    func httpStatus(status: Int) async throws {
        // Given a server answering `status`
        try await TestHTTPServer.with({ _ in .status(status) }) { server in
            let url = server.url("/missing.png")
            // When the URL is analysed
            let error = try await #require(throws: RemoteLoadingError.self) {
                try await ImageColorAnalyzer().analyze(url: url, limits: Fixtures.limits)
            }
            // Then the error carries the status and says it with the URL
            #expect(error == .httpStatus(url, status: status))
            #expect(error.code == "http-status")
            #expect(error.description.hasPrefix("HTTP \(status) "))
            #expect(error.description.hasSuffix("from \(url.absoluteString)"))
        }
    }

    @Test("a redirect loop is reported as a loop, naming both ends")
    func redirectLoop() async throws {
        // Given /a → /b → /a
        try await TestHTTPServer.with({ $0 == "/a" ? .redirect(to: "/b") : .redirect(to: "/a") }) { server in
            // When /a is analysed
            let error = try await #require(throws: RemoteLoadingError.self) {
                try await ImageColorAnalyzer().analyze(url: server.url("/a"), limits: Fixtures.limits)
            }
            // Then it stops at the first repeated URL
            #expect(error == .redirectLoop(server.url("/b"), target: server.url("/a")))
            #expect(error.code == "redirect-loop")
            #expect(server.requests == ["/a", "/b"])
        }
    }

    @Test("a sixth redirect is one too many")
    func tooManyRedirects() async throws {
        // Given /0 → /1 → … → /6, an image only at /6
        let routes: TestHTTPServer.Routes = { path in
            let step = Int(path.dropFirst()) ?? 0
            return step < 6 ? .redirect(to: "/\(step + 1)") : .ok(Fixtures.png, contentType: "image/png")
        }
        try await TestHTTPServer.with(routes) { server in
            // When /0 is analysed with the default limit of 5
            let error = try await #require(throws: RemoteLoadingError.self) {
                try await ImageColorAnalyzer().analyze(url: server.url("/0"), limits: Fixtures.limits)
            }
            // Then it fails naming the first URL and the limit, without requesting /6
            #expect(error == .tooManyRedirects(server.url("/0"), limit: 5))
            #expect(error.description == "more than 5 redirects from \(server.url("/0").absoluteString)")
            #expect(server.requests == (0...5).map { "/\($0)" })
        }
    }

    @Test("a server that drips its body is cut off at the total deadline")
    func dripDeadline() async throws {
        // Given a 600 kB body sent 1 kB every 100 ms (60 s in all), and a 500 ms deadline
        let scratch = try ScratchDirectory()
        let limits = DownloadLimits(
            connectTimeout: .seconds(30), timeout: .milliseconds(500), spoolThreshold: 2000,
            addressPolicy: .allowingLoopback)
        let response = TestResponse.drip(TestResponse.filler(600_000), chunkSize: 1000, interval: .milliseconds(100))
        try await TestHTTPServer.with({ _ in response }) { server in
            let url = server.url("/slow.jpg")
            // When it is analysed
            let started = ContinuousClock.now
            // (on threads of its own: the deadline's timer resumes on the analyzer's executor, and
            // other suites' analyses keep the shared one busy for seconds at a time)
            let analyzer = ImageColorAnalyzer(executor: AnalysisExecutor(threads: 1))
            let error = try await #require(throws: RemoteLoadingError.self) {
                try await RemoteImageLoader.withLoader(
                    analyzer: analyzer, limits: limits, temporaryDirectory: scratch.url
                ) {
                    try await $0.analyze(url: url)
                }
            }
            // Then it times out, not before 500 ms, says so, and leaves no spooled file. (How
            // soon after is no check here: this task resumes on the cooperative pool, which
            // other suites hold for tens of seconds. The server's byte count below shows that
            // the body was cut off, not read to its end 60 s later.)
            let elapsed = ContinuousClock.now - started
            #expect(error == .timedOut(url, limit: .milliseconds(500)))
            #expect(error.description == "timed out after 500 ms downloading \(url.absoluteString)")
            #expect(elapsed >= .milliseconds(500), "took \(elapsed)")
            #expect(scratch.contents.isEmpty)
            // And the server sees the client go away long before the end of the body
            #expect(await eventually { server.abandoned("/slow.jpg") != nil })
            #expect(server.bytesSent("/slow.jpg") < 300_000)
        }
    }

    @Test("a Content-Length over the cap fails before the body is read")
    func declaredTooLarge() async throws {
        // Given a 100 kB cap and a 10 MB body with its true Content-Length, sent over 50 s
        let limits = DownloadLimits(
            maxBodySize: 100_000, connectTimeout: .seconds(30), timeout: .seconds(60), addressPolicy: .allowingLoopback)
        let response = TestResponse(
            body: TestResponse.filler(10_000_000), chunkSize: 10_000, interval: .milliseconds(50))
        try await TestHTTPServer.with({ _ in response }) { server in
            let url = server.url("/huge.jpg")
            // When it is analysed
            let error = try await #require(throws: RemoteLoadingError.self) {
                try await ImageColorAnalyzer().analyze(url: url, limits: limits)
            }
            // Then the declared length alone decided it, and the connection was dropped at once
            #expect(error == .bodyTooLarge(url, limit: 100_000, declared: 10_000_000))
            #expect(
                error.description
                    == "body over \(MemoryBudget.format(bytes: 100_000)) from \(url.absoluteString) "
                    + "(Content-Length \(MemoryBudget.format(bytes: 10_000_000)); nothing read)"
            )
            #expect(await eventually { server.abandoned("/huge.jpg") != nil })
            #expect(server.bytesSent("/huge.jpg") < 5_000_000)
        }
    }

    @Test(
        "without Content-Length, reading stops as soon as the count passes the cap",
        arguments: [TestResponse.Framing.chunked, .untilClose])
    func undeclaredTooLarge(framing: TestResponse.Framing) async throws {
        // Given a 100 kB cap and 10 MB sent in 10 kB pieces every 50 ms (50 s in all)
        let scratch = try ScratchDirectory()
        let limits = DownloadLimits(
            maxBodySize: 100_000, connectTimeout: .seconds(30), timeout: .seconds(60), spoolThreshold: 20_000,
            addressPolicy: .allowingLoopback)
        let response = TestResponse(
            body: TestResponse.filler(10_000_000), framing: framing, chunkSize: 10_000, interval: .milliseconds(50))
        try await TestHTTPServer.with({ _ in response }) { server in
            let url = server.url("/stream")
            // When it is analysed
            let error = try await #require(throws: RemoteLoadingError.self) {
                try await RemoteImageLoader.withLoader(limits: limits, temporaryDirectory: scratch.url) {
                    try await $0.analyze(url: url)
                }
            }
            // Then it stopped just past 100 kB, not at the end, and removed its spool file
            #expect(error == .bodyTooLarge(url, limit: 100_000, declared: nil))
            #expect(
                error.description
                    == "body over \(MemoryBudget.format(bytes: 100_000)) from \(url.absoluteString) "
                    + "(stopped reading at \(MemoryBudget.format(bytes: 100_000)))"
            )
            #expect(scratch.contents.isEmpty)
            #expect(await eventually { server.abandoned("/stream") != nil })
            #expect(server.bytesSent("/stream") < 5_000_000)
        }
    }

    @Test("a body cut off before its Content-Length is reported as truncated")
    func cutOff() async throws {
        // Given a server that declares the whole JPEG but closes after its first 10 000 bytes
        let response = TestResponse(body: Fixtures.jpeg.prefix(10_000), framing: .declaredLength(Fixtures.jpeg.count))
        try await TestHTTPServer.with({ _ in response }) { server in
            let url = server.url("/cut.jpg")
            // When it is analysed
            let error = try await #require(throws: RemoteLoadingError.self) {
                try await ImageColorAnalyzer().analyze(url: url, limits: Fixtures.limits)
            }
            // Then the error says how much of how much arrived
            #expect(
                error
                    == .bodyTruncated(
                        url, received: 10_000, expected: Fixtures.jpeg.count,
                        reason: "the connection closed before the body ended"))
            #expect(error.code == "body-truncated")
            #expect(
                error.description
                    == "body cut off after \(MemoryBudget.format(bytes: 10_000)) of "
                    + "\(MemoryBudget.format(bytes: Fixtures.jpeg.count)) from \(url.absoluteString): "
                    + "the connection closed before the body ended"
            )
        }
    }

    @Test("a server that refuses the connection gives connection-refused at once, not after the connect timeout")
    func refused() async throws {
        // Given a port nobody listens on any more
        var port = 0
        try await TestHTTPServer.with({ _ in .status(200) }) { port = $0.port }
        let url = URL(string: "http://127.0.0.1:\(port)/a.png")!
        // When it is analysed with a 30 s connect timeout
        let limits = DownloadLimits(
            connectTimeout: .seconds(30), timeout: .seconds(60), addressPolicy: .allowingLoopback)
        let error = try await #require(throws: RemoteLoadingError.self) {
            try await ImageColorAnalyzer().analyze(url: url, limits: limits)
        }
        // Then it fails as refused, naming the URL: not retried until the connect timeout
        // (which would end in connect-timed-out, or timed-out under a shorter total deadline)
        #expect(error == .connectionRefused(url))
        #expect(error.code == "connection-refused")
        #expect(error.description == "cannot connect to \(url.absoluteString): connection refused")
    }

    @Test("a connection that never completes fails at the connect timeout")
    func connectTimeout() async throws {
        // Given a listener whose accept queue is full, so the TCP handshake never finishes
        let listener = try StalledListener()
        let url = URL(string: "http://127.0.0.1:\(listener.port)/a.png")!
        let limits = DownloadLimits(
            connectTimeout: .milliseconds(300), timeout: .seconds(60), addressPolicy: .allowingLoopback)
        // When it is analysed with a 300 ms connect timeout
        let error = try await #require(throws: RemoteLoadingError.self) {
            try await ImageColorAnalyzer().analyze(url: url, limits: limits)
        }
        // Then it fails at the connect timeout, not at the 60 s total deadline
        #expect(error == .connectTimedOut(url, limit: .milliseconds(300)))
        #expect(error.description == "could not connect to \(url.absoluteString) within 300 ms")
        withExtendedLifetime(listener) {}
    }
}
