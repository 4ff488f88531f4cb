import Foundation

extension AnalysisCache {
    /// How large and how old a cache may grow, and how long to wait for another process.
    public struct Limits: Sendable, Hashable {
        /// The most bytes of entries kept (results and thumbnails); least recently used entries
        /// go first past it. Default 100 MB. (SQLite's own pages and the WAL file come on top.)
        public var maxSize: Int
        /// Entries not used for this long are removed; default 30 days. (Freshness is the
        /// server's business and separate: a stale entry is revalidated, not removed.)
        public var maxAge: Duration
        /// How long a read or write waits while another process holds the file; default 5 s.
        /// Past it, that operation goes without the cache
        /// (``AnalysisCacheWarning/skipped(path:operation:underlying:)``).
        public var busyTimeout: Duration

        /// Creates limits.
        /// - Parameters:
        ///   - maxSize: Default 100 MB; at least 0.
        ///   - maxAge: Default 30 days.
        ///   - busyTimeout: Default 5 s.
        public init(
            maxSize: Int = 100_000_000, maxAge: Duration = .seconds(30 * 24 * 3600), busyTimeout: Duration = .seconds(5)
        ) {
            self.maxSize = max(0, maxSize)
            self.maxAge = maxAge
            self.busyTimeout = busyTimeout
        }

        /// 100 MB, 30 days, 5 s.
        public static let `default` = Limits()
    }
}

extension Duration {
    /// The span in seconds, as a floating-point number.
    var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
