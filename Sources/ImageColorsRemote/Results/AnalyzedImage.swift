import Foundation
import ImageColors

/// One image's result from a loader or a cache: its colours, its thumbnail when one was asked
/// for, and how the cache served them.
public struct AnalyzedImage: Sendable, Hashable, Codable {
    /// The colours and title choice, with `source` set to the URL (or path).
    public var analysis: ColorAnalysis
    /// The thumbnail made from the same decoding pass, or `nil` when none was asked for.
    public var thumbnail: Thumbnail?
    /// Whether the result came from the network, the cache, or the cache after a `304`.
    public var cacheStatus: CacheStatus

    /// Creates a result.
    /// - Parameters:
    ///   - analysis: The colours.
    ///   - thumbnail: The thumbnail, or `nil`.
    ///   - cacheStatus: Default ``CacheStatus/notCached``.
    public init(analysis: ColorAnalysis, thumbnail: Thumbnail? = nil, cacheStatus: CacheStatus = .notCached) {
        self.analysis = analysis
        self.thumbnail = thumbnail
        self.cacheStatus = cacheStatus
    }
}

/// How a result was had, when the loader has a cache (``RemoteImageLoader/cache``).
public enum CacheStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Downloaded and analysed, and not stored: the loader has no cache, the response said
    /// `no-store`, or the cache could not be used (its warning says why).
    case notCached = "not-cached"
    /// Downloaded and analysed, and stored for next time: the cache had no entry.
    case stored
    /// From the cache without a request: the entry was still fresh (`max-age`, `Expires`).
    case fresh
    /// From the cache after the server answered a conditional request with `304 Not Modified`:
    /// nothing downloaded, nothing decoded.
    case revalidated
    /// The image had changed (the conditional request got a new body): analysed again and the
    /// entry replaced.
    case replaced
}
