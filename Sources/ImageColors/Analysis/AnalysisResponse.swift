import Foundation

/// What one analysis made: the colours and, when one was asked for, the thumbnail from the same
/// decoding pass.
///
/// Returned by ``ImageColorAnalyzer/analyze(_:thumbnail:)``. `ImageColorsRemote`'s loader and
/// `ImageColorsCache` return the same two parts in their `AnalyzedImage`, with how the cache
/// served them.
///
/// ```swift
/// let response = try await analyzer.analyze(.file("cover.jpg"), thumbnail: ThumbnailRequest(longSide: 200))
/// entry.background = response.analysis.background.hex
/// entry.thumbnail = response.thumbnail?.data
/// ```
public struct AnalysisResponse: Sendable, Hashable, Codable {
    /// The colours, the title choice and what the analysis saw.
    public var analysis: ColorAnalysis
    /// The thumbnail made from the same decoding pass; `nil` only when none was asked for.
    public var thumbnail: Thumbnail?

    /// Creates a response from its parts.
    /// - Parameters:
    ///   - analysis: The colours.
    ///   - thumbnail: The thumbnail; default `nil` (none asked for).
    public init(analysis: ColorAnalysis, thumbnail: Thumbnail? = nil) {
        self.analysis = analysis
        self.thumbnail = thumbnail
    }
}
