import Foundation
import ImageColors
import ImageColorsCache
import ImageColorsRemote
import TestHTTPServer
import Testing

/// The cache with a real server on 127.0.0.1 that sends validators and answers conditional
/// requests: what each run costs in requests.
@Suite("Cache: HTTP revalidation")
struct RevalidationTests {
    @Test("first run downloads and stores; a fresh entry needs no request at all")
    func freshEntry() async throws {
        // Given an image that the server says stays fresh for an hour
        let folder = try CacheFolder()
        let resource = ConditionalResource(body: CacheFixtures.jpeg, cacheControl: "max-age=3600")
        try await TestHTTPServer.with(requests: resource.respond) { server in
            let url = server.url("/rocket.jpg")
            let cache = AnalysisCache(path: folder.path("cache.sqlite"))
            // When it is analysed twice through the cache
            let first = try await cache.fetch(url)
            let second = try await cache.fetch(url)
            // Then the first was downloaded and stored, the second came from the cache without a request
            #expect(first.cacheStatus == .stored)
            #expect(second.cacheStatus == .fresh)
            #expect(server.requestCount("/rocket.jpg") == 1)
            #expect(second.analysis == first.analysis)
            #expect(second.analysis.source == url.absoluteString)
        }
    }

    @Test(
        "a stale, unchanged image is revalidated: one conditional request, a 304, the stored result",
        arguments: ["no-cache", "max-age=0", "no-cache, max-age=3600"])
    func staleUnchanged(cacheControl: String) async throws {
        // Given an image that must be revalidated (no-cache, max-age=0) and sends ETag and Last-Modified
        let folder = try CacheFolder()
        let resource = ConditionalResource(body: CacheFixtures.jpeg, cacheControl: cacheControl)
        try await TestHTTPServer.with(requests: resource.respond) { server in
            let url = server.url("/rocket.jpg")
            let cache = AnalysisCache(path: folder.path("cache.sqlite"))
            let first = try await cache.fetch(url)
            // When it is asked for again
            let second = try await cache.fetch(url)
            // Then the second request was conditional and answered 304, and the stored result came back
            #expect(second.cacheStatus == .revalidated)
            #expect(second.analysis == first.analysis)
            let exchanges = server.exchanges
            try #require(exchanges.map(\.status) == [200, 304])
            #expect(exchanges[1].request.header("If-None-Match") == "\"v1\"")
            #expect(exchanges[1].request.header("If-Modified-Since") != nil)
            #expect(server.bytesSent("/rocket.jpg") == CacheFixtures.jpeg.count)
        }
    }

    @Test("without max-age or Expires, an image with Last-Modified stays fresh a tenth of its age, at most a day")
    func heuristicFreshness() async throws {
        // Given an image last modified in 2023 and served without a lifetime
        let folder = try CacheFolder()
        let resource = ConditionalResource(body: CacheFixtures.jpeg, cacheControl: nil)
        try await TestHTTPServer.with(requests: resource.respond) { server in
            let url = server.url("/rocket.jpg")
            let cache = AnalysisCache(path: folder.path("cache.sqlite"))
            _ = try await cache.fetch(url)
            let second = try await cache.fetch(url)
            // Then the entry is fresh (for a day), and the stored policy says until when
            #expect(second.cacheStatus == .fresh)
            #expect(server.requests.count == 1)
            let key = AnalysisStoreKey(
                url: url, analyzer: ImageColorAnalyzer(), thumbnail: nil, limits: CacheFixtures.limits)
            let freshUntil = try #require(await cache.entry(for: key)?.policy.freshUntil)
            #expect(abs(freshUntil.timeIntervalSinceNow - 86_400) < 600)
        }
    }

    @Test("a changed image is downloaded and analysed again, and replaces the entry")
    func changed() async throws {
        // Given a stored entry for an image that must be revalidated
        let folder = try CacheFolder()
        let resource = ConditionalResource(body: CacheFixtures.jpeg, cacheControl: "no-cache")
        try await TestHTTPServer.with(requests: resource.respond) { server in
            let url = server.url("/cover")
            let cache = AnalysisCache(path: folder.path("cache.sqlite"))
            let before = try await cache.fetch(url)
            // When the server's image changes and it is asked for again (twice)
            resource.replace(with: CacheFixtures.png)
            let after = try await cache.fetch(url)
            let again = try await cache.fetch(url)
            // Then the new image was analysed and replaced the entry, which the next run revalidates
            #expect(before.analysis.format == .jpeg)
            #expect(after.cacheStatus == .replaced)
            #expect(after.analysis.format == .png && after.analysis.background != before.analysis.background)
            #expect(again.cacheStatus == .revalidated && again.analysis == after.analysis)
            #expect(server.exchanges.map(\.status) == [200, 200, 304])
            let revalidations = server.exchanges.dropFirst().filter(\.isConditional).count
            #expect(revalidations == 2)
            #expect(await cache.count() == 1)
        }
    }

    @Test("only the validators the server gave are sent back", arguments: [(true, false), (false, true)])
    func oneValidator(etag: Bool, lastModified: Bool) async throws {
        // Given a server that sends only an ETag, or only a Last-Modified
        let folder = try CacheFolder()
        let resource = ConditionalResource(
            body: CacheFixtures.jpeg, cacheControl: "no-cache", etag: etag, lastModified: lastModified)
        try await TestHTTPServer.with(requests: resource.respond) { server in
            let url = server.url("/rocket.jpg")
            let cache = AnalysisCache(path: folder.path("cache.sqlite"))
            // When the URL is asked for twice
            for _ in 0..<2 {
                _ = try await cache.fetch(url)
            }
            // Then the second request carried that one validator and got a 304
            let second = try #require(server.exchanges.last)
            #expect((second.request.header("If-None-Match") != nil) == etag)
            #expect((second.request.header("If-Modified-Since") != nil) == lastModified)
            #expect(second.status == 304)
        }
    }

    @Test("no-store: nothing is kept, and every run downloads")
    func noStore() async throws {
        let folder = try CacheFolder()
        let resource = ConditionalResource(body: CacheFixtures.jpeg, cacheControl: "no-store")
        try await TestHTTPServer.with(requests: resource.respond) { server in
            let url = server.url("/rocket.jpg")
            let cache = AnalysisCache(path: folder.path("cache.sqlite"))
            // When the URL is analysed twice
            let first = try await cache.fetch(url)
            let second = try await cache.fetch(url)
            // Then both downloaded unconditionally and nothing was stored
            #expect(first.cacheStatus == .notCached && second.cacheStatus == .notCached)
            #expect(server.exchanges.map(\.status) == [200, 200])
            let conditional = server.exchanges.filter(\.isConditional).count
            #expect(conditional == 0)
            #expect(await cache.count() == 0)
        }
    }

    @Test("the thumbnail is kept with the result and comes back from a fresh entry and after a 304")
    func thumbnails() async throws {
        let folder = try CacheFolder()
        let resource = ConditionalResource(body: CacheFixtures.png, cacheControl: "max-age=3600")
        try await TestHTTPServer.with(requests: resource.respond) { server in
            let url = server.url("/coffee.png")
            let cache = AnalysisCache(path: folder.path("cache.sqlite"))
            let request = ThumbnailRequest(longSide: 64, format: .png)
            // When a thumbnail is asked for, then asked for again (fresh), then after the entry went stale
            let made = try await cache.fetch(url, thumbnail: request)
            let fresh = try await cache.fetch(url, thumbnail: request)
            resource.setCacheControl("no-cache")
            // A request without a thumbnail is another entry: downloaded (now with no-cache) and stored.
            let plain = try await cache.fetch(url)
            // Then the thumbnail's bytes come back as made
            let thumbnail = try #require(made.thumbnail)
            #expect(thumbnail.width == 64 && thumbnail.format == .png)
            #expect(fresh.cacheStatus == .fresh && fresh.thumbnail == thumbnail)
            #expect(plain.cacheStatus == .stored && plain.thumbnail == nil)
            #expect(server.requestCount("/coffee.png") == 2)
            #expect(await cache.count() == 2)
        }
    }

    @Test("other analysis options are another entry")
    func variants() async throws {
        let folder = try CacheFolder()
        let resource = ConditionalResource(body: CacheFixtures.jpeg, cacheControl: "max-age=3600")
        try await TestHTTPServer.with(requests: resource.respond) { server in
            let url = server.url("/rocket.jpg")
            let cache = AnalysisCache(path: folder.path("cache.sqlite"))
            // When the URL is analysed at two qualities, then at the first again
            let high = try await cache.fetch(url)
            let low = try await cache.fetch(url, analyzer: ImageColorAnalyzer(options: .init(quality: .low)))
            let highAgain = try await cache.fetch(url)
            // Then each quality has its own entry, with its own analysed size
            #expect(high.cacheStatus == .stored && low.cacheStatus == .stored && highAgain.cacheStatus == .fresh)
            #expect(low.analysis.analyzed.width == 100 && high.analysis.analyzed.width == 250)
            #expect(server.requestCount("/rocket.jpg") == 2)
        }
    }

    @Test("a batch through the cache: first run downloads all, the second none")
    func batch() async throws {
        let folder = try CacheFolder()
        let jpeg = ConditionalResource(body: CacheFixtures.jpeg, cacheControl: "max-age=600")
        let png = ConditionalResource(body: CacheFixtures.png, cacheControl: "max-age=600")
        try await TestHTTPServer.with(requests: {
            $0.path.hasSuffix(".png") ? png.respond(to: $0) : jpeg.respond(to: $0)
        }) { server in
            let urls = (0..<6).map { server.url("/\($0).\($0 % 2 == 0 ? "jpg" : "png")") }
            let cache = AnalysisCache(path: folder.path("cache.sqlite"))
            // When the batch runs twice
            let first = try await RemoteImageLoader.withCachingLoader(cache) { await $0.analyze(urls: urls) }
            let second = try await RemoteImageLoader.withCachingLoader(cache) { await $0.analyze(urls: urls) }
            // Then the second came entirely from the cache, each URL with its own result
            #expect(first.compactMap(\.image?.cacheStatus) == Array(repeating: .stored, count: 6))
            #expect(second.compactMap(\.image?.cacheStatus) == Array(repeating: .fresh, count: 6))
            #expect(server.requests.count == 6)
            for (outcome, before) in zip(second, first) {
                #expect(outcome.image?.analysis.source == outcome.url.absoluteString)
                #expect(outcome.image?.analysis == before.image?.analysis)
            }
        }
    }
}
