import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestHTTPServer
import Testing

@testable import ImageColorsServer

@Suite("Live: the same routes over a real socket")
struct LiveTests {
    @Test("Given a live server, when a URL is asked twice, then both answers match and the second is the 304")
    func colorsOverTheWire() async throws {
        try await TestHTTPServer.with(ServerSupport.sampleRoute()) { origin in
            let uri = "/v1/colors?url=\(ServerSupport.query(origin.url("/rocket.jpg").absoluteString))"
            try await ServerSupport.withApp(ServerSupport.configuration(), .live) { client in
                let first = try await client.execute(uri: uri, method: .get)
                #expect(first.status == .ok)
                let etag = try #require(first.headers[.eTag])
                let second = try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: etag])
                #expect(second.status == .notModified)
            }
        }
    }

    @Test("Given a header block over --max-header-size, then the request is refused, not answered")
    func headerTooLarge() async throws {
        let configuration = ServerSupport.configuration { $0.maxHeaderSize = 4096 }
        try await ServerSupport.withApp(configuration, .live) { client in
            let small = try await client.execute(uri: "/healthz", method: .get)
            #expect(small.status == .ok)
            let big: HTTPFields = [HTTPField.Name("X-Filler")!: String(repeating: "a", count: 8192)]
            do {
                let response = try await client.execute(uri: "/healthz", method: .get, headers: big)
                #expect(response.status.code >= 400)
            } catch {
                // The connection was closed instead: refused too.
            }
        }
    }
}
