import Foundation
import ImageColors
import ImageColorsCache
import ImageColorsRemote
import TestHTTPServer
import Testing

/// A cached result never answers a loader whose address policy or download limits would have
/// refused the download: one cache may serve callers with different limits (a server's tenants).
@Suite("Cache: address policy and limits")
struct CachePolicyTests {
    /// Analyses `url` through a new loader with `limits` and `cache`, as a new run would.
    static func fetch(_ url: URL, cache: AnalysisCache, limits: DownloadLimits) async throws -> AnalyzedImage {
        try await RemoteImageLoader.withLoader(limits: limits, cache: cache) {
            try await $0.analyze(url: url, thumbnail: nil)
        }
    }

    /// Runs `body` with a loopback image (fresh for an hour) that a loader with the fixtures'
    /// limits (loopback allowed, 50 MB) has already stored in `cache`.
    static func withStoredImage(
        _ body: (_ url: URL, _ cache: AnalysisCache, _ server: TestHTTPServer) async throws -> Void
    ) async throws {
        let folder = try CacheFolder()
        let cache = AnalysisCache(path: folder.path("c.sqlite"))
        let resource = ConditionalResource(body: CacheFixtures.png, cacheControl: "max-age=3600")
        try await TestHTTPServer.with(requests: resource.respond) { server in
            let url = server.url("/a.png")
            _ = try await Self.fetch(url, cache: cache, limits: CacheFixtures.limits)
            try await body(url, cache, server)
        }
    }

    @Test("a result stored with loopback allowed is refused to a loader that refuses loopback")
    func loopbackRefused() async throws {
        // Given a loopback image stored by a loader that allows loopback
        try await Self.withStoredImage { url, cache, server in
            // When a loader with the default policy asks for it
            var strict = CacheFixtures.limits
            strict.addressPolicy = .default
            let error = try await #require(throws: RemoteLoadingError.self) {
                try await Self.fetch(url, cache: cache, limits: strict)
            }
            // Then the policy refuses it, and the cache did not answer
            #expect(error.code == "address-not-allowed")
            #expect(server.requestCount("/a.png") == 1)
        }
    }

    @Test("a result stored under a larger download limit is not served under a smaller one")
    func smallerBodyLimit() async throws {
        // Given an image stored by a loader with the default 50 MB limit
        try await Self.withStoredImage { url, cache, server in
            // When a loader whose limit is under the image's size asks for it
            var small = CacheFixtures.limits
            small.maxBodySize = 1000
            let error = try await #require(throws: RemoteLoadingError.self) {
                try await Self.fetch(url, cache: cache, limits: small)
            }
            // Then it downloads and hits its own limit
            #expect(error.code == "body-too-large")
            #expect(server.requestCount("/a.png") == 2)
        }
    }

    @Test("each policy keeps its own entry: blocking private addresses is a miss for an entry made without")
    func policyInKey() async throws {
        // Given an image stored by a loader that allows private addresses
        try await Self.withStoredImage { url, cache, server in
            // When one that blocks them (loopback still allowed) asks twice
            var blocking = CacheFixtures.limits
            blocking.addressPolicy.allowsPrivate = false
            let first = try await Self.fetch(url, cache: cache, limits: blocking)
            let second = try await Self.fetch(url, cache: cache, limits: blocking)
            // Then its first ask downloads, and its second is served from its own entry
            #expect(first.cacheStatus == .stored)
            #expect(second.cacheStatus == .fresh)
            #expect(server.requestCount("/a.png") == 2)
        }
    }
}
