import Foundation
import ImageColors
import ImageColorsCache
import ImageColorsRemote
import Synchronization

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
    var cache: (any AnalysisStore)?
    /// A second scheme to analyse each source by, from the same read and decoding pass
    /// (`report --compare-scheme`), or `nil`. The cache is not used then.
    var comparing: RoleScheme?

    /// One source's result: its analysis and, when asked, its thumbnail.
    struct Item: Sendable {
        var analysis: ColorAnalysis
        var thumbnail: Thumbnail?
        /// How the cache served it, when there is a cache.
        var cacheStatus: CacheStatus?
        /// The same pixels by ``BatchAnalysis/comparing``, when asked.
        var comparison: ColorAnalysis?
    }

    /// Runs every source; `deliver(index, source, outcome)` is called once per source, in order.
    func run<Failure: Error>(
        _ sources: [String], deliver: (Int, String, Result<Item, any Error>) throws(Failure) -> Void
    ) async throws(Failure) {
        try await run(SourceFeed(arguments: sources), deliver: deliver)
    }

    /// Runs every source of `feed` as it is read; `deliver(index, source, outcome)` is called
    /// once per source, in order, and once more, under the list's name, when reading the list
    /// failed (``InputListError``, or what the feed's check threw).
    func run<Failure: Error>(
        _ feed: SourceFeed, deliver: (Int, String, Result<Item, any Error>) throws(Failure) -> Void
    ) async throws(Failure) {
        // One loader (one connection pool) for every URL, created only when there is one.
        let remote = LazyRemoteLoader(analyzer: analyzer, limits: downloadLimits, cache: cache)
        defer { Task { await remote.shutdown() } }
        let analyzer = self.analyzer
        let thumbnail = self.thumbnail
        let cache = self.cache
        let comparing = self.comparing
        try await StreamingBatch.run(width: jobs, next: feed.next, failureName: feed.listName) { source in
            let remote = SourceDisplay.isURL(source) ? remote.loader() : nil
            if let comparing {
                return try await Self.analyze(
                    source, analyzer: analyzer, remote: remote, thumbnail: thumbnail, comparing: comparing)
            }
            return try await Self.analyze(
                source, analyzer: analyzer, remote: remote, cache: cache, thumbnail: thumbnail)
        } deliver: { (outcome) throws(Failure) in
            try deliver(outcome.index, outcome.item, outcome.result)
        }
        await remote.shutdown()
    }

    /// One source by two schemes, read and decoded once.
    private static func analyze(
        _ source: String, analyzer: ImageColorAnalyzer, remote: RemoteImageLoader?, thumbnail: ThumbnailRequest?,
        comparing other: RoleScheme
    ) async throws -> Item {
        let made: SchemeComparison
        if let remote {
            guard let url = URL(string: source) else { throw RemoteLoadingError.invalidURL(source) }
            made = try await remote.analyze(url: url, thumbnail: thumbnail, comparing: other)
        } else {
            made = try await analyzer.analyze(.file(source), thumbnail: thumbnail, comparing: other)
        }
        var item = Item(analysis: made.response.analysis, thumbnail: made.response.thumbnail)
        item.comparison = made.comparison
        item.analysis.source = source
        return item
    }

    private static func analyze(
        _ source: String, analyzer: ImageColorAnalyzer, remote: RemoteImageLoader?, cache: (any AnalysisStore)?,
        thumbnail: ThumbnailRequest?
    ) async throws -> Item {
        var item: Item
        if let remote {
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

/// The run's ``RemoteImageLoader``, made when the first URL comes (a run of files opens no
/// connection pool), and shut down at the end.
final class LazyRemoteLoader: Sendable {
    private let analyzer: ImageColorAnalyzer
    private let limits: DownloadLimits
    private let cache: (any AnalysisStore)?
    private let made = Mutex<RemoteImageLoader?>(nil)

    init(analyzer: ImageColorAnalyzer, limits: DownloadLimits, cache: (any AnalysisStore)?) {
        self.analyzer = analyzer
        self.limits = limits
        self.cache = cache
    }

    /// The loader, made on first use.
    func loader() -> RemoteImageLoader {
        made.withLock { loader in
            if let loader { return loader }
            let new = RemoteImageLoader(analyzer: analyzer, limits: limits, cache: cache)
            loader = new
            return new
        }
    }

    /// Shuts the loader down, if one was made; again does nothing.
    func shutdown() async {
        try? await made.withLock { $0 }?.shutdown()
    }
}
