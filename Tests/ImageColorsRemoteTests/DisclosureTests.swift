import Foundation
import ImageColors
import ImageColorsRemote
import TestHTTPServer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What errors and results say about what sits behind a URL: what went wrong, never the
/// content, the server's own words or build paths.
@Suite("Remote images: no disclosure")
struct DisclosureTests {
    @Test(
        "a URL refused for its form shows no user info, query or fragment in the message",
        arguments: [
            ("http://user:s3cr3t@/x.png?token=t0k", "http:///x.png"),
            ("http:///x.png?token=t0k#frag", "http:///x.png"),
            ("http://u:p?s3cr3t@host/x?token=t0k", "http://host/x"),
            ("not a url?token=t0k", "not a url"),
        ])
    func invalidURLRedacted(text: String, shown: String) {
        // Given a URL that is not one the loader can use, with secrets in it
        // When its error is described
        let message = RemoteLoadingError.invalidURL(text).description
        // Then it names the URL without them
        #expect(message == "not an absolute http(s) URL: \(shown)")
        for secret in ["s3cr3t", "t0k", "frag", "user"] { #expect(!message.contains(secret)) }
    }

    @Test("a text body is reported as not an image, without its bytes")
    func secretText() async throws {
        // Given an internal server that answers with a token file
        let secret = Data("SECRET_TOKEN=hunter2\n".utf8)
        try await TestHTTPServer.with({ _ in .ok(secret, contentType: "text/plain") }) { server in
            // When it is analysed
            let error = try await #require(throws: ImageDecodingError.self) {
                try await ImageColorAnalyzer().analyze(url: server.url("/token"), limits: Fixtures.limits)
            }
            // Then the message says what was expected and that the bytes are not an image, and
            // quotes none of them
            #expect(error == .unsupportedFormat(seen: "text (not an image)"))
            #expect(
                error.description
                    == "unsupported format: expected a JPEG, PNG, WebP, GIF, HEIC or AVIF image, "
                    + "found text (not an image)")
            #expect(!error.description.contains("SECRET"))
        }
    }

    @Test("an https URL to a server that does not speak TLS fails in words, without BoringSSL's text")
    func tlsInWords() async throws {
        // Given a server that answers a TLS hello with plain HTTP, asked for over https
        let server = try PlainTextAnswerer()
        do {
            let url = try #require(URL(string: "https://127.0.0.1:\(server.port)/a.png"))
            // When it is analysed
            let error = try await #require(throws: RemoteLoadingError.self) {
                try await ImageColorAnalyzer().analyze(url: url, limits: Fixtures.limits)
            }
            // Then the handshake failure is said in words that name the host, and nothing else
            #expect(error.code == "connection-failed")
            #expect(error.description == "cannot connect to \(url.absoluteString): TLS handshake with 127.0.0.1 failed")
        }
        server.close()
    }

    @Test("the loader's source for a URL has no credentials, query or fragment")
    func redactedSource() async throws {
        try await TestHTTPServer.with({ _ in .ok(Fixtures.png, contentType: "image/png") }) { server in
            // Given a URL with a signature in its query and a fragment
            let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/coffee.png?X-Signature=abc123#top"))
            // When the loader analyses it
            let analysis = try await RemoteImageLoader.withLoader(limits: Fixtures.limits) {
                try await $0.analyze(url: url)
            }
            // Then `source` is the URL without them
            #expect(analysis.source == "http://127.0.0.1:\(server.port)/coffee.png")
        }
    }

    @Test("a batch wider than the per-host pool queues instead of failing")
    func wideBatch() async throws {
        try await TestHTTPServer.with({ _ in .drip(Fixtures.png, chunkSize: 20_000, interval: .milliseconds(2)) }) {
            server in
            // Given 60 URLs on one healthy host, all in flight at once
            let urls = (0..<60).map { server.url("/\($0).png") }
            // When they are analysed 60 at a time
            let results = try await RemoteImageLoader.withLoader(limits: Fixtures.limits) {
                await $0.analyze(urls: urls, maxConcurrentDownloads: 60)
            }
            // Then every one succeeds, and the host never had more than the pool's connections at once
            #expect(results.compactMap(\.error).map(\.description) == [])
            #expect(server.peakConcurrentResponses <= AsyncHTTPClientTransport.defaultMaxConnectionsPerHost)
        }
    }
}

/// A socket on 127.0.0.1 that answers every connection with a plain-text HTTP 400 and closes
/// it: what a TLS client gets from a server that does not speak TLS.
private final class PlainTextAnswerer: @unchecked Sendable {
    let port: Int
    private let descriptor: Int32

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard listener >= 0, bound, listen(listener, 8) == 0 else { throw CocoaError(.fileWriteUnknown) }
        descriptor = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread {
            while true {
                let connection = accept(listener, nil, nil)
                if connection < 0 { return }
                var buffer = [UInt8](repeating: 0, count: 4096)
                _ = read(connection, &buffer, buffer.count)
                let answer = Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".utf8)
                _ = write(connection, answer, answer.count)
                Glibc.close(connection)
            }
        }
    }

    func close() {
        shutdown(descriptor, Int32(SHUT_RDWR))
        Glibc.close(descriptor)
    }
}
