import Foundation
import ImageColors

extension RemoteImageLoader {
    /// Downloads and analyses many images, a few at a time, each URL with its own outcome.
    ///
    /// Up to `maxConcurrentDownloads` URLs are in flight at once; each is downloaded, then
    /// analysed on the analyzer's executor. Their analyses and the bodies they keep in memory
    /// share one memory budget: the analyzer's `memoryPool`, or else a pool of one
    /// `memoryBudget` for this batch, so a batch never holds more than a single call would. A
    /// failure affects only its own URL.
    ///
    /// - Parameters:
    ///   - urls: The images, in the order results are wanted.
    ///   - thumbnail: A thumbnail to make with each analysis; default `nil` (none).
    ///   - maxConcurrentDownloads: URLs in flight at once; default 4, at least 1.
    ///   - deadline: When the whole batch must be done; the URLs not done by then fail with
    ///     ``RemoteAnalysisError/deadlineExceeded(_:limit:)`` (downloads under way are
    ///     stopped). Default `nil`: each URL still has ``DownloadLimits/timeout``.
    /// - Returns: One outcome per URL, in input order. When the task is cancelled, the URLs not
    ///   yet done fail with ``RemoteAnalysisError/cancelled(_:)``.
    public func analyze(
        urls: [URL], thumbnail: ThumbnailRequest? = nil, maxConcurrentDownloads: Int = 4,
        deadline: ContinuousClock.Instant? = nil
    ) async -> [RemoteAnalysisResult] {
        let started = ContinuousClock.now
        var batchAnalyzer = analyzer
        if batchAnalyzer.memoryPool == nil {
            batchAnalyzer.memoryPool = MemoryPool(capacity: analyzer.options.memoryBudget)
        }
        let loader = with(analyzer: batchAnalyzer)
        var results: [RemoteAnalysisResult] = []
        results.reserveCapacity(urls.count)
        // The batch's tasks (and its deadline's timer) start on the analyzer's threads, where
        // their work runs anyway: a caller whose cooperative threads are busy does not hold the
        // batch up.
        await withTaskExecutorPreference(batchAnalyzer.executor) {
            await OrderedBatch.run(count: urls.count, width: maxConcurrentDownloads, deadline: deadline) { index in
                try await loader.load(urls[index], thumbnail: thumbnail)
            } deliver: { outcome in
                let url = urls[outcome.index]
                results.append(
                    RemoteAnalysisResult(
                        url: url,
                        result: outcome.result.mapError { error in
                            if error is BatchDeadlineExceeded, let deadline {
                                return .deadlineExceeded(url, limit: deadline - started)
                            }
                            return RemoteAnalysisError(error, url: url)
                        }))
            }
        }
        return results
    }
}
