import Foundation
import ImageColors
import ImageColorsCache
import ImageColorsRemote
import Synchronization
import TestSupport

/// Samples, a private folder per test, and a warning collector.
enum CacheFixtures {
    static let jpeg = try! Data(contentsOf: RepositoryPaths.samples.appendingPathComponent("rocket.jpg"))
    static let png = try! Data(contentsOf: RepositoryPaths.samples.appendingPathComponent("coffee.png"))
    /// Generous: the whole `swift test` run shares 2 cores.
    static let limits = DownloadLimits(
        connectTimeout: .seconds(30), timeout: .seconds(60), addressPolicy: .allowingLoopback)
}

/// A temporary folder of a test's own, removed at the end.
typealias CacheFolder = ScratchDirectory

/// Collects a cache's warnings.
final class Warnings: Sendable {
    private let list = Mutex<[AnalysisCacheWarning]>([])

    var all: [AnalysisCacheWarning] { list.withLock { $0 } }
    var codes: [String] { all.map(\.code) }

    /// The handler to give the cache.
    var handler: @Sendable (AnalysisCacheWarning) -> Void {
        { warning in self.list.withLock { $0.append(warning) } }
    }
}

extension RemoteImageLoader {
    /// Runs `body` with a loader that uses `cache`, then shuts it down.
    static func withCachingLoader<Value>(
        _ cache: AnalysisCache, analyzer: ImageColorAnalyzer = ImageColorAnalyzer(),
        _ body: (RemoteImageLoader) async throws -> Value
    ) async throws -> Value {
        try await withLoader(analyzer: analyzer, limits: CacheFixtures.limits, cache: cache, body)
    }
}

extension AnalysisCache {
    /// Analyses `url` through a new loader that uses this cache, as a new run would.
    func fetch(
        _ url: URL, analyzer: ImageColorAnalyzer = ImageColorAnalyzer(),
        thumbnail: ThumbnailRequest? = nil
    ) async throws -> AnalyzedImage {
        try await RemoteImageLoader.withCachingLoader(self, analyzer: analyzer) {
            try await $0.analyze(url: url, thumbnail: thumbnail)
        }
    }
}
