import ImageColorsRemote

/// How `--cache` served a run's sources, for the summary line.
struct CacheCounts {
    private var counts: [CacheStatus: Int] = [:]

    mutating func add(_ status: CacheStatus) {
        counts[status, default: 0] += 1
    }

    /// ", cache: 3 fresh, 1 revalidated, 2 stored", or "" when nothing went through a cache.
    var summary: String {
        let parts = CacheStatus.allCases.compactMap { status in counts[status].map { "\($0) \(status.rawValue)" } }
        return parts.isEmpty ? "" : ", cache: " + parts.joined(separator: ", ")
    }
}
