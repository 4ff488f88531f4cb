import Foundation
import ImageColors

extension RemoteImageLoader {
    /// One URL from start to end: the cache's fresh entry, or a (conditional) download and
    /// its analysis, stored back in the cache. Runs on the analyzer's executor, so spool writes
    /// and decoding never block Swift's cooperative pool.
    func load(_ url: URL, thumbnail: ThumbnailRequest?) async throws -> AnalyzedImage {
        try await withTaskExecutorPreference(analyzer.executor) {
            let file = SpoolFile(in: temporaryDirectory)
            defer { file.remove() }
            return try await load(url, thumbnail: thumbnail, spoolingTo: file)
        }
    }

    private func load(_ url: URL, thumbnail: ThumbnailRequest?, spoolingTo file: SpoolFile) async throws
        -> AnalyzedImage
    {
        try RemoteURL.check(url)
        var cached: CachedAnalysis?
        let key = AnalysisStoreKey(url: url, analyzer: analyzer, thumbnail: thumbnail, limits: limits)
        if let cache {
            // A result kept under a laxer policy must not answer for a host this one refuses (the
            // limits are part of the key as well; this catches a name that resolves elsewhere now).
            try limits.addressPolicy.check(hostOf: url)
            // A row another writer kept without what this request needs is a miss, not a result.
            cached = await cache.entry(for: key).flatMap { $0.serves(thumbnail: thumbnail) ? $0 : nil }
        }
        if let cached, cached.policy.isFresh(at: Date()) {
            return AnalyzedImage(analysis: cached.analysis, thumbnail: cached.thumbnail, cacheStatus: .fresh)
        }
        switch try await download(url, spoolingTo: file, validators: cached?.policy) {
        case .notModified(let headers, let receivedAt):
            // Only a conditional request gets here, and only one sent for a cached entry.
            guard var entry = cached else { throw RemoteLoadingError.httpStatus(url, status: 304) }
            entry.policy = entry.policy.refreshed(with: headers, receivedAt: receivedAt)
            await cache?.store(entry, for: key)
            return AnalyzedImage(analysis: entry.analysis, thumbnail: entry.thumbnail, cacheStatus: .revalidated)
        case .body(let body):
            let response = try await analyze(body, from: url, thumbnail: thumbnail, spoolingTo: file)
            guard let cache else { return AnalyzedImage(response) }
            guard body.policy.isStorable else {
                // no-store: what was kept must go too.
                if cached != nil { await cache.removeEntry(for: key) }
                return AnalyzedImage(response)
            }
            // What later runs will read back, returned now too: one result whichever run made it.
            let stored = response.analysis.asStored
            await cache.store(
                CachedAnalysis(analysis: stored, thumbnail: response.thumbnail, policy: body.policy), for: key)
            return AnalyzedImage(
                analysis: stored, thumbnail: response.thumbnail, cacheStatus: cached == nil ? .stored : .replaced)
        }
    }

    /// Downloads `url` (conditionally, with `validators`), within the loader's limits.
    func download(_ url: URL, spoolingTo file: SpoolFile, validators: HTTPCachePolicy?) async throws -> DownloadResponse
    {
        let download = Download(
            transport: transport, limits: limits,
            spoolThreshold: limits.spoolThreshold(within: analyzer.effectiveBudget),
            pool: analyzer.memoryPool)
        return try await download.run(url, spoolingTo: file, validators: validators)
    }

    /// Analyses a downloaded body; a body held in the pool is handed over with its reservation,
    /// and written to `file` if the analysis has to wait for room.
    private func analyze(
        _ body: DownloadedBody, from url: URL, thumbnail: ThumbnailRequest?, spoolingTo file: SpoolFile
    ) async throws -> AnalysisResponse {
        var pooled: PooledBody?
        if let reservation = body.reservation, case .data(let bytes) = body.source {
            pooled = PooledBody(reservation: reservation) {
                try SpoolFile.write(bytes, to: file)
                return .file(file.path)
            }
        }
        var response: AnalysisResponse
        do {
            response = try await analyzer.perform(body.source, thumbnail: thumbnail, body: pooled)
        } catch ImageDecodingError.unsupportedFormat where body.contentEncoding != nil {
            // A compressed body sniffs as no format: name the encoding, not the bytes.
            throw RemoteLoadingError.unexpectedContentEncoding(url, encoding: body.contentEncoding ?? "")
        }
        // Redacted: results are logged and stored, and signed URLs carry secrets in the query.
        response.analysis.source = url.displayString
        return response
    }
}
