import Foundation
import GRDB

extension AnalysisCache {
    /// The open database, or why there is none.
    struct Connection: ~Copyable {
        var pool: DatabasePool?
        /// Set once the file turned out unusable: this process goes without the cache.
        var bypassed = false
        /// Whether the "locked" warning was given (it is given once, not per lookup).
        var warnedLocked = false

        static var unopened: Connection { Connection() }
    }

    /// "ICC1" in the SQLite header's application ID: the file is an ImageColors cache.
    static let applicationID: Int32 = 0x4943_4331
    /// The layout of the `entry` table; a file with a lower one is rebuilt, a higher one left alone.
    /// 2: `source` holds a SHA-256 of the URL, not the URL (whose query may carry a token), and
    /// a loader's variant includes its download limits.
    static let schemaVersion = 2

    /// Runs `body` in an immediate write transaction (it may also read): `nil` when the cache
    /// cannot be used, with a warning.
    func perform<Value: Sendable>(_ operation: String, _ body: @escaping @Sendable (Database) throws -> Value) async
        -> Value?
    {
        guard let pool = database() else { return nil }
        do {
            return try await pool.writeWithoutTransaction { db in
                var result: Value?
                // Immediate: take the write lock first, so two processes never both hold a
                // read lock and then ask for the write lock (SQLite's deadlock, SQLITE_BUSY
                // at once whatever the timeout).
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                return result!
            }
        } catch let error as DatabaseError where Self.isDamage(error) {
            // Damaged while in use (another process, the disk): start again from an empty file,
            // if it is still this cache's (another program may have put its database there).
            try? pool.close()
            let reason = "the file is damaged (\(Self.words(for: error)))"
            if FileOwnership(header: fileHeader()).mayRebuild {
                connection.withLock { $0.pool = nil }
                removeFiles()
                warn(.rebuilt(path: path, reason: reason, underlying: error))
            } else {
                connection.withLock { state in
                    state.pool = nil
                    state.bypassed = true
                }
                warn(
                    .bypassed(
                        path: path, reason: reason + " and no longer an ImageColors cache; left alone",
                        underlying: error))
            }
            return nil
        } catch {
            warn(.skipped(path: path, operation: operation, underlying: error))
            return nil
        }
    }

    /// The database, opened (and checked, created or rebuilt) on first use.
    private func database() -> DatabasePool? {
        var warnings: [AnalysisCacheWarning] = []
        let pool: DatabasePool? = connection.withLock { state in
            if let pool = state.pool { return pool }
            if state.bypassed { return nil }
            switch openRetryingLocks(warnings: &warnings) {
            case .ready(let pool):
                state.pool = pool
                return pool
            case .bypass:
                state.bypassed = true
                return nil
            case .locked(let warning):
                if !state.warnedLocked { warnings.append(warning) }
                state.warnedLocked = true
                return nil
            }
        }
        // Outside the lock: a handler may use the cache.
        warnings.forEach(warn)
        return pool
    }

    /// ``open(warnings:rebuilding:)``, tried again while another process holds the file, for
    /// up to ``Limits/busyTimeout``: some steps of opening (switching a new file to WAL, two
    /// processes creating the table at once) get SQLITE_BUSY at once, whatever the busy timeout.
    private func openRetryingLocks(warnings: inout [AnalysisCacheWarning]) -> Opening {
        let deadline = ContinuousClock.now + limits.busyTimeout
        while true {
            let opening = open(warnings: &warnings)
            guard case .locked = opening, ContinuousClock.now < deadline else { return opening }
            usleep(20_000)
        }
    }

    private enum Opening {
        case ready(DatabasePool)
        case bypass
        case locked(AnalysisCacheWarning)
    }

    private func open(warnings: inout [AnalysisCacheWarning], rebuilding: Bool = false) -> Opening {
        // Judged from the raw header before SQLite opens the file: SQLite would have to read a
        // damaged database to tell whose it is, and a damaged one is rebuilt only if it is ours.
        let ownership = FileOwnership(header: fileHeader())
        switch ownership {
        case .absent:
            createPrivateFile()
        case .empty, .ours:
            restrictPermissions()
        case .unmarked:
            break
        case .notSQLite:
            warnings.append(
                .bypassed(
                    path: path, reason: "not a SQLite database; remove it or choose another path", underlying: nil))
            return .bypass
        case .foreign:
            warnings.append(
                .bypassed(
                    path: path, reason: "a SQLite database of another program; it is left alone", underlying: nil))
            return .bypass
        }
        do {
            switch try checkLayout() {
            case .ready:
                break
            case .olderSchema(let found):
                warnings.append(
                    .rebuilt(
                        path: path, reason: "made by an older version (schema \(found), now \(Self.schemaVersion))",
                        underlying: nil))
            case .newerSchema(let found):
                warnings.append(
                    .bypassed(
                        path: path,
                        reason: "made by a newer version (schema \(found), this one reads \(Self.schemaVersion))",
                        underlying: nil))
                return .bypass
            case .foreign:
                warnings.append(
                    .bypassed(
                        path: path, reason: "a SQLite database of another program; it is left alone", underlying: nil))
                return .bypass
            }
            return .ready(try DatabasePool(path: path, configuration: configuration()))
        } catch let error as DatabaseError where Self.isLock(error) {
            return .locked(
                .skipped(path: path, operation: "open the file (another process holds it)", underlying: error))
        } catch let error as DatabaseError where Self.isDamage(error) && !ownership.mayRebuild {
            // Another program's (or nobody's) database: damaged or not, it is not ours to remove.
            warnings.append(
                .bypassed(
                    path: path,
                    reason: "a damaged SQLite database without this cache's id (\(Self.words(for: error))); "
                        + "it is left alone",
                    underlying: error))
            return .bypass
        } catch let error as DatabaseError where Self.isDamage(error) && !rebuilding {
            removeFiles()
            warnings.append(
                .rebuilt(path: path, reason: "the file is damaged (\(Self.words(for: error)))", underlying: error))
            return open(warnings: &warnings, rebuilding: true)
        } catch {
            warnings.append(
                .bypassed(path: path, reason: "cannot open it (\(Self.words(for: error)))", underlying: error))
            return .bypass
        }
    }

    private enum Layout {
        case ready
        case olderSchema(Int)
        case newerSchema(Int)
        case foreign
    }

    /// Reads the file's application ID and schema, creating the table in an empty file and
    /// rebuilding it in an older one. A plain connection, not the pool: the pool would switch
    /// another program's database to WAL before anyone looked at it.
    private func checkLayout() throws -> Layout {
        let queue = try DatabaseQueue(path: path, configuration: configuration())
        defer { try? queue.close() }
        return try queue.writeWithoutTransaction { db in
            var layout = Layout.ready
            try db.inTransaction(.immediate) {
                let application = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
                switch (application, version) {
                case (0, _) where tables == 0:
                    try Self.createSchema(db)
                case (Self.applicationID, Self.schemaVersion):
                    break
                case (Self.applicationID, let found) where found < Self.schemaVersion:
                    try db.execute(sql: "DROP TABLE IF EXISTS entry")
                    try Self.createSchema(db)
                    layout = .olderSchema(found)
                case (Self.applicationID, let found):
                    layout = .newerSchema(found)
                default:
                    layout = .foreign
                }
                return .commit
            }
            return layout
        }
    }

    private static func createSchema(_ db: Database) throws {
        try db.execute(sql: CacheRow.schema)
        try db.execute(sql: "PRAGMA application_id = \(applicationID)")
        try db.execute(sql: "PRAGMA user_version = \(schemaVersion)")
    }

    private func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(limits.busyTimeout.seconds)
        configuration.label = "ImageColorsCache"
        return configuration
    }

    /// The file's first 100 bytes (SQLite's header), `nil` when there is no file.
    func fileHeader() -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return Array((try? handle.read(upToCount: 100)) ?? Data())
    }

    /// Creates the file empty, readable and writable by its owner only (0600), before SQLite
    /// creates it with the umask's mode: its entries name the URLs' hosts and paths. SQLite gives
    /// the `-wal` and `-shm` files the database's mode. Does nothing when the file exists.
    private func createPrivateFile() {
        let descriptor = Foundation.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 { Foundation.close(descriptor) }
    }

    /// Makes the database and its `-wal` and `-shm` files 0600, for a cache made before this
    /// version (or an empty file given for one); best effort, as a file of another user may be
    /// shared read-write on purpose.
    private func restrictPermissions() {
        for suffix in ["", "-wal", "-shm"] { _ = chmod(path + suffix, 0o600) }
    }

    /// Deletes the database and its WAL and shared-memory files.
    private func removeFiles() {
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }

    static func isDamage(_ error: DatabaseError) -> Bool {
        error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
    }

    static func isLock(_ error: DatabaseError) -> Bool {
        error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
    }

    /// SQLite's own words for `error` ("database is locked"), or its description.
    static func words(for error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }
}
