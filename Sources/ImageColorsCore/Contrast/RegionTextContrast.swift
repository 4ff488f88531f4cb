#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How readable one title text (white or black) is over the pixels of a region.
///
/// Encodes as `{"worstContrast":2.41,"shareUnder4_5":0.213,"shareUnder3":0.052,"scrimOpacity":0.35}`:
/// the contrast rounded to 2 decimals, shares to 3, and the opacity rounded *up* to 2 so the
/// printed opacity is always enough. The struct keeps full precision.
public struct RegionTextContrast: Sendable, Hashable, Codable {
    /// The WCAG ratio at the 5th-percentile pixel: the nearest-rank 5th percentile of the
    /// per-pixel ratios (the ⌈5 % · N⌉-th lowest of N; the lowest when N < 20).
    public var worstContrast: Double
    /// The share of the region's pixels on which the text is under 4.5:1, 0–1.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // The name is the JSON key users already parse (`shareUnder4_5`); 4.5 has no camel-case spelling.
    public var shareUnder4_5: Double
    /// The share of the region's pixels on which the text is under 3:1, 0–1.
    public var shareUnder3: Double
    /// The least opacity of a scrim (black under light text, white under dark text) that
    /// brings at least 95 % of the region's pixels (⌈95 % · N⌉ of N) to 4.5:1; 0 when they
    /// already are.
    public var scrimOpacity: Double

    /// Creates a measure from its values as they are.
    /// - Parameters:
    ///   - worstContrast: The 5th-percentile ratio, 1–21.
    ///   - shareUnder4_5: Share under 4.5:1, 0–1.
    ///   - shareUnder3: Share under 3:1, 0–1.
    ///   - scrimOpacity: Least scrim opacity, 0–1.
    public init(worstContrast: Double, shareUnder4_5: Double, shareUnder3: Double, scrimOpacity: Double) {
        self.worstContrast = worstContrast
        self.shareUnder4_5 = shareUnder4_5
        self.shareUnder3 = shareUnder3
        self.scrimOpacity = scrimOpacity
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    private enum CodingKeys: String, CodingKey {
        case worstContrast, shareUnder4_5, shareUnder3, scrimOpacity
    }

    /// Encodes with the contrast rounded to 2 decimals, shares to 3 and the opacity up to 2.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(TitleChoice.rounded(worstContrast, decimals: 2), forKey: .worstContrast)
        try container.encode(TitleChoice.rounded(shareUnder4_5, decimals: 3), forKey: .shareUnder4_5)
        try container.encode(TitleChoice.rounded(shareUnder3, decimals: 3), forKey: .shareUnder3)
        try container.encode(TitleChoice.roundedUp(scrimOpacity, decimals: 2), forKey: .scrimOpacity)
    }
}
