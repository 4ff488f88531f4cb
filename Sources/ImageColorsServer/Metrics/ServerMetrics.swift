import Foundation
import ImageColors
import ImageColorsRemote
import Metrics
import Prometheus

/// The service's metrics, through swift-metrics into its own Prometheus registry (not the
/// process-wide `MetricsSystem`, so two servers in one process, as in the tests, count apart).
final class ServerMetrics: Sendable {
    /// Where every metric is kept; `/metrics` renders it.
    let registry: PrometheusCollectorRegistry
    private let factory: PrometheusMetricsFactory
    private let queueDepth: Metrics.Gauge
    private let poolBytes: Metrics.Gauge
    private let analysisTime: Metrics.Timer
    private let upstreamBytes: Metrics.Counter
    private let cacheHits: Metrics.Counter
    private let cacheMisses: Metrics.Counter
    private let cacheRevalidations: Metrics.Counter
    private let cacheErrors: Metrics.Counter
    private let pool: MemoryPool

    /// - Parameter pool: The pool whose bytes in use are reported at each scrape.
    init(pool: MemoryPool) {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        // Analyses take milliseconds to seconds.
        factory.durationHistogramBuckets["imagecolors_analysis_duration_seconds"] = [
            .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
            .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10),
        ]
        self.factory = factory
        self.pool = pool
        queueDepth = Metrics.Gauge(label: "imagecolors_queue_depth", factory: factory)
        poolBytes = Metrics.Gauge(label: "imagecolors_memory_pool_bytes_in_use", factory: factory)
        analysisTime = Metrics.Timer(label: "imagecolors_analysis_duration_seconds", factory: factory)
        upstreamBytes = Metrics.Counter(label: "imagecolors_upstream_bytes_total", factory: factory)
        cacheHits = Metrics.Counter(label: "imagecolors_cache_hits_total", factory: factory)
        cacheMisses = Metrics.Counter(label: "imagecolors_cache_misses_total", factory: factory)
        cacheRevalidations = Metrics.Counter(label: "imagecolors_cache_revalidations_total", factory: factory)
        cacheErrors = Metrics.Counter(label: "imagecolors_cache_errors_total", factory: factory)
        queueDepth.record(0)
        poolBytes.record(0)
    }

    /// Counts one answered request.
    /// - Parameters:
    ///   - route: The route's path pattern (never the request's query).
    ///   - status: The response status.
    func countRequest(route: String, status: Int) {
        Metrics.Counter(
            label: "imagecolors_requests_total", dimensions: [("route", route), ("status", String(status))],
            factory: factory
        ).increment()
    }

    /// Records the number of requests waiting for a slot.
    func recordQueueDepth(_ depth: Int) {
        queueDepth.record(depth)
    }

    /// Records how long one analysis (its download included) took.
    func recordAnalysis(_ duration: Duration) {
        analysisTime.recordNanoseconds(duration.timeoutNanoseconds)
    }

    /// Counts body bytes received from origins.
    func countUpstreamBytes(_ count: Int) {
        upstreamBytes.increment(by: Int64(count))
    }

    /// Counts how a cache served a URL's result.
    func countCache(_ status: CacheStatus) {
        switch status {
        case .fresh: cacheHits.increment()
        case .revalidated: cacheRevalidations.increment()
        case .stored, .replaced, .notCached: cacheMisses.increment()
        }
    }

    /// Counts one cache operation a request went without: a failed or timed-out query, one
    /// skipped while the cache is down, a SQLite warning.
    func countCacheError() {
        cacheErrors.increment()
    }

    /// The Prometheus text of every metric, the pool's bytes in use read now.
    func render() -> String {
        poolBytes.record(pool.reserved)
        return registry.emitToString()
    }
}
