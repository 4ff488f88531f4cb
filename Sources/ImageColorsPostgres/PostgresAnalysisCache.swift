import Crypto
import Foundation
import ImageColors
import ImageColorsRemote
import Logging
import PostgresNIO
import Synchronization

/// Analyses kept in PostgreSQL, shared by every server (and CLI run) pointed at the database:
/// what one analysed, the others answer from the cache.
///
/// It keeps the SQLite cache's semantics (`AnalysisCache` in `ImageColorsCache`): one entry per
/// source and variant, with its validators and freshness, revalidated by the loader; the results
/// revision is part of the key and of the row, so rows written by an older revision are never
/// served. Sources are kept as SHA-256 digests, as a URL's query may carry a token.
///
/// It runs its own PostgresNIO client (a pool of at most ``Limits/maxConnections``, reconnecting
/// after a restart) from the moment it is made until ``close()``, and creates or upgrades its
/// tables on start under an advisory lock, so a fleet starting at once migrates once. It never
/// fails an analysis: each operation is bounded by ``Limits/queryTimeout`` (the first ones, which
/// may connect and migrate, by ``Limits/connectTimeout`` more); a failure starts an outage,
/// reported once through the event handler (and once more when it ends), during which
/// operations go without the cache at once while a probe, every ``Limits/retryInterval`` and
/// off the requests, tells when it is back. Every operation that could not use the cache is
/// told to the error counter.
///
/// ``withLease(for:lifetime:wait:_:)`` makes a fleet analyse an image once.
public final class PostgresAnalysisCache: AnalysisStore, Sendable {
    /// Bounds on connections, waiting and age.
    public struct Limits: Sendable, Hashable {
        /// The most connections open at once; default 8.
        public var maxConnections: Int
        /// How long opening a connection may take; default 2 s.
        public var connectTimeout: Duration
        /// How long one cache operation may take before the request goes on without it; default 2 s.
        public var queryTimeout: Duration
        /// While PostgreSQL is down, how often one operation tries it again; default 1 s.
        public var retryInterval: Duration
        /// Entries not used for this long are removed; default 30 days.
        public var maxAge: Duration

        /// Creates limits.
        /// - Parameters:
        ///   - maxConnections: Default 8; at least 1.
        ///   - connectTimeout: Default 2 s.
        ///   - queryTimeout: Default 2 s.
        ///   - retryInterval: Default 1 s.
        ///   - maxAge: Default 30 days.
        public init(
            maxConnections: Int = 8, connectTimeout: Duration = .seconds(2), queryTimeout: Duration = .seconds(2),
            retryInterval: Duration = .seconds(1), maxAge: Duration = .seconds(30 * 24 * 3600)
        ) {
            self.maxConnections = max(1, maxConnections)
            self.connectTimeout = connectTimeout
            self.queryTimeout = queryTimeout
            self.retryInterval = retryInterval
            self.maxAge = maxAge
        }
    }

    /// Where the cache connects.
    public let location: PostgresCacheLocation
    /// Its bounds.
    public let limits: Limits
    let client: PostgresClient
    let logger = Logger(label: "imagecolors.postgres") { _ in SwiftLogNoOpLogHandler() }
    let health = Mutex(CacheHealth())
    let schema = Mutex(SchemaState.unchecked)
    let lastEviction = Mutex<ContinuousClock.Instant?>(nil)
    private let runner = Mutex<Task<Void, Never>?>(nil)
    private let report: @Sendable (PostgresCacheEvent) -> Void
    private let countError: @Sendable () -> Void

    /// Starts a client for `location` and, in the background, the migration of its tables.
    /// - Parameters:
    ///   - location: The database.
    ///   - limits: Default ``Limits/init(maxConnections:connectTimeout:queryTimeout:retryInterval:maxAge:)``.
    ///   - eventHandler: Told when an outage starts and ends, or the schema is too new; default: ignore.
    ///   - errorCounter: Called once per operation that went without the cache; default: ignore.
    public init(
        location: PostgresCacheLocation, limits: Limits = Limits(),
        eventHandler: @escaping @Sendable (PostgresCacheEvent) -> Void = { _ in },
        errorCounter: @escaping @Sendable () -> Void = {}
    ) {
        self.location = location
        self.limits = limits
        report = eventHandler
        countError = errorCounter
        var configuration = location.clientConfiguration
        configuration.options.maximumConnections = limits.maxConnections
        configuration.options.connectTimeout = limits.connectTimeout
        client = PostgresClient(configuration: configuration)
        let client = self.client
        runner.withLock { $0 = Task { await client.run() } }
        Task { [self] in _ = await perform("prepare the tables") { _ in } }
    }

    /// Stops the client: its connections close, and later operations go without the cache.
    public func close() async {
        let task = runner.withLock { task in
            defer { task = nil }
            return task
        }
        task?.cancel()
        await task?.value
    }

    deinit {
        runner.withLock { $0?.cancel() }
    }

    // MARK: AnalysisStore

    /// The entry for `key` at this results revision, or `nil` (none, or the cache unusable now).
    /// - Parameter key: The URL (or file) and the analysis variant.
    public func entry(for key: AnalysisStoreKey) async -> CachedAnalysis? {
        let source = Self.source(of: key)
        let variant = key.variant
        return await perform("read an entry") { [logger] client in
            let rows = try await client.query(EntryRow.select(source: source, variant: variant), logger: logger)
            var found: (entry: CachedAnalysis?, touch: Bool)?
            for try await row in rows { found = EntryRow.entry(from: row) }
            guard let found else { return nil }
            guard let entry = found.entry else {
                // Written by a build whose results no longer decode: as good as absent.
                try await client.query(EntryRow.delete(source: source, variant: variant), logger: logger)
                return nil
            }
            if found.touch { try await client.query(EntryRow.touch(source: source, variant: variant), logger: logger) }
            return entry
        } ?? nil
    }

    /// Keeps `entry` for `key`, replacing any entry there; then, once an hour, removes entries
    /// past ``Limits/maxAge``, rows of older results revisions and long-expired leases.
    /// - Parameters:
    ///   - entry: The analysis and its validators.
    ///   - key: The URL (or file) and the analysis variant.
    public func store(_ entry: CachedAnalysis, for key: AnalysisStoreKey) async {
        guard let insert = EntryRow.upsert(entry, source: Self.source(of: key), variant: key.variant) else { return }
        _ = await perform("store an entry") { [logger] client in
            try await client.query(insert, logger: logger)
        }
        await evictIfDue()
    }

    /// Forgets the entry for `key`.
    /// - Parameter key: The URL (or file) and the analysis variant.
    public func removeEntry(for key: AnalysisStoreKey) async {
        let source = Self.source(of: key)
        let variant = key.variant
        _ = await perform("remove an entry") { [logger] client in
            try await client.query(EntryRow.delete(source: source, variant: variant), logger: logger)
        }
    }

    /// How many entries of this results revision the database holds; `nil` when it cannot be read.
    public func count() async -> Int? {
        await perform("count entries") { [logger] client in
            var count = 0
            for try await value in try await client.query(EntryRow.count(), logger: logger).decode(Int.self) {
                count = value
            }
            return count
        }
    }

    // MARK: Operations

    /// `body` on the client, its tables ready, within ``Limits/queryTimeout``: `nil` when the
    /// cache is unusable (an outage, a newer schema) or the operation fails, which is counted
    /// and, when it starts an outage, reported.
    func perform<Value: Sendable>(
        _ operation: String, _ body: @escaping @Sendable (PostgresClient) async throws -> Value
    ) async -> Value? {
        if schema.withLock({ $0 == .bypassed }) { return nil }
        switch health.withLock({ $0.admits(now: .now, retryInterval: limits.retryInterval) }) {
        case .go:
            break
        case .skip:
            countError()
            return nil
        case .skipAndProbe:
            countError()
            // A probe is no request's operation: not counted.
            Task { _ = await self.attempt("answer a probe", counted: false) { _ = try await $0.query("SELECT 1") } }
            return nil
        }
        return await attempt(operation, body)
    }

    /// `body` within its bound, the outcome noted in ``health`` and, when `counted`, a failure
    /// told to the error counter.
    private func attempt<Value: Sendable>(
        _ operation: String, counted: Bool = true, _ body: @escaping @Sendable (PostgresClient) async throws -> Value
    ) async -> Value? {
        let retry = limits.retryInterval
        // Until the tables are checked, an operation may first connect and migrate (the one
        // started with the cache usually has): it gets the time to connect as well.
        let unprepared = schema.withLock { $0 == .unchecked }
        let bound = unprepared ? limits.queryTimeout + limits.connectTimeout : limits.queryTimeout
        let result = await BoundedOperation.run(within: bound) { [self] in
            guard try await prepareSchema() else { throw SchemaBypassed() }
            return try await body(client)
        }
        switch result {
        case .success(let value):
            if let outage = health.withLock({ $0.succeeded(now: .now) }) {
                report(.recovered(location: location.description, duration: outage.duration, errors: outage.errors))
            }
            return value
        case .failure(is SchemaBypassed), .failure(is CancellationError):
            return nil
        case .failure(let error):
            if counted { countError() }
            if health.withLock({ $0.failed(now: .now, retryInterval: retry, counting: counted) }) {
                report(.unavailable(location: location.description, operation: operation, underlying: error))
            }
            return nil
        }
    }

    /// Reports that the database's schema is newer than this version's (once).
    func reportBypass(found: Int) {
        report(
            .bypassed(
                location: location.description,
                reason: "its tables are of a newer version (schema \(found), this one reads \(Self.schemaVersion))"))
    }

    /// What the `source` column holds for `key`: `sha256:` and the SHA-256 of the whole
    /// ``AnalysisStoreKey/source`` in hex, as the SQLite cache keeps it.
    static func source(of key: AnalysisStoreKey) -> String {
        "sha256:" + SHA256.hash(data: Data(key.source.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
