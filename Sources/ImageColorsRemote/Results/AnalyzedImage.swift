import Foundation
import ImageColors

/// One image's result from a loader or a cache: its colours, its thumbnail when one was asked
/// for, and how the cache served them. The first two are an `AnalysisResponse`'s
/// (``response``); the cache status is what a loader or a cache adds.
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

    /// Creates a result from an analyzer's response.
    /// - Parameters:
    ///   - response: The analysis and its thumbnail, if any.
    ///   - cacheStatus: Default ``CacheStatus/notCached``.
    public init(_ response: AnalysisResponse, cacheStatus: CacheStatus = .notCached) {
        self.init(analysis: response.analysis, thumbnail: response.thumbnail, cacheStatus: cacheStatus)
    }

    /// The analysis and the thumbnail, without the cache status.
    public var response: AnalysisResponse {
        AnalysisResponse(analysis: analysis, thumbnail: thumbnail)
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
