import Foundation
import GRDB
import ImageColors
import ImageColorsCache
import ImageColorsRemote
import TestHTTPServer
import Testing

/// What the cache file lets others read: its files are the owner's only, and a URL's token is
/// not stored in clear.
@Suite("Cache: privacy")
struct CachePrivacyTests {
    @Test("the database and its -wal and -shm files are created 0600")
    func permissions() async throws {
        // Given a new cache path
        let folder = try CacheFolder()
        let path = folder.path("c.sqlite")
        let cache = AnalysisCache(path: path)
        // When an entry is stored (and the cache still open, so -wal and -shm exist)
        let analysis = try await ImageColorAnalyzer().analyze(data: CacheFixtures.png).asStored
        await cache.store(
            CachedAnalysis(analysis: analysis, thumbnail: nil, policy: HTTPCachePolicy()),
            for: AnalysisStoreKey(source: "https://example.test/a.png", variant: "v"))
        #expect(await cache.count() == 1)
        // Then every file of it is readable and writable by its owner only
        for suffix in ["", "-wal", "-shm"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: path + suffix)
            let mode = try #require(attributes[.posixPermissions] as? NSNumber).intValue
            #expect(mode == 0o600, "\(suffix.isEmpty ? "database" : suffix): \(String(mode, radix: 8))")
        }
    }

    @Test("a URL's query (a token) is not stored in clear: the file holds its hash")
    func hashedSource() async throws {
        // Given a signed URL analysed through the cache
        let folder = try CacheFolder()
        let path = folder.path("c.sqlite")
        let resource = ConditionalResource(body: CacheFixtures.png, cacheControl: "max-age=3600")
        try await TestHTTPServer.with(requests: resource.respond) { server in
            let url = try #require(URL(string: server.url("/a.png").absoluteString + "?token=s3cr3t-t0ken"))
            let first = try await AnalysisCache(path: path).fetch(url)
            // When the file's bytes are read (database and WAL)
            var bytes = Data()
            for suffix in ["", "-wal"] {
                bytes += (try? Data(contentsOf: URL(fileURLWithPath: path + suffix))) ?? Data()
            }
            // Then the token appears nowhere, and the entry still answers the same URL
            #expect(bytes.range(of: Data("s3cr3t-t0ken".utf8)) == nil)
            #expect(first.cacheStatus == .stored)
            #expect(try await AnalysisCache(path: path).fetch(url).cacheStatus == .fresh)
        }
    }

    @Test("a cache made with the previous schema (URLs in clear) is rebuilt")
    func previousSchema() async throws {
        // Given a file of schema 1 holding a URL in clear
        let folder = try CacheFolder()
        let path = folder.path("c.sqlite")
        try await DatabaseQueue(path: path).write { db in
            try db.execute(sql: "CREATE TABLE entry (source TEXT, variant TEXT)")
            try db.execute(sql: "INSERT INTO entry VALUES ('https://example.test/a.png?token=old', 'v')")
            try db.execute(sql: "PRAGMA application_id = \(0x4943_4331)")
            try db.execute(sql: "PRAGMA user_version = 1")
        }
        // When it is used
        let warnings = Warnings()
        let cache = AnalysisCache(path: path, warningHandler: warnings.handler)
        // Then it is rebuilt, as an older version's file
        #expect(await cache.count() == 0)
        #expect(warnings.codes == ["cache-rebuilt"])
    }
}
