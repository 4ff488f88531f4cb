import Foundation
import ImageColorsCache
import ImageColorsRemote
import Testing

/// ``AnalysisCache/close()``: what a server does as it stops.
@Suite("Cache: closing")
struct CacheCloseTests {
    @Test("Given a cache with an entry, when it is closed, then its WAL file is gone and the entry is in the file")
    func closeCheckpoints() async throws {
        // Given
        let folder = try CacheFolder()
        let path = folder.path("c.sqlite")
        let cache = AnalysisCache(path: path)
        await cache.store(try await CacheFileTests.entry(), for: CacheFileTests.key)
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        // When
        await cache.close()
        // Then: the last connection's close checkpoints the WAL into the file and removes it.
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
        #expect(await AnalysisCache(path: path).count() == 1)
    }

    @Test("Given a closed cache, when it is used again, then it opens the file again and answers")
    func reopensAfterClose() async throws {
        // Given
        let folder = try CacheFolder()
        let cache = AnalysisCache(path: folder.path("c.sqlite"))
        let entry = try await CacheFileTests.entry()
        await cache.store(entry, for: CacheFileTests.key)
        await cache.close()
        // When
        let found = await cache.entry(for: CacheFileTests.key)
        // Then
        #expect(found == entry)
    }
}
