import Foundation
import ImageColors
import ImageColorsCache
import ImageColorsRemote
import Testing

/// Size and age bounds.
@Suite("Cache: eviction")
struct EvictionTests {
    static func entry() async throws -> CachedAnalysis {
        try await CachedAnalysis(
            analysis: ImageColorAnalyzer().analyze(data: CacheFixtures.png), thumbnail: nil,
            policy: HTTPCachePolicy(freshUntil: .distantFuture))
    }

    @Test("past the size bound the least recently used entries go first")
    func size() async throws {
        let folder = try CacheFolder()
        let entry = try await Self.entry()
        // Given room for about three entries
        let probe = AnalysisCache(path: folder.path("probe.sqlite"))
        await probe.store(entry, for: AnalysisStoreKey(source: "u0", variant: "v"))
        let one = await probe.totalSize()
        let cache = AnalysisCache(path: folder.path("c.sqlite"), limits: .init(maxSize: one * 3 + one / 2))
        // When four are stored, and the first is used before the fourth arrives
        for index in 0..<3 { await cache.store(entry, for: AnalysisStoreKey(source: "u\(index)", variant: "v")) }
        _ = await cache.entry(for: AnalysisStoreKey(source: "u0", variant: "v"))
        await cache.store(entry, for: AnalysisStoreKey(source: "u3", variant: "v"))
        // Then the least recently used (u1) went, and the total is within the bound
        #expect(await cache.entry(for: AnalysisStoreKey(source: "u1", variant: "v")) == nil)
        for kept in ["u0", "u2", "u3"] {
            #expect(await cache.entry(for: AnalysisStoreKey(source: kept, variant: "v")) != nil, "\(kept)")
        }
        #expect(await cache.totalSize() <= one * 3 + one / 2)
    }

    @Test("entries unused for longer than the age bound are removed")
    func age() async throws {
        let folder = try CacheFolder()
        let cache = AnalysisCache(path: folder.path("c.sqlite"), limits: .init(maxAge: .seconds(3600)))
        await cache.store(try await Self.entry(), for: AnalysisStoreKey(source: "u", variant: "v"))
        // When eviction runs as if 30 minutes, then two hours, had passed
        await cache.evict(now: Date().addingTimeInterval(1800))
        let afterHalfHour = await cache.count()
        await cache.evict(now: Date().addingTimeInterval(7200))
        // Then the entry outlived the first and not the second
        #expect(afterHalfHour == 1)
        #expect(await cache.count() == 0)
    }
}
