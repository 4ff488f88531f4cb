import Foundation
import GRDB
import ImageColors
import ImageColorsCache
import ImageColorsRemote
import Testing

/// The cache file itself: damaged, foreign, old, new, locked, shared. Never fatal.
@Suite("Cache: the file")
struct CacheFileTests {
    static let key = AnalysisStoreKey(source: "https://example.test/a.jpg", variant: "v")

    /// An entry to store.
    static func entry() async throws -> CachedAnalysis {
        let analysis = try await ImageColorAnalyzer().analyze(data: CacheFixtures.jpeg).asStored
        return CachedAnalysis(
            analysis: analysis, thumbnail: nil, policy: HTTPCachePolicy(etag: "\"1\"", freshUntil: .distantFuture))
    }

    @Test("entries survive the cache object: a second instance on the file (another process) reads them")
    func persistence() async throws {
        let folder = try CacheFolder()
        let entry = try await Self.entry()
        await AnalysisCache(path: folder.path("c.sqlite")).store(entry, for: Self.key)
        // When another instance opens the file
        let reopened = AnalysisCache(path: folder.path("c.sqlite"))
        // Then the entry is there, as stored, and the file is in WAL mode
        #expect(await reopened.entry(for: Self.key) == entry)
        let mode = try await DatabaseQueue(path: folder.path("c.sqlite")).read {
            try String.fetchOne($0, sql: "PRAGMA journal_mode")
        }
        #expect(mode == "wal")
    }

    @Test("a damaged file (SQLite header, garbage after it) is rebuilt with a warning, and works")
    func damaged() async throws {
        let folder = try CacheFolder()
        let path = folder.path("c.sqlite")
        // Given a cache file whose pages were overwritten
        await AnalysisCache(path: path).store(try await Self.entry(), for: Self.key)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes.replaceSubrange(100..<bytes.count, with: Data(repeating: 0xA5, count: bytes.count - 100))
        try bytes.write(to: URL(fileURLWithPath: path))
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        // When a cache uses it
        let warnings = Warnings()
        let cache = AnalysisCache(path: path, warningHandler: warnings.handler)
        let missed = await cache.entry(for: Self.key)
        await cache.store(try await Self.entry(), for: Self.key)
        // Then it was rebuilt empty, said so, and stores again
        #expect(missed == nil)
        #expect(warnings.codes == ["cache-rebuilt"])
        #expect(warnings.all.first?.description.contains("damaged") == true)
        #expect(await cache.count() == 1)
    }

    @Test("a file that is not a SQLite database is left alone and the cache bypassed, with a warning")
    func notADatabase() async throws {
        let folder = try CacheFolder()
        let path = folder.path("notes.txt")
        let text = Data("my notes, not a cache\n".utf8)
        try text.write(to: URL(fileURLWithPath: path))
        let warnings = Warnings()
        let cache = AnalysisCache(path: path, warningHandler: warnings.handler)
        // When it is used as a cache
        await cache.store(try await Self.entry(), for: Self.key)
        let found = await cache.entry(for: Self.key)
        // Then nothing is kept, the file is untouched, and one warning says why
        #expect(found == nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == text)
        #expect(warnings.codes == ["cache-bypassed"])
        #expect(
            warnings.all.first?.description
                == "cache \(path): not a SQLite database; remove it or choose another path; working without the cache")
    }

    @Test("another program's SQLite database is left alone", arguments: [0, 0x1234])
    func foreign(applicationID: Int) async throws {
        let folder = try CacheFolder()
        let path = folder.path("app.sqlite")
        try await DatabaseQueue(path: path).write { db in
            try db.execute(sql: "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('keep me')")
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
        }
        let warnings = Warnings()
        let cache = AnalysisCache(path: path, warningHandler: warnings.handler)
        await cache.store(try await Self.entry(), for: Self.key)
        // Then its table is as it was, not switched to WAL, and the cache was bypassed
        let queue = try DatabaseQueue(path: path)
        #expect(try await queue.read { try String.fetchOne($0, sql: "SELECT text FROM notes") } == "keep me")
        #expect(try await queue.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } != "wal")
        #expect(warnings.codes == ["cache-bypassed"])
    }

    @Test(
        "another program's damaged SQLite database is left alone, not rebuilt (its id read from the raw header)",
        arguments: [0, 0x1234])
    func foreignDamaged(applicationID: Int) async throws {
        // Given another program's database (no id, or its own) whose pages after the header are damaged
        let folder = try CacheFolder()
        let path = folder.path("app.sqlite")
        try await DatabaseQueue(path: path).write { db in
            try db.execute(sql: "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('keep me')")
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
        }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes.replaceSubrange(100..<bytes.count, with: Data(repeating: 0xA5, count: bytes.count - 100))
        try bytes.write(to: URL(fileURLWithPath: path))
        // When it is given as a cache
        let warnings = Warnings()
        let cache = AnalysisCache(path: path, warningHandler: warnings.handler)
        await cache.store(try await Self.entry(), for: Self.key)
        // Then its bytes are as they were, and the cache was bypassed, not rebuilt
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(warnings.codes == ["cache-bypassed"])
    }

    @Test("a file from an older schema is rebuilt; one from a newer schema is left alone")
    func schemaVersions() async throws {
        let folder = try CacheFolder()
        for (name, version, expected) in [("old", 0, "cache-rebuilt"), ("new", 99, "cache-bypassed")] {
            let path = folder.path("\(name).sqlite")
            try await DatabaseQueue(path: path).write { db in
                try db.execute(sql: "CREATE TABLE entry (source TEXT, old_layout BLOB)")
                try db.execute(sql: "PRAGMA application_id = \(0x4943_4331)")
                try db.execute(sql: "PRAGMA user_version = \(version)")
            }
            let warnings = Warnings()
            let cache = AnalysisCache(path: path, warningHandler: warnings.handler)
            await cache.store(try await Self.entry(), for: Self.key)
            #expect(warnings.codes == [expected], "schema \(version)")
            #expect(await cache.count() == (version == 0 ? 1 : 0), "schema \(version)")
        }
    }

    @Test("a file another process holds locked: the operation goes without the cache, with a warning")
    func locked() async throws {
        let folder = try CacheFolder()
        let path = folder.path("c.sqlite")
        await AnalysisCache(path: path).store(try await Self.entry(), for: Self.key)
        // Given another connection that holds the write lock
        var unsafe = Configuration()
        unsafe.allowsUnsafeTransactions = true
        let holder = try DatabaseQueue(path: path, configuration: unsafe)
        try await holder.writeWithoutTransaction { try $0.execute(sql: "BEGIN IMMEDIATE") }
        let warnings = Warnings()
        let cache = AnalysisCache(
            path: path, limits: .init(busyTimeout: .milliseconds(200)), warningHandler: warnings.handler)
        // When the cache is used meanwhile
        let started = ContinuousClock.now
        let found = await cache.entry(for: Self.key)
        // Then it gave up after its timeout, said so, and answered as if empty
        #expect(found == nil)
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(warnings.codes == ["cache-skipped"])
        // And once the lock is gone it works again
        try await holder.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") }
        #expect(await cache.entry(for: Self.key) != nil)
    }

    @Test("a folder that does not exist: bypassed with a warning, not fatal")
    func missingFolder() async throws {
        let warnings = Warnings()
        let cache = AnalysisCache(path: "/nonexistent-imagecolors/c.sqlite", warningHandler: warnings.handler)
        await cache.store(try await Self.entry(), for: Self.key)
        #expect(await cache.entry(for: Self.key) == nil)
        #expect(warnings.codes == ["cache-bypassed"])
    }

    @Test("concurrent writers in one process all land")
    func concurrentWriters() async throws {
        let folder = try CacheFolder()
        let cache = AnalysisCache(path: folder.path("c.sqlite"))
        let entry = try await Self.entry()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<16 {
                group.addTask { await cache.store(entry, for: AnalysisStoreKey(source: "u\(index)", variant: "v")) }
            }
        }
        #expect(await cache.count() == 16)
    }
}
