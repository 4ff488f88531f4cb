import Foundation
import ImageColors
import ImageColorsRemote
import Testing

/// The loader's rules, checked on a stub transport: no sockets, exact control.
@Suite("Remote images: loader rules")
struct StubTransportTests {
    let url = URL(string: "https://images.example/a/cover.jpg")!

    private func analyze(_ url: URL, limits: DownloadLimits = Fixtures.limits, transport: StubTransport) async throws
        -> ColorAnalysis
    {
        try await RemoteImageLoader(limits: limits, transport: transport).analyze(url: url)
    }

    @Test("a Content-Length that lies low cannot get more than the cap read")
    func lyingContentLength() async throws {
        // Given a 10 kB cap and a body declared as 1 kB that is 3 chunks of 4 kB
        let transport = StubTransport { _ in
            .init(
                headers: [.init(name: "Content-Length", value: "1000")],
                chunks: Array(repeating: Data(count: 4000), count: 3))
        }
        let limits = DownloadLimits(maxBodySize: 10_000, timeout: .seconds(60))
        // When it is analysed
        await #expect(throws: RemoteLoadingError.bodyTooLarge(url, limit: 10_000, declared: nil)) {
            try await analyze(url, limits: limits, transport: transport)
        }
        // Then reading stopped at the chunk that passed the cap
        #expect(transport.chunksRead == 3)
    }

    @Test("the sample JPEG through the stub gives the file's colours")
    func stubbedImage() async throws {
        // Given the JPEG in 7 kB chunks
        let chunks = stride(from: 0, to: Fixtures.jpeg.count, by: 7000).map {
            Fixtures.jpeg.subdata(in: $0..<min($0 + 7000, Fixtures.jpeg.count))
        }
        let transport = StubTransport { _ in .init(chunks: chunks) }
        // When it is analysed
        let analysis = try await analyze(url, transport: transport)
        // Then it matches the file, and one GET asked for images
        #expect(analysis.colorsOnly == (try await Fixtures.fileAnalysis("rocket.jpg")))
        #expect(transport.requests.map(\.url) == [url])
        #expect(
            transport.requests.first?.headers.contains { $0.name == "Accept" && $0.value.hasPrefix("image/jpeg") }
                == true)
    }

    @Test(
        "only http and https are loaded, and nothing is sent for others",
        arguments: ["ftp://images.example/a.jpg", "file:///etc/passwd", "data:image/png;base64,AAAA"])
    func unsupportedScheme(text: String) async throws {
        // Given a URL of another scheme
        let other = try #require(URL(string: text))
        let transport = StubTransport { _ in .init() }
        // When it is analysed
        let error = try await #require(throws: RemoteLoadingError.self) {
            try await analyze(other, transport: transport)
        }
        // Then it is refused before any request
        #expect(error == .unsupportedScheme(other))
        #expect(error.description.contains("only http and https"))
        #expect(transport.requests.isEmpty)
    }

    @Test("a redirect to another scheme is refused")
    func redirectToFile() async throws {
        // Given a redirect to a file URL
        let transport = StubTransport { _ in
            .init(status: 302, headers: [.init(name: "location", value: "file:///etc/passwd")])
        }
        // When it is analysed
        await #expect(throws: RemoteLoadingError.unsupportedScheme(URL(string: "file:///etc/passwd")!)) {
            try await analyze(url, transport: transport)
        }
        // Then only the first URL was requested
        #expect(transport.requests.count == 1)
    }

    @Test("a redirect without Location is an invalid redirect")
    func redirectWithoutLocation() async throws {
        let transport = StubTransport { _ in .init(status: 301) }
        await #expect(throws: RemoteLoadingError.invalidRedirect(url, location: nil)) {
            try await analyze(url, transport: transport)
        }
    }

    @Test("3xx statuses that are not redirects are errors", arguments: [300, 304])
    func notARedirect(status: Int) async throws {
        let transport = StubTransport { _ in .init(status: status, headers: [.init(name: "Location", value: "/other")])
        }
        await #expect(throws: RemoteLoadingError.httpStatus(url, status: status)) {
            try await analyze(url, transport: transport)
        }
        #expect(transport.requests.count == 1)
    }

    @Test("a body that stalls without a length times out instead of passing for a whole one")
    func stalledBody() async throws {
        // Given 1 kB of JPEG, then silence, and a 300 ms deadline
        let transport = StubTransport { _ in .init(chunks: [Fixtures.jpeg.prefix(1000)], stalls: true) }
        let limits = DownloadLimits(timeout: .milliseconds(300))
        // When it is analysed
        let error = try await #require(throws: RemoteLoadingError.self) {
            try await analyze(url, limits: limits, transport: transport)
        }
        // Then the deadline decided, and the message says the limit
        #expect(error == .timedOut(url, limit: .milliseconds(300)))
        #expect(error.description == "timed out after 300 ms downloading https://images.example/a/cover.jpg")
    }

    @Test("a transport error before the head is connection-failed; during the body, body-truncated")
    func transportErrors() async throws {
        // Given a transport that fails to connect, and one that breaks after 2 kB
        let refusing = StubTransport { _ in throw StubFailure(description: "connection refused") }
        let breaking = StubTransport { _ in .init(chunks: [Data(count: 2000)], failure: "connection reset by peer") }
        // Then each failure is told apart, with the transport's words
        let failed = try await #require(throws: RemoteLoadingError.self) {
            try await analyze(url, transport: refusing)
        }
        #expect(failed.code == "connection-failed")
        #expect(failed.description == "cannot connect to https://images.example/a/cover.jpg: connection refused")
        let truncated = RemoteLoadingError.bodyTruncated(
            url, received: 2000, expected: nil, reason: "connection reset by peer")
        await #expect(throws: truncated) { try await analyze(url, transport: breaking) }
        #expect(
            truncated.description
                == "body cut off after \(MemoryBudget.format(bytes: 2000)) from https://images.example/a/cover.jpg: "
                + "connection reset by peer"
        )
    }

    @Test("connection-failed keeps the transport's own error, not just its words")
    func wrappedTransportError() async throws {
        // Given a transport that throws its own error type before any response
        let refusing = StubTransport { _ in throw StubFailure(description: "no route to host") }
        // When a URL is analysed through it
        let error = try await #require(throws: RemoteLoadingError.self) {
            try await analyze(url, transport: refusing)
        }
        // Then the error wraps what the transport threw, and equality sees its type and words
        guard case .connectionFailed(let failedURL, let underlying) = error else {
            Issue.record("expected connection-failed, got \(error)")
            return
        }
        #expect(failedURL == url)
        let original = try #require(underlying.error as? StubFailure)
        #expect(original.description == "no route to host")
        #expect(
            error == .connectionFailed(url, underlying: UnderlyingError(StubFailure(description: "no route to host"))))
        #expect(
            error
                != .connectionFailed(
                    url, underlying: UnderlyingError(CancellationError(), description: "no route to host")))
    }

    @Test("spool-failed keeps the file system's error and names the path")
    func wrappedSpoolError() async throws {
        // Given a body over the spool threshold and a temporary directory that does not exist
        let transport = StubTransport { _ in .init(chunks: [Fixtures.jpeg]) }
        var limits = Fixtures.limits
        limits.spoolThreshold = 100
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-missing-\(UUID())")
        let loader = RemoteImageLoader(limits: limits, transport: transport, temporaryDirectory: missing)
        // When the URL is analysed
        let error = try await #require(throws: RemoteLoadingError.self) { try await loader.analyze(url: url) }
        // Then it is spool-failed, wrapping the system's ENOENT, and the message names the path
        guard case .spoolFailed(let path, let underlying) = error else {
            Issue.record("expected spool-failed, got \(error)")
            return
        }
        #expect(error.code == "spool-failed")
        #expect(path.hasPrefix(missing.path))
        #expect((underlying.error as? POSIXError)?.code == .ENOENT)
        #expect(error.description == "cannot write the download to \(path): No such file or directory")
    }

    @Test("messages never show credentials, query or fragment")
    func redactedMessages() {
        // Given a signed URL with user info
        let secret = URL(string: "https://user:hunter2@cdn.example:8443/img/a.png?X-Signature=abc123#frag")!
        // When it appears in an error message
        let message = RemoteLoadingError.httpStatus(secret, status: 403).description
        // Then only scheme, host, port and path are shown
        #expect(message == "HTTP 403 Forbidden from https://cdn.example:8443/img/a.png")
    }

    @Test("Content-Length is read only when it is a plain number and the body is not chunked")
    func contentLength() {
        func length(_ headers: [(String, String)]) -> Int? {
            HTTPTransportResponse(status: 200, headers: headers.map { HTTPHeaderField(name: $0.0, value: $0.1) })
                .contentLength
        }
        #expect(length([("content-length", " 1234 ")]) == 1234)
        #expect(length([("Content-Length", "12a")]) == nil)
        #expect(length([("Content-Length", "-1")]) == nil)
        #expect(length([("Content-Length", "99999999999999999999999")]) == Int.max)
        #expect(length([("Content-Length", "10"), ("Transfer-Encoding", "chunked")]) == nil)
        #expect(length([]) == nil)
    }

    @Test("limits have the documented defaults")
    func defaults() {
        let limits = DownloadLimits.default
        #expect(limits.maxBodySize == 50_000_000)
        #expect(limits.connectTimeout == .seconds(10))
        #expect(limits.timeout == .seconds(30))
        #expect(limits.maxRedirects == 5)
        #expect(limits.spoolThreshold == 4_000_000)
        #expect(
            limits.addressPolicy == AddressPolicy(allowsLoopback: false, allowsLinkLocal: false, allowsPrivate: true))
        #expect(limits.allowsDowngrade == false)
    }
}
