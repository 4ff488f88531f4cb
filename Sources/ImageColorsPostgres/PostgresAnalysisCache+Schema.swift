import Foundation
import PostgresNIO

/// Whether the cache's tables were checked.
enum SchemaState: Sendable, Equatable {
    case unchecked
    case ready
    /// A newer version's tables: this process goes without the cache.
    case bypassed
}

/// The tables are a newer version's; the operation is not attempted.
struct SchemaBypassed: Error {}

extension PostgresAnalysisCache {
    /// The layout of the tables; a database with a newer one is left alone.
    /// 1: `imagecolors_entry` and `imagecolors_lease`.
    static let schemaVersion = 1
    /// The advisory lock migrations take ("ICC1", as the SQLite cache's application ID), so
    /// servers starting at once create the tables one after the other.
    static let migrationLock = 0x4943_4331

    /// Creates or upgrades the tables the first time (after a failure, the next time too):
    /// `false` when they are a newer version's.
    func prepareSchema() async throws -> Bool {
        switch schema.withLock({ $0 }) {
        case .ready: return true
        case .bypassed: return false
        case .unchecked: break
        }
        // Most starts find the tables made: one read, no lock. (A missing table is an error,
        // which leads to the locked migration.)
        var current: Int?
        if let rows = try? await client.query("SELECT version FROM imagecolors_schema WHERE id = 1", logger: logger) {
            for try await value in rows.decode(Int.self) { current = value }
        }
        let found: Int
        if let current, current >= Self.schemaVersion {
            found = current
        } else {
            found = try await migrate()
        }
        let ready = found <= Self.schemaVersion
        let first = schema.withLock { state in
            defer { state = ready ? .ready : .bypassed }
            return state == .unchecked
        }
        if !ready, first { reportBypass(found: found) }
        return ready
    }

    /// Creates or upgrades the tables under the advisory lock: the version found after, or the
    /// newer one found.
    private func migrate() async throws -> Int {
        try await client.withTransaction(logger: logger) { [logger] connection in
            // Held to the end of the transaction: a second server waits here, then finds the
            // version row the first wrote.
            try await connection.query("SELECT pg_advisory_xact_lock(\(Self.migrationLock))", logger: logger)
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS imagecolors_schema (
                    id integer PRIMARY KEY CHECK (id = 1),
                    version bigint NOT NULL
                )
                """, logger: logger)
            var version: Int?
            let rows = try await connection.query("SELECT version FROM imagecolors_schema WHERE id = 1", logger: logger)
            for try await value in rows.decode(Int.self) { version = value }
            if let version, version > Self.schemaVersion { return version }
            for statement in Self.migrations(from: version ?? 0) {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
            try await connection.query(
                """
                INSERT INTO imagecolors_schema (id, version) VALUES (1, \(Self.schemaVersion))
                ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version
                """, logger: logger)
            return Self.schemaVersion
        }
    }

    /// The statements taking tables of `version` (0: none) to ``schemaVersion``.
    static func migrations(from version: Int) -> [String] {
        guard version < 1 else { return [] }
        // One row per source (a SHA-256) and variant, as in the SQLite cache; `revision` is the
        // results revision that wrote it, never served to another. Times are the server's clock
        // (`now()`), so servers with skewed clocks agree on ages and leases; `fresh_until` is the
        // origin's freshness in seconds since 1970, as the loader computed it.
        return [
            """
            CREATE TABLE IF NOT EXISTS imagecolors_entry (
                source text NOT NULL,
                variant text NOT NULL,
                revision bigint NOT NULL,
                etag text,
                last_modified text,
                fresh_until double precision,
                stored_at timestamptz NOT NULL DEFAULT now(),
                accessed_at timestamptz NOT NULL DEFAULT now(),
                analysis bytea NOT NULL,
                thumbnail_format text,
                thumbnail_width bigint,
                thumbnail_height bigint,
                thumbnail bytea,
                PRIMARY KEY (source, variant)
            )
            """,
            "CREATE INDEX IF NOT EXISTS imagecolors_entry_accessed ON imagecolors_entry (accessed_at)",
            // One row per analysis under way somewhere in the fleet; an expired row is taken over.
            """
            CREATE TABLE IF NOT EXISTS imagecolors_lease (
                source text NOT NULL,
                variant text NOT NULL,
                holder text NOT NULL,
                expires_at timestamptz NOT NULL,
                PRIMARY KEY (source, variant)
            )
            """,
        ]
    }

    /// Once an hour (and after the first store): removes entries unused for ``Limits/maxAge``,
    /// rows of older results revisions (a newer version's rows stay: it may still run beside
    /// this one) and leases expired an hour ago (a crashed holder's).
    func evictIfDue() async {
        let now = ContinuousClock.now
        let due = lastEviction.withLock { last in
            if let last, now - last < .seconds(3600) { return false }
            last = now
            return true
        }
        guard due else { return }
        let maxAge = Double(limits.maxAge.components.seconds)
        _ = await perform("evict entries") { [logger] client in
            try await client.query(
                """
                DELETE FROM imagecolors_entry
                WHERE accessed_at < now() - make_interval(secs => \(maxAge)) OR revision < \(EntryRow.revision)
                """, logger: logger)
            try await client.query(
                "DELETE FROM imagecolors_lease WHERE expires_at < now() - interval '1 hour'", logger: logger)
        }
    }
}
