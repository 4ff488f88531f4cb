import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestHTTPServer
import TestSupport
import Testing

import struct TestHTTPServer.TestResponse

@testable import ImageColorsServer

@Suite("Caching: ETag, 304, Cache-Control after the origin, --cache")
struct CachingTests {
    @Test("Given a result, when asked again with its ETag in If-None-Match, then 304 without a body")
    func notModified() async throws {
        let png = try ServerSupport.sample("coffee.png")
        try await ServerSupport.withApp(ServerSupport.configuration()) { client in
            let first = try await client.execute(
                uri: "/v1/colors?quality=low", method: .post, body: ByteBuffer(bytes: png))
            let etag = try #require(first.headers[.eTag])
            #expect(etag.range(of: #"^"[0-9a-f]{32}"$"#, options: .regularExpression) != nil)
            let again = try await client.execute(
                uri: "/v1/colors?quality=low", method: .post, headers: [.ifNoneMatch: "\"other\", \(etag)"],
                body: ByteBuffer(bytes: png))
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
            #expect(again.headers[.eTag] == etag)
            // Other options, other bytes, another tag.
            let other = try await client.execute(
                uri: "/v1/colors?quality=lowest", method: .post, headers: [.ifNoneMatch: etag],
                body: ByteBuffer(bytes: png))
            #expect(other.status == .ok)
            #expect(other.headers[.eTag] != etag)
        }
    }

    @Test("Given origins with max-age and no-store, then Cache-Control follows them")
    func cacheControl() async throws {
        let routes: TestHTTPServer.Routes = { path in
            let headers =
                path.hasPrefix("/fresh") ? [("Cache-Control", "max-age=600")] : [("Cache-Control", "no-store")]
            var response = TestResponse.ok((try? ServerSupport.sample("coffee.png")) ?? Data())
            response.headers += headers
            return response
        }
        try await TestHTTPServer.with(routes) { origin in
            try await ServerSupport.withApp(ServerSupport.configuration()) { client in
                let asked = ContinuousClock.now
                let fresh = try await client.execute(
                    uri: "/v1/colors?url=\(ServerSupport.query(origin.url("/fresh.png").absoluteString))", method: .get)
                let took = Int((ContinuousClock.now - asked).components.seconds) + 1
                let control = try #require(fresh.headers[.cacheControl])
                // The origin's 600 s less the time the answer took, which a loaded machine makes
                // seconds (12 s once, in a full run): no less, and no more than the origin gave.
                let maxAge = try #require(control.firstMatch(of: /^public, max-age=(\d+)$/).flatMap { Int($0.1) })
                #expect((600 - took...600).contains(maxAge), "\(control), asked \(took) s before")
                let unstored = try await client.execute(
                    uri: "/v1/colors?url=\(ServerSupport.query(origin.url("/private.png").absoluteString))",
                    method: .get)
                #expect(unstored.headers[.cacheControl] == "no-store")
            }
        }
    }

    @Test("Given --cache, when a fresh URL is asked twice, then the second comes from the cache, unasked")
    func sharedCache() async throws {
        let scratch = try ScratchDirectory()
        try await TestHTTPServer.with(ServerSupport.sampleRoute(headers: [("Cache-Control", "max-age=600")])) {
            origin in
            let configuration = ServerSupport.configuration { $0.cachePath = scratch.path("cache.sqlite") }
            let uri = "/v1/colors?url=\(ServerSupport.query(origin.url("/coffee.png").absoluteString))"
            let (first, second) = try await ServerSupport.withApp(configuration) { client in
                let first = try await client.execute(uri: uri, method: .get)
                let second = try await client.execute(uri: uri, method: .get)
                return (first, second)
            }
            #expect(first.headers[.imageColorsCache] == "stored")
            #expect(second.headers[.imageColorsCache] == "fresh")
            #expect(first.headers[.eTag] == second.headers[.eTag])
            #expect(ServerSupport.text(first) == ServerSupport.text(second))
            #expect(origin.requestCount("/coffee.png") == 1)
        }
    }

    @Test(
        "Given --cache and a fresh result, when every slot is taken and none may wait, then it is answered, fresh"
    )
    func freshWhileBusy() async throws {
        let scratch = try ScratchDirectory()
        let routes: TestHTTPServer.Routes = { path in
            var response = TestResponse.ok((try? ServerSupport.sample("coffee.png")) ?? Data())
            response.headers += [("Cache-Control", "max-age=600")]
            // The slow image keeps the only slot for 6 s.
            if path.hasPrefix("/slow") { response.headDelay = .seconds(6) }
            return response
        }
        try await TestHTTPServer.with(routes) { origin in
            let configuration = ServerSupport.configuration {
                $0.cachePath = scratch.path("cache.sqlite")
                $0.jobs = 1
                $0.maxQueue = 0
            }
            let fresh = "/v1/colors?url=\(ServerSupport.query(origin.url("/fresh.png").absoluteString))"
            let slow = "/v1/colors?url=\(ServerSupport.query(origin.url("/slow.png").absoluteString))"
            try await ServerSupport.withApp(configuration) { client in
                let first = try await client.execute(uri: fresh, method: .get)
                #expect(first.headers[.imageColorsCache] == "stored")
                async let busy = client.execute(uri: slow, method: .get)
                #expect(await eventually(within: .seconds(30)) { origin.requestCount("/slow.png") == 1 })
                // Another analysis now would be 429 busy: the fresh result needs none.
                let other = "/v1/colors?url=\(ServerSupport.query(origin.url("/other.png").absoluteString))"
                #expect(try await client.execute(uri: other, method: .get).status == .tooManyRequests)
                let again = try await client.execute(uri: fresh, method: .get)
                #expect(again.status == .ok)
                #expect(again.headers[.imageColorsCache] == "fresh")
                #expect(ServerSupport.text(again) == ServerSupport.text(first))
                #expect(try await busy.status == .ok)
            }
            #expect(origin.requestCount("/fresh.png") == 1)
        }
    }

    @Test(
        "Given --cache and an origin saying no-cache, when asked again, then the origin answers 304: revalidated"
    )
    func revalidated() async throws {
        let scratch = try ScratchDirectory()
        let resource = ConditionalResource(body: try ServerSupport.sample("coffee.png"), cacheControl: "no-cache")
        try await TestHTTPServer.with(requests: { resource.respond(to: $0) }) { origin in
            let configuration = ServerSupport.configuration { $0.cachePath = scratch.path("cache.sqlite") }
            let uri = "/v1/colors?url=\(ServerSupport.query(origin.url("/coffee.png").absoluteString))"
            try await ServerSupport.withApp(configuration) { client in
                let first = try await client.execute(uri: uri, method: .get)
                let second = try await client.execute(uri: uri, method: .get)
                #expect(first.headers[.imageColorsCache] == "stored")
                #expect(second.headers[.imageColorsCache] == "revalidated")
                #expect(second.headers[.cacheControl] == "public, max-age=0")
                #expect(ServerSupport.text(first) == ServerSupport.text(second))
                let metrics = ServerSupport.text(try await client.execute(uri: "/metrics", method: .get))
                #expect(metrics.contains("imagecolors_cache_revalidations_total 1"), "\(metrics)")
            }
            #expect(origin.exchanges.map(\.status) == [200, 304])
        }
    }
}
