import Foundation
import ImageColors
import ImageColorsPostgres
import ImageColorsRemote
import Synchronization

/// The analyses behind the routes: one executor, one memory pool, one transport and one cache
/// for the whole server, the admission queue in front of them and a single flight around them.
final class ColorService: Sendable {
    let configuration: ServerConfiguration
    let metrics: ServerMetrics
    let pool: MemoryPool
    private let executor: AnalysisExecutor
    private let transport: AsyncHTTPClientTransport
    private let store: PolicyRecordingStore
    private let admission: AdmissionQueue
    private let flights = SingleFlight<FlightKey, AnalysisOutcome>()
    private let answers = FreshAnswers()
    /// ``AnalysisStoreKey/variant(of:thumbnail:)`` by options: it spells them out by reflection,
    /// which took a seventh of a cached answer's time. A handful of option sets are in use.
    private let variants = Mutex<[AnalysisOptions: String]>([:])
    private let sources: SourcePolicy

    /// Starts the executor's threads and opens the cache, if any.
    /// - Parameters:
    ///   - configuration: The server's configuration.
    ///   - warn: Told the cache's warnings (a file it cannot use, a database going down and back).
    /// - Throws: ``PostgresCacheError`` when ``ServerConfiguration/cachePath`` is a PostgreSQL URL
    ///   that does not parse.
    init(configuration: ServerConfiguration, warn: @escaping @Sendable (String) -> Void) throws(PostgresCacheError) {
        self.configuration = configuration
        let pool = MemoryPool(capacity: configuration.poolCapacity)
        self.pool = pool
        let metrics = ServerMetrics(pool: pool)
        self.metrics = metrics
        executor = AnalysisExecutor(threads: configuration.jobs, name: "imagecolors-serve")
        let limits = configuration.downloadLimits
        transport = AsyncHTTPClientTransport(
            connectTimeout: min(limits.connectTimeout, limits.timeout), addressPolicy: limits.addressPolicy)
        store = PolicyRecordingStore(
            cache: try configuration.cachePath.map { (path) throws(PostgresCacheError) in
                try ResultCache(path: path, warn: warn) { metrics.countCacheError() }
            })
        admission = AdmissionQueue(slots: configuration.jobs, maxWaiting: configuration.maxQueue) {
            metrics.recordQueueDepth($0)
        }
        sources = SourcePolicy(prefixes: configuration.allowedSources)
    }

    /// Whether results are kept in a cache.
    var hasCache: Bool { store.cache != nil }

    /// Closes the connections to origins (downloads still running fail), then the cache.
    func shutdown() async {
        try? await transport.shutdown()
        await store.close()
    }

    /// An analyzer for `options` on the service's executor and pool.
    private func analyzer(_ options: AnalysisOptions) -> ImageColorAnalyzer {
        ImageColorAnalyzer(options: options, memoryPool: pool, executor: executor)
    }

    /// Throws unless `url` is under an allowed source prefix.
    func checkSource(_ url: String) throws(ServerError) {
        try sources.check(url)
    }

    /// The result for the image at `url`, within the request's deadline.
    /// - Throws: ``ServerError`` (source not allowed, busy, deadline), the loader's
    ///   `RemoteLoadingError` and the analysis' errors.
    func analyze(url: String, options: AnalysisOptions) async throws -> AnalysisOutcome {
        try sources.check(url)
        let analyzer = analyzer(options)
        let key = FlightKey(source: "url:" + url, variant: variant(of: analyzer))
        if let answer = try freshAnswer(for: key, url: url) { return answer }
        // The fleet's lease is keyed as the flight is: servers with the same options share it.
        let lease = AnalysisStoreKey(source: key.source, variant: key.variant)
        let outcome = try await run(key, lease: lease) { [self] in
            guard let parsed = URL(string: url) else { throw RemoteLoadingError.invalidURL(url) }
            let meter = MeteredTransport(base: transport) { [metrics] in metrics.countUpstreamBytes($0) }
            let loader = RemoteImageLoader(
                analyzer: analyzer, limits: configuration.downloadLimits, transport: meter, cache: store)
            let note = PolicyNote()
            let made = try await PolicyRecordingStore.$note.withValue(note) {
                try await loader.analyze(url: parsed, thumbnail: nil)
            }
            metrics.countCache(made.cacheStatus)
            var analysis = made.analysis
            // As the CLI's JSON: the source as given, so results join back to their inputs.
            analysis.source = url
            return AnalysisOutcome(
                analysis: analysis, cacheStatus: hasCache ? made.cacheStatus : nil,
                policy: note.recorded?.isStorable == true ? note.recorded : nil)
        }
        if hasCache { answers.remember(outcome, for: key) }
        return outcome
    }

    /// The variant `analyzer`'s results are kept under, reused for options seen before (at most
    /// 256 sets are remembered; past that the memo starts again).
    private func variant(of analyzer: ImageColorAnalyzer) -> String {
        if let known = variants.withLock({ $0[analyzer.options] }) { return known }
        let variant = AnalysisStoreKey.variant(of: analyzer, thumbnail: nil)
        variants.withLock { variants in
            if variants.count >= 256 { variants.removeAll() }
            variants[analyzer.options] = variant
        }
        return variant
    }

    /// The answer kept in memory for `key` while its origin's response is fresh, counted as a
    /// cache hit; `nil` without `--cache` (every request is then analysed) or when none is kept.
    /// - Throws: `RemoteLoadingError.addressNotAllowed` when the URL's host now resolves to an
    ///   address the policy refuses, as the loader checks before a cached result.
    private func freshAnswer(for key: FlightKey, url: String) throws -> AnalysisOutcome? {
        guard hasCache, let outcome = answers.outcome(for: key) else { return nil }
        if let parsed = URL(string: url) { try configuration.downloadLimits.addressPolicy.check(hostOf: parsed) }
        metrics.countCache(.fresh)
        return outcome
    }

    /// The result for uploaded image bytes, within the request's deadline.
    /// - Throws: ``ServerError`` (busy, deadline) and the analysis' errors.
    func analyze(upload: Data, options: AnalysisOptions) async throws -> AnalysisOutcome {
        let analyzer = analyzer(options)
        let digest = upload.sha256Hex
        let key = FlightKey(source: "upload:" + digest, variant: variant(of: analyzer))
        return try await run(key) {
            var analysis = try await analyzer.analyze(data: upload)
            analysis.source = "upload"
            return AnalysisOutcome(analysis: analysis)
        }
    }

    /// Runs `work` once for every request with `key` at the time, in an analysis slot, each
    /// request within its deadline and the work within one too. With a PostgreSQL cache and a
    /// `lease`, the work also waits (before taking a slot) while another server of the fleet
    /// analyses the same thing, for at most half the deadline, then finds its result cached.
    private func run(
        _ key: FlightKey, lease: AnalysisStoreKey? = nil, work: @escaping @Sendable () async throws -> AnalysisOutcome
    ) async throws -> AnalysisOutcome {
        let limit = configuration.requestTimeout
        let admission = self.admission
        let metrics = self.metrics
        let fleet = lease.flatMap { _ in store.cache?.fleet }
        return try await Deadline.run(within: limit) { [flights] in
            let (outcome, shared) = try await flights.value(for: key) {
                try await Deadline.run(within: limit) {
                    let analyse: @Sendable () async throws -> AnalysisOutcome = {
                        try await admission.withSlot {
                            let started = ContinuousClock.now
                            defer { metrics.recordAnalysis(ContinuousClock.now - started) }
                            return try await work()
                        }
                    }
                    guard let fleet, let lease else { return try await analyse() }
                    return try await fleet.withLease(for: lease, lifetime: limit, wait: limit / 2, analyse)
                }
            }
            var answered = outcome
            answered.shared = shared
            return answered
        }
    }
}
