import Foundation
import ImageColors
import ImageColorsCache
import ImageColorsRemote
import TestSupport
import Testing

/// Files are keyed by path, size and modification time.
@Suite("Cache: files")
struct FileCacheTests {
    @Test("a file is analysed once, then reused until it changes")
    func reuseUntilChanged() async throws {
        let folder = try CacheFolder()
        let image = folder.path("cover.jpg")
        try CacheFixtures.jpeg.write(to: URL(fileURLWithPath: image))
        let cache = AnalysisCache(path: folder.path("c.sqlite"))
        let analyzer = ImageColorAnalyzer()
        let direct = try await analyzer.analyze(fileAt: image)
        // When it is analysed twice, then replaced by another image and analysed again
        let first = try await cache.analyze(fileAt: image, with: analyzer)
        let second = try await cache.analyze(fileAt: image, with: analyzer)
        try CacheFixtures.png.write(to: URL(fileURLWithPath: image))
        let changed = try await cache.analyze(fileAt: image, with: analyzer)
        // Then the second came from the cache, the changed file was analysed anew
        #expect(first.cacheStatus == .stored && second.cacheStatus == .fresh && changed.cacheStatus == .stored)
        #expect(second.analysis == first.analysis)
        #expect(first.analysis == direct.asStored)
        #expect(changed.analysis.format == .png)
    }

    @Test("a missing file fails as without a cache")
    func missing() async throws {
        let folder = try CacheFolder()
        let cache = AnalysisCache(path: folder.path("c.sqlite"))
        await #expect(throws: LoadingError.fileNotFound(path: folder.path("nope.jpg"))) {
            _ = try await cache.analyze(fileAt: folder.path("nope.jpg"), with: ImageColorAnalyzer())
        }
    }
}
