import Foundation
import ImageColors

extension RemoteImageLoader {
    /// Downloads the image at `url`, analyses it and, when asked, makes its thumbnail in the
    /// same decoding pass, within the analyzer's memory budget (or reuses the cached result and
    /// thumbnail; see ``cache``).
    ///
    /// - Parameters:
    ///   - url: An `http` or `https` URL of a JPEG, PNG, WebP, GIF, HEIC or AVIF image.
    ///   - thumbnail: The thumbnail to make, or `nil` for none.
    /// - Returns: The analysis (with `source` set to `url.absoluteString`), the thumbnail, and
    ///   how the cache served them.
    /// - Throws: As ``analyze(url:)``: ``RemoteLoadingError``, `LoadingError`,
    ///   `ImageDecodingError`, `EncodingError` (when the thumbnail cannot be encoded), `MemoryBudgetError`,
    ///   `TitleRegionError`, `PlaceholderError` or `CancellationError`.
    public func analyze(url: URL, thumbnail: ThumbnailRequest?) async throws -> AnalyzedImage {
        try await load(url, thumbnail: thumbnail)
    }
}
