import Foundation
import ImageColors

extension ImageColorAnalyzer {
    /// Downloads the image at `url` and analyses it with these options.
    ///
    /// A convenience for one image at a time: every call shares one connection pool for the
    /// process (``RemoteImageLoader/sharedTransport(connectTimeout:addressPolicy:)``), created on first use, so
    /// an entry after the first reuses its connection. To cache results, or for batches, keep
    /// a ``RemoteImageLoader``.
    ///
    /// ```swift
    /// let analyzer = ImageColorAnalyzer(options: .init(quality: .high, memoryBudget: .megabytes(30)))
    /// let colors = try await analyzer.analyze(url: entryImageURL)
    /// ```
    ///
    /// - Parameters:
    ///   - url: An `http` or `https` URL of a JPEG, PNG, WebP, GIF, HEIC or AVIF image.
    ///   - limits: Default ``DownloadLimits/default``: 50 MB, 10 s to connect, 30 s in all,
    ///     5 redirects, spool past 4 MB, loopback and link-local addresses refused.
    /// - Returns: The analysis, with `source` set to `url.displayString` (no credentials, query
    ///   or fragment).
    /// - Throws: As ``RemoteImageLoader/analyze(url:)``: ``RemoteLoadingError``, ``LoadingError``,
    ///   ``ImageDecodingError``, ``MemoryBudgetError``, ``TitleRegionError``, ``PlaceholderError``
    ///   or `CancellationError`.
    public func analyze(url: URL, limits: DownloadLimits = .default) async throws -> ColorAnalysis {
        // Connecting can never take longer than the whole download may.
        let transport = RemoteImageLoader.sharedTransport(
            connectTimeout: min(limits.connectTimeout, limits.timeout), addressPolicy: limits.addressPolicy)
        return try await RemoteImageLoader(analyzer: self, limits: limits, transport: transport).analyze(url: url)
    }
}
