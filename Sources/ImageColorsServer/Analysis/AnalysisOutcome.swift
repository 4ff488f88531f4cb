import Foundation
import ImageColors
import ImageColorsRemote
import Synchronization

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
    /// The JSON bodies already written for this result, when it is kept in memory
    /// (``FreshAnswers``): each later hit reuses them instead of encoding again.
    var bodies: EncodedBodies?
}

/// The JSON bodies of one kept result, by the appearances asked for, with their entity tags.
/// Encoding a result took a third of a cached answer's time.
final class EncodedBodies: Sendable {
    private let bodies = Mutex<[Set<CardAppearance>: EncodedBody]>([:])

    /// The body for `appearances`: the one written before, or `make`'s, kept for next time.
    func body(for appearances: Set<CardAppearance>, make: () throws -> EncodedBody) rethrows -> EncodedBody {
        if let body = bodies.withLock({ $0[appearances] }) { return body }
        let body = try make()
        bodies.withLock { $0[appearances] = body }
        return body
    }
}

/// A response body and its entity tag.
struct EncodedBody: Sendable {
    var data: Data
    var etag: String
}

/// What one analysis is identified by for a single flight: the same source analysed with the
/// same options (as the cache's variant spells them) is the same work.
struct FlightKey: Hashable, Sendable {
    /// `url:` and the URL as given, or `upload:` and the body's SHA-256.
    var source: String
    /// ``AnalysisStoreKey/variant(of:thumbnail:)`` of the request's analyzer.
    var variant: String
}
