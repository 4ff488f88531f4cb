import Foundation
import GRDB
import ImageColors
import ImageColorsRemote
import Synchronization

/// Analyses kept in a SQLite file between runs, so that an entry rebuilt every 15 minutes
/// neither downloads nor decodes an image that has not changed.
///
/// Hand it to a `RemoteImageLoader`: a URL whose entry is fresh (`Cache-Control: max-age`,
/// `Expires`) is answered with no request at all; a stale one is revalidated with
/// `If-None-Match` / `If-Modified-Since`, and a `304` reuses the stored result and thumbnail
/// without decoding; a changed image replaces the entry. Files are cached too
/// (``analyze(fileAt:with:thumbnail:)``), keyed by path, size and modification time.
///
/// ```swift
/// let cache = AnalysisCache(path: cachesDirectory + "/imagecolors.sqlite")
/// let loader = RemoteImageLoader(analyzer: analyzer, cache: cache)
/// let image = try await loader.analyze(url: entryImageURL, thumbnail: ThumbnailRequest())
/// print(image.cacheStatus)   // stored, fresh, revalidated or replaced
/// ```
///
/// The file is a SQLite database in WAL mode: several processes (a widget and its app, two
/// CLI runs) may share it, each waiting up to ``Limits/busyTimeout`` for the other. Entries are
/// bounded in size and age (``Limits``); the least recently used go first. The cache never
/// fails an analysis: a file that is damaged or from an older version is rebuilt, one that is
/// not its own, newer or locked is left alone and the cache is bypassed, and each time
/// ``AnalysisCacheWarning`` tells the warning handler why.
public final class AnalysisCache: AnalysisStore, Sendable {
    /// The SQLite file.
    public let path: String
    /// Size, age and waiting bounds.
    public let limits: Limits
    let warn: @Sendable (AnalysisCacheWarning) -> Void
    /// The open database, or why there is none.
    let connection = Mutex(Connection.unopened)

    /// Creates a cache in the file at `path`, made on first use (its folder must exist).
    /// - Parameters:
    ///   - path: The SQLite file; `-wal` and `-shm` files appear beside it.
    ///   - limits: Default ``Limits/default``: 100 MB, 30 days, 5 s.
    ///   - warningHandler: Called when the cache could not be used as asked (see
    ///     ``AnalysisCacheWarning``), from whatever thread noticed; default: ignore.
    public init(
        path: String, limits: Limits = .default,
        warningHandler: @escaping @Sendable (AnalysisCacheWarning) -> Void = { _ in }
    ) {
        self.path = path
        self.limits = limits
        warn = warningHandler
    }

    // MARK: AnalysisStore

    /// The entry for `key`, marked as used now; `nil` when there is none or the cache cannot
    /// be read (a warning says why).
    /// - Parameter key: The URL (or file) and the analysis variant.
    public func entry(for key: AnalysisStoreKey) async -> CachedAnalysis? {
        let now = Date().timeIntervalSince1970
        let source = CacheRow.source(of: key)
        return await perform("read an entry") { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT * FROM entry WHERE source = ? AND variant = ?",
                    arguments: [source, key.variant])
            else { return nil }
            guard let entry = CacheRow.entry(from: row) else {
                // Written by a build whose results no longer decode: as good as absent.
                try db.execute(
                    sql: "DELETE FROM entry WHERE source = ? AND variant = ?", arguments: [source, key.variant])
                return nil
            }
            try db.execute(
                sql: "UPDATE entry SET accessed_at = ? WHERE source = ? AND variant = ?",
                arguments: [now, source, key.variant])
            return entry
        } ?? nil
    }

    /// Keeps `entry` for `key`, then removes what is past the size and age limits.
    /// - Parameters:
    ///   - entry: The analysis and its validators.
    ///   - key: The URL (or file) and the analysis variant.
    public func store(_ entry: CachedAnalysis, for key: AnalysisStoreKey) async {
        guard let arguments = CacheRow.arguments(for: entry, key: key, now: Date()) else { return }
        let limits = self.limits
        _ = await perform("store an entry") { db in
            try db.execute(sql: CacheRow.insert, arguments: arguments)
            try Self.evict(db, limits: limits, now: Date())
        }
    }

    /// Forgets the entry for `key`.
    /// - Parameter key: The URL (or file) and the analysis variant.
    public func removeEntry(for key: AnalysisStoreKey) async {
        let source = CacheRow.source(of: key)
        _ = await perform("remove an entry") { db in
            try db.execute(
                sql: "DELETE FROM entry WHERE source = ? AND variant = ?", arguments: [source, key.variant])
        }
    }

    /// Closes the database (a server calls it as it stops): its WAL is checkpointed and its
    /// `-wal` and `-shm` files are removed when no other process has it open. A later use opens
    /// it again.
    public func close() async {
        let pool = connection.withLock { state in
            defer { state.pool = nil }
            return state.pool
        }
        // Closing waits for any reads and writes still running on the pool to end.
        try? pool?.close()
    }

    // MARK: Inspection

    /// How many entries the cache holds (0 when it cannot be read).
    public func count() async -> Int {
        await perform("count entries") { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM entry") ?? 0 } ?? 0
    }

    /// The bytes of all entries, as counted against ``Limits/maxSize`` (0 when it cannot be read).
    public func totalSize() async -> Int {
        await perform("add up entries") { db in try Int.fetchOne(db, sql: "SELECT total(size) FROM entry") ?? 0 } ?? 0
    }

    /// Removes entries unused for longer than ``Limits/maxAge``, then the least recently used
    /// ones while the total is over ``Limits/maxSize``.
    /// - Parameter now: The time ages are counted to; default now.
    public func evict(now: Date = Date()) async {
        let limits = self.limits
        _ = await perform("evict entries") { db in try Self.evict(db, limits: limits, now: now) }
    }

    static func evict(_ db: Database, limits: Limits, now: Date) throws {
        try db.execute(
            sql: "DELETE FROM entry WHERE accessed_at < ?",
            arguments: [now.timeIntervalSince1970 - limits.maxAge.seconds])
        // Sizes as SQLite's doubles: another writer's row may hold any number (or none) there,
        // and adding those up as integers could overflow.
        let maxSize = Double(limits.maxSize)
        var total = try Double.fetchOne(db, sql: "SELECT total(size) FROM entry") ?? 0
        guard total > maxSize else { return }
        let oldest = try Row.fetchCursor(
            db, sql: "SELECT rowid, CAST(ifnull(size, 0) AS REAL) FROM entry ORDER BY accessed_at, rowid")
        var victims: [Int64] = []
        while total > maxSize, let row = try oldest.next() {
            let rowid: DatabaseValue = row[0]
            let size: DatabaseValue = row[1]
            guard let rowid = Int64.fromDatabaseValue(rowid) else { continue }
            victims.append(rowid)
            total -= Double.fromDatabaseValue(size) ?? 0
        }
        for victim in victims {
            try db.execute(sql: "DELETE FROM entry WHERE rowid = ?", arguments: [victim])
        }
    }
}
