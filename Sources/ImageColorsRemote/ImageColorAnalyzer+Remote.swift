import Foundation
import ImageColors

extension ImageColorAnalyzer {
    /// Downloads the image at `url` and analyses it with these options.
    ///
    /// A convenience for one image: it creates a ``RemoteImageLoader`` (and so a connection
    /// pool) and shuts it down afterwards. To analyse many images, keep one loader instead.
    ///
    /// ```swift
    /// let analyzer = ImageColorAnalyzer(options: .init(quality: .high, memoryBudget: .megabytes(30)))
    /// let colors = try await analyzer.analyze(url: entryImageURL)
    /// ```
    ///
    /// - Parameters:
    ///   - url: An `http` or `https` URL of a JPEG, PNG, WebP or GIF image.
    ///   - limits: Default ``DownloadLimits/default``: 50 MB, 10 s to connect, 30 s in all,
    ///     5 redirects, spool past 4 MB.
    /// - Returns: The analysis, with `source` set to `url.absoluteString`.
    /// - Throws: ``RemoteLoadingError``, the core's errors, or `CancellationError`.
    public func analyze(url: URL, limits: DownloadLimits = .default) async throws -> ColorAnalysis {
        try await RemoteImageLoader.withLoader(analyzer: self, limits: limits) { loader in
            try await loader.analyze(url: url)
        }
    }
}
