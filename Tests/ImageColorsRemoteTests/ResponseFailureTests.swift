import Foundation
import ImageColors
import ImageColorsRemote
import TestHTTPServer
import Testing

/// Answers that are not what was asked for: each says what it was, not "cannot connect" or
/// "no known image format".
@Suite("Remote images: malformed answers")
struct ResponseFailureTests {
    @Test("a body compressed unasked (Content-Encoding: gzip) names the encoding")
    func gzipUnasked() async throws {
        // Given a server that gzips its body though no Accept-Encoding was sent
        let gzipped = Data([0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03]) + TestResponse.filler(200)
        let response = TestResponse(headers: [("Content-Encoding", "gzip")], body: gzipped)
        try await TestHTTPServer.with({ _ in response }) { server in
            let url = server.url("/a.png")
            // When it is analysed
            let error = try await #require(throws: RemoteLoadingError.self) {
                try await ImageColorAnalyzer().analyze(url: url, limits: Fixtures.limits)
            }
            // Then the error names the encoding
            #expect(error == .unexpectedContentEncoding(url, encoding: "gzip"))
            #expect(error.code == "unexpected-content-encoding")
            #expect(error.description.contains("Content-Encoding: gzip"))
        }
    }

    @Test("an image wrongly labelled Content-Encoding: gzip still analyses")
    func mislabelled() async throws {
        // Given a server that labels a plain PNG as gzip
        let response = TestResponse(headers: [("Content-Encoding", "gzip")], body: Fixtures.png)
        try await TestHTTPServer.with({ _ in response }) { server in
            // When it is analysed, Then the bytes decide
            let analysis = try await ImageColorAnalyzer().analyze(url: server.url("/a.png"), limits: Fixtures.limits)
            #expect(analysis.width > 0)
        }
    }

    @Test("a malformed response header is an invalid response, not a failure to connect")
    func malformedHeader() async throws {
        // Given a server whose header field name has a space in it
        let response = TestResponse(headers: [("Bad Header", "x")], body: Fixtures.png)
        try await TestHTTPServer.with({ _ in response }) { server in
            let url = server.url("/a.png")
            // When it is analysed
            let error = try await #require(throws: RemoteLoadingError.self) {
                try await ImageColorAnalyzer().analyze(url: url, limits: Fixtures.limits)
            }
            // Then it says the response was invalid
            #expect(error.code == "invalid-response")
            #expect(error.description.hasPrefix("invalid response from \(url.absoluteString): "))
        }
    }
}
