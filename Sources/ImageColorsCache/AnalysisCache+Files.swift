import Foundation
import ImageColors
import ImageColorsRemote

extension AnalysisStore {
    /// Analyses the file at `path`, or returns the result kept for it: an entry is reused while
    /// the file keeps its path, size and modification time (to the nanosecond), so an edited
    /// file is analysed again. Any store keeps files so (`AnalysisCache`, a PostgreSQL one).
    /// - Parameters:
    ///   - path: A JPEG or PNG file.
    ///   - analyzer: Analyses on a miss; its options and effective budget are part of the key.
    ///   - thumbnail: A thumbnail to make (and keep) with the analysis; default `nil`.
    /// - Returns: The result, with ``CacheStatus/fresh`` when it came from the cache,
    ///   ``CacheStatus/stored`` when it was analysed now.
    /// - Throws: What `analyzer` throws on a miss (see `ImageColorAnalyzer.analyze(fileAt:)`):
    ///   `LoadingError` for a missing or unreadable file, `ImageDecodingError`, `EncodingError` (a
    ///   thumbnail), `MemoryBudgetError`, `TitleRegionError`, `PlaceholderError` or `CancellationError`. The
    ///   cache's own failures are never thrown: they go to the store's warning handler (for an
    ///   ``AnalysisCache``, ``AnalysisCacheWarning``).
    public func analyze(
        fileAt path: String, with analyzer: ImageColorAnalyzer,
        thumbnail: ThumbnailRequest? = nil
    ) async throws -> AnalyzedImage {
        guard let source = Self.fileKey(path) else {
            // No such file (or no stat): the analyzer says what is wrong.
            return try await Self.analyzeUncached(path, analyzer: analyzer, thumbnail: thumbnail)
        }
        let key = AnalysisStoreKey(
            source: source, variant: AnalysisStoreKey.variant(of: analyzer, thumbnail: thumbnail))
        // A row another writer kept without what this request needs is a miss, not a result.
        if var cached = await entry(for: key), cached.serves(thumbnail: thumbnail) {
            cached.analysis.source = path
            return AnalyzedImage(analysis: cached.analysis, thumbnail: cached.thumbnail, cacheStatus: .fresh)
        }
        let made = try await Self.analyzeUncached(path, analyzer: analyzer, thumbnail: thumbnail)
        // What later runs will read back, returned now too: one result whichever run made it.
        let stored = made.analysis.asStored
        // A file's key changes with the file, so its entry never needs revalidating.
        await store(
            CachedAnalysis(
                analysis: stored, thumbnail: made.thumbnail,
                policy: HTTPCachePolicy(freshUntil: .distantFuture)), for: key)
        return AnalyzedImage(analysis: stored, thumbnail: made.thumbnail, cacheStatus: .stored)
    }

    private static func analyzeUncached(
        _ path: String, analyzer: ImageColorAnalyzer,
        thumbnail: ThumbnailRequest?
    ) async throws -> AnalyzedImage {
        AnalyzedImage(try await analyzer.analyze(.file(path), thumbnail: thumbnail))
    }

    /// `file:ABSOLUTE-PATH#SIZE@SECONDS.NANOSECONDS` for a regular file, else `nil`.
    static func fileKey(_ path: String) -> String? {
        var info = stat()
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        guard stat(absolute, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return "file:\(absolute)#\(info.st_size)@\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }
}
