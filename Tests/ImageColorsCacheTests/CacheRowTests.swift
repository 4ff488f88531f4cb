import Foundation
import GRDB
import ImageColors
import ImageColorsCache
import ImageColorsRemote
import TestHTTPServer
import TestSupport
import Testing

/// Rows another writer left (another version, the public API, a hand edit): a row that lacks
/// what the request needs is a miss, and no column's value can crash a reader.
@Suite("Cache: rows from other writers")
struct CacheRowTests {
    static let thumbnail = ThumbnailRequest(longSide: 64)

    /// Empties the thumbnail columns of every row, as `sqlite3 c.sqlite "update entry …"` would.
    static func dropThumbnails(_ path: String) async throws {
        try await DatabaseQueue(path: path).write { db in
            try db.execute(sql: "UPDATE entry SET thumbnail = NULL, thumbnail_format = NULL")
        }
    }

    /// A JPEG file in `folder`, analysed with ``thumbnail`` through a cache there: its path and the cache's.
    static func storedFile(in folder: borrowing CacheFolder) async throws -> (image: String, cache: String) {
        let image = folder.path("rocket.jpg")
        try CacheFixtures.jpeg.write(to: URL(fileURLWithPath: image))
        let path = folder.path("c.sqlite")
        _ = try await AnalysisCache(path: path).analyze(
            fileAt: image, with: ImageColorAnalyzer(), thumbnail: Self.thumbnail)
        return (image, path)
    }

    @Test("a file's row without a thumbnail is a miss when a thumbnail is asked for")
    func fileRowWithoutThumbnail() async throws {
        // Given a file analysed with a thumbnail through the cache, then its row's thumbnail removed
        let folder = try CacheFolder()
        let (image, path) = try await Self.storedFile(in: folder)
        try await Self.dropThumbnails(path)
        // When it is analysed again with a thumbnail
        let again = try await AnalysisCache(path: path).analyze(
            fileAt: image, with: ImageColorAnalyzer(), thumbnail: Self.thumbnail)
        // Then the row was not used: the image was analysed again, with its thumbnail
        #expect(again.cacheStatus == .stored)
        #expect(again.thumbnail?.format == .jpeg)
    }

    @Test("a URL's row without a thumbnail is a miss when a thumbnail is asked for")
    func urlRowWithoutThumbnail() async throws {
        // Given an image fresh for an hour, fetched with a thumbnail, then its row's thumbnail removed
        let folder = try CacheFolder()
        let path = folder.path("c.sqlite")
        let resource = ConditionalResource(body: CacheFixtures.jpeg, cacheControl: "max-age=3600")
        try await TestHTTPServer.with(requests: resource.respond) { server in
            let url = server.url("/rocket.jpg")
            _ = try await AnalysisCache(path: path).fetch(url, thumbnail: Self.thumbnail)
            try await Self.dropThumbnails(path)
            // When it is fetched again with a thumbnail
            let again = try await AnalysisCache(path: path).fetch(url, thumbnail: Self.thumbnail)
            // Then it was downloaded again and comes with its thumbnail
            #expect(again.thumbnail != nil)
            #expect(again.cacheStatus != .fresh)
            #expect(server.requestCount("/rocket.jpg") == 2)
        }
    }

    @Test(
        "no value in any column crashes a reader, and the cache still works after",
        arguments: [
            "thumbnail_width = 'wide', thumbnail_height = 1e300",
            "thumbnail_width = -5, thumbnail_height = 0",
            "thumbnail_format = 'tiff'",
            "thumbnail_format = NULL",
            "fresh_until = 'soon', etag = 42, last_modified = x'00ff'",
            "fresh_until = 9e999",
            "analysis = 'not json'",
            "analysis = NULL",
            "size = 'big'",
            "size = 9223372036854775807",
            "size = -9223372036854775808, accessed_at = 'yesterday'",
        ])
    func oddColumns(assignment: String) async throws {
        // Given a row with a thumbnail, then one or more columns set to what no version writes
        let folder = try CacheFolder()
        let (image, path) = try await Self.storedFile(in: folder)
        try await DatabaseQueue(path: path).write { db in
            // The schema says NOT NULL; another writer's table need not.
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try? db.execute(sql: "UPDATE entry SET \(assignment)")
        }
        // When the file is read, stored into and evicted (a small size limit)
        let cache = AnalysisCache(path: path, limits: .init(maxSize: 1))
        let again = try await cache.analyze(fileAt: image, with: ImageColorAnalyzer(), thumbnail: Self.thumbnail)
        await cache.evict()
        // Then it answered (from the row or by analysing again), with a usable thumbnail
        let thumbnail = try #require(again.thumbnail)
        #expect(thumbnail.width > 0 && thumbnail.height > 0 && thumbnail.format == .jpeg)
    }
}
