import Foundation
import ImageColors

/// Where a ``RemoteImageLoader`` keeps analyses between runs, to revalidate them with the
/// server instead of downloading and decoding again.
///
/// `AnalysisCache` in the `ImageColorsCache` product is the implementation to use: SQLite,
/// shared between processes, bounded in size and age. The loader does the HTTP side (freshness,
/// conditional requests, `304`); a store only keeps entries. A store never fails an analysis:
/// when it cannot read or write, it reports a warning its own way and answers as if empty.
public protocol AnalysisStore: Sendable {
    /// The entry kept for `key`, or `nil`.
    /// - Parameter key: The URL (or file) and the analysis variant.
    func entry(for key: AnalysisStoreKey) async -> CachedAnalysis?

    /// Keeps `entry` for `key`, replacing any entry there.
    /// - Parameters:
    ///   - entry: The analysis and its HTTP validators.
    ///   - key: The URL (or file) and the analysis variant.
    func store(_ entry: CachedAnalysis, for key: AnalysisStoreKey) async

    /// Forgets the entry for `key`, if any.
    /// - Parameter key: The URL (or file) and the analysis variant.
    func removeEntry(for key: AnalysisStoreKey) async
}

/// What an entry is kept under: where the image came from and what was asked of it.
public struct AnalysisStoreKey: Sendable, Hashable, Codable {
    /// The URL as given (`absoluteString`), or for a file its path, size and modification
    /// time (`file:PATH#SIZE@MTIME`).
    public var source: String
    /// Everything that changes the result for the same bytes: the analysis options (with the
    /// effective memory budget), the thumbnail request, and ``resultsRevision``.
    public var variant: String

    /// Creates a key.
    /// - Parameters:
    ///   - source: See ``source``.
    ///   - variant: See ``variant``.
    public init(source: String, variant: String) {
        self.source = source
        self.variant = variant
    }

    /// The key for `url` analysed by `analyzer`, with `thumbnail` when one is asked for,
    /// whatever the download limits; a ``RemoteImageLoader`` uses
    /// ``init(url:analyzer:thumbnail:limits:)``, which keys them too.
    /// - Parameters:
    ///   - url: The image's URL.
    ///   - analyzer: Its options and effective budget are part of the variant.
    ///   - thumbnail: Part of the variant when not `nil`.
    public init(url: URL, analyzer: ImageColorAnalyzer, thumbnail: ThumbnailRequest?) {
        self.init(source: url.absoluteString, variant: Self.variant(of: analyzer, thumbnail: thumbnail))
    }

    /// The key a ``RemoteImageLoader`` with `limits` uses: the download limits are part of the
    /// variant, so a result fetched under laxer ones (loopback allowed, private addresses
    /// allowed, a larger body, a downgrade allowed, more redirects or time) never answers a
    /// loader with stricter ones. A store shared between callers with different limits (a
    /// server's tenants) keeps one entry per set of limits.
    /// - Parameters:
    ///   - url: The image's URL.
    ///   - analyzer: Its options and effective budget are part of the variant.
    ///   - thumbnail: Part of the variant when not `nil`.
    ///   - limits: Part of the variant, except ``DownloadLimits/spoolThreshold`` (where a body
    ///     waits changes nothing in the result).
    public init(url: URL, analyzer: ImageColorAnalyzer, thumbnail: ThumbnailRequest?, limits: DownloadLimits) {
        var fetched = limits
        fetched.spoolThreshold = 0
        self.init(
            source: url.absoluteString,
            variant: Self.variant(of: analyzer, thumbnail: thumbnail) + " " + String(reflecting: fetched))
    }

    /// Bumped whenever the same bytes and options give different results (a changed quantizer,
    /// a new result field), so entries made by older code are not served. 2: results gained
    /// `appearances` and `placeholder`; 3: the background is chosen on the canonical 250 px
    /// image at every preset (issue 41), and an animation's lossless WebP frames counted over
    /// every frame on a scaled canvas are shrunk by the box rule, not libwebp's scaler; 4: the
    /// roles are chosen on the canonical image too (issue 41, items 2 and 3); 5: a hue of 2% of
    /// the pixels that no role carries takes a slot that would fall back, and a near-black is no
    /// colourful alternative to a black or white background (issue 41); 6: that hue needs 1.5%,
    /// not 2%.
    public static let resultsRevision = 6

    /// The variant string for `analyzer` and `thumbnail`: every stored property of the options,
    /// as Swift prints them, so a field added to ``AnalysisOptions`` is part of it too.
    /// - Parameters:
    ///   - analyzer: The options (with ``ImageColorAnalyzer/effectiveBudget`` as the budget).
    ///   - thumbnail: The thumbnail request, or `nil`.
    public static func variant(of analyzer: ImageColorAnalyzer, thumbnail: ThumbnailRequest?) -> String {
        var options = analyzer.options
        options.memoryBudget = analyzer.effectiveBudget
        return
            """
            r\(resultsRevision) \(String(reflecting: options)) \
            \(thumbnail.map { String(reflecting: $0) } ?? "no thumbnail")
            """
    }
}

/// One kept analysis and what HTTP says about reusing it.
public struct CachedAnalysis: Sendable, Hashable, Codable {
    /// The result, with `source` set to the URL.
    public var analysis: ColorAnalysis
    /// The thumbnail, when the key's variant asked for one.
    public var thumbnail: Thumbnail?
    /// The response's validators and freshness.
    public var policy: HTTPCachePolicy

    /// Whether this entry answers a request for `thumbnail`: always without one; with one, only
    /// when a thumbnail of that format, no larger than asked and not empty is kept. (A store
    /// written by another program or version may lack it; that is a miss, not a result.)
    /// - Parameter thumbnail: The request's thumbnail, or `nil`.
    public func serves(thumbnail request: ThumbnailRequest?) -> Bool {
        guard let request else { return true }
        guard let thumbnail else { return false }
        let longSide = min(max(request.longSide, 1), ThumbnailRequest.maximumLongSide)
        return thumbnail.format == request.format && !thumbnail.data.isEmpty
            && (1...longSide).contains(thumbnail.width) && (1...longSide).contains(thumbnail.height)
    }

    /// Creates an entry.
    /// - Parameters:
    ///   - analysis: The result.
    ///   - thumbnail: The thumbnail, or `nil`.
    ///   - policy: Validators and freshness.
    public init(analysis: ColorAnalysis, thumbnail: Thumbnail?, policy: HTTPCachePolicy) {
        self.analysis = analysis
        self.thumbnail = thumbnail
        self.policy = policy
    }
}
