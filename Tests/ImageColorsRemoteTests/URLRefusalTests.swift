import Foundation
import ImageColors
import ImageColorsRemote
import TestHTTPServer
import Testing

/// URLs the loader must refuse before connecting: a port no socket has (NIO traps on one over
/// 65535, and a host name's wraps), and credentials, which no transport sends.
@Suite("Remote images: refused URLs")
struct URLRefusalTests {
    @Test(
        "a port outside 1-65535 is invalid-url, never a trap or another port",
        arguments: [
            "http://192.0.2.1:65536/x.png", "http://localhost:99999/x.png", "http://127.0.0.1:0/x.png",
            "http://[::1]:70000/x.png", "http://localhost:99999999999999999999999/x.png",
        ])
    func portOutOfRange(text: String) async throws {
        // Given a URL whose port no connection can have
        let url = try #require(URL(string: text))
        // When it is analysed (loopback allowed, so only the port can refuse it)
        let error = try await #require(throws: RemoteLoadingError.self) {
            try await ImageColorAnalyzer().analyze(url: url, limits: Fixtures.limits)
        }
        // Then it is refused as written, naming the port
        #expect(error.code == "invalid-url")
        guard case .refusedURL(_, .portOutOfRange) = error else {
            Issue.record("expected a port refusal, got \(error)")
            return
        }
        #expect(error.description.hasPrefix("port "))
    }

    @Test("a redirect to a port outside 1-65535 is invalid-url, and the target is not fetched")
    func redirectPort() async throws {
        // Given a server that redirects to an IP address's port 65536 and a host name's 99999
        for location in ["http://127.0.0.1:65536/x.png", "http://localhost:99999/x.png"] {
            try await TestHTTPServer.with({ _ in .redirect(to: location) }) { server in
                // When its URL is analysed
                let error = try await #require(throws: RemoteLoadingError.self) {
                    try await ImageColorAnalyzer().analyze(url: server.url("/a.png"), limits: Fixtures.limits)
                }
                // Then the redirect is refused with the URL's code, after the one request
                #expect(error.code == "invalid-url")
                #expect(server.requests == ["/a.png"])
            }
        }
    }

    @Test("a URL with credentials is refused without a request, and the message hides them")
    func credentials() async throws {
        // Given an image behind a URL that carries user:password@
        try await TestHTTPServer.with({ _ in .ok(Fixtures.png) }) { server in
            let plain = server.url("/image.png")
            let url = try #require(
                URL(string: plain.absoluteString.replacingOccurrences(of: "://", with: "://me:s3cr3t@")))
            // When it is analysed
            let error = try await #require(throws: RemoteLoadingError.self) {
                try await ImageColorAnalyzer().analyze(url: url, limits: Fixtures.limits)
            }
            // Then it is refused before any request, in words that name the host but not the secret
            #expect(error == .refusedURL(url, reason: .credentials))
            #expect(error.code == "invalid-url")
            #expect(error.description.contains(plain.absoluteString))
            #expect(!error.description.contains("s3cr3t"))
            #expect(server.requests.isEmpty)
        }
    }

    @Test("a redirect to a URL with credentials is refused")
    func redirectCredentials() async throws {
        // Given a server that redirects to itself with user:password@
        try await TestHTTPServer.with({ path in
            path == "/a.png" ? .redirect(to: "http://me:pw@127.0.0.1:1/b.png") : .ok(Fixtures.png)
        }) { server in
            // When it is analysed
            let error = try await #require(throws: RemoteLoadingError.self) {
                try await ImageColorAnalyzer().analyze(url: server.url("/a.png"), limits: Fixtures.limits)
            }
            // Then the target is refused as a URL
            #expect(error.code == "invalid-url")
        }
    }

    @Test("the default transport refuses a bad port itself, for callers that use it directly")
    func transportPort() async throws {
        // Given the default transport, used without a loader
        let transport = AsyncHTTPClientTransport(addressPolicy: .allowingLoopback)
        let url = try #require(URL(string: "http://127.0.0.1:65536/x.png"))
        // When a request to port 65536 is sent
        let error = await #expect(throws: RemoteLoadingError.self) {
            try await transport.send(HTTPTransportRequest(url: url)) { $0.status }
        }
        try await transport.shutdown()
        // Then it is refused, not handed to NIO
        #expect(error?.code == "invalid-url")
    }

    @Test("a status code no table knows (negative) still has a message")
    func negativeStatus() {
        // Given a custom transport's status of -1
        let error = RemoteLoadingError.httpStatus(URL(string: "http://example.com/a.png")!, status: -1)
        // When it is described, Then it says the number
        #expect(error.description == "HTTP -1 from http://example.com/a.png")
    }
}
