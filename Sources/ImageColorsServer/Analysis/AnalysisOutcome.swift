import Foundation
import ImageColors
import ImageColorsRemote

/// One request's result, before it is written: the analysis, how the cache served it, and the
/// origin's HTTP cache policy that the response's `Cache-Control` follows.
struct AnalysisOutcome: Sendable {
    /// The colours, `source` as the client gave it (`"upload"` for a body).
    var analysis: ColorAnalysis
    /// How `--cache` served it; `nil` without a cache or for an upload.
    var cacheStatus: CacheStatus?
    /// The origin's policy; `nil` for an upload or a response not to be stored.
    var policy: HTTPCachePolicy?
    /// Whether the result came from a flight another request had started.
    var shared = false
}

/// What one analysis is identified by for a single flight: the same source analysed with the
/// same options (as the cache's variant spells them) is the same work.
struct FlightKey: Hashable, Sendable {
    /// `url:` and the URL as given, or `upload:` and the body's SHA-256.
    var source: String
    /// ``AnalysisStoreKey/variant(of:thumbnail:)`` of the request's analyzer.
    var variant: String
}
