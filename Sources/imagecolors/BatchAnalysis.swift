import Foundation
import ImageColors
import ImageColorsCache
import ImageColorsRemote

/// Analyses many sources, files and URLs mixed, with at most `jobs` at once, and hands each
/// outcome to the caller in input order as soon as it and all before it are done.
struct BatchAnalysis {
    /// Analyses one file (with `--total-memory`, within the run's pool).
    var analyzer: ImageColorAnalyzer
    /// Limits for URLs.
    var downloadLimits: DownloadLimits
    /// Most analyses in flight.
    var jobs: Int
    /// A thumbnail to make with each analysis, or `nil`.
    var thumbnail: ThumbnailRequest?
    /// Where results are kept between runs (`--cache`), or `nil`.
    var cache: AnalysisCache?

    /// One source's result: its analysis and, when asked, its thumbnail.
    struct Item: Sendable {
        var analysis: ColorAnalysis
        var thumbnail: Thumbnail?
        /// How the cache served it, when there is a cache.
        var cacheStatus: CacheStatus?
    }

    /// Whether a source is a URL rather than a path.
    static func isURL(_ source: String) -> Bool {
        let lowered = source.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    /// Runs every source; `deliver(index, source, outcome)` is called once per source, in order.
    func run<Failure: Error>(
        _ sources: [String], deliver: (Int, String, Result<Item, any Error>) throws(Failure) -> Void
    ) async throws(Failure) {
        // One loader (one connection pool) for every URL, created only when there is one.
        let remote =
            sources.contains(where: Self.isURL)
            ? RemoteImageLoader(analyzer: analyzer, limits: downloadLimits, cache: cache) : nil
        defer { if let remote { Task { try? await remote.shutdown() } } }
        let analyzer = self.analyzer
        let thumbnail = self.thumbnail
        let cache = self.cache
        try await OrderedBatch.run(count: sources.count, width: jobs) { index in
            try await Self.analyze(
                sources[index], analyzer: analyzer, remote: remote, cache: cache, thumbnail: thumbnail)
        } deliver: { (outcome) throws(Failure) in
            try deliver(outcome.index, sources[outcome.index], outcome.result)
        }
        try? await remote?.shutdown()
    }

    private static func analyze(
        _ source: String, analyzer: ImageColorAnalyzer, remote: RemoteImageLoader?, cache: AnalysisCache?,
        thumbnail: ThumbnailRequest?
    ) async throws -> Item {
        var item: Item
        if let remote, isURL(source) {
            guard let url = URL(string: source) else { throw RemoteLoadingError.invalidURL(source) }
            let made = try await remote.analyze(url: url, thumbnail: thumbnail)
            item = Item(analysis: made.analysis, thumbnail: made.thumbnail, cacheStatus: made.cacheStatus)
        } else if let cache {
            let made = try await cache.analyze(fileAt: source, with: analyzer, thumbnail: thumbnail)
            item = Item(analysis: made.analysis, thumbnail: made.thumbnail, cacheStatus: made.cacheStatus)
        } else if let thumbnail {
            let response = try await analyzer.analyze(.file(source), thumbnail: thumbnail)
            item = Item(analysis: response.analysis, thumbnail: response.thumbnail)
        } else {
            item = Item(analysis: try await analyzer.analyze(fileAt: source))
        }
        if cache == nil { item.cacheStatus = nil }
        item.analysis.source = source
        return item
    }
}
