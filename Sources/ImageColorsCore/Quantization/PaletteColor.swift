#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One colour of an image's palette and the share of the image it stands for.
public struct PaletteColor: Sendable, Hashable, Codable {
    /// The mean colour of the pixels this entry stands for.
    public var color: RGBColor
    /// The share of the image's opaque pixels this entry stands for, 0–1, to 4 decimals (as the
    /// JSON shows it, so a decoded result equals the original). The shares of a whole palette
    /// add up to 1 within that rounding.
    public var share: Double

    /// Creates a palette entry.
    /// - Parameters:
    ///   - color: The colour.
    ///   - share: Its share of the opaque pixels, 0–1.
    ///
    /// The share is rounded to 4 decimals: enough to tell a 0.05% patch from nothing, and no
    /// float noise in the JSON (`{"color":"#rrggbb","share":0.2313}`).
    public init(color: RGBColor, share: Double) {
        self.color = color
        self.share = (share * 10_000).rounded(.toNearestOrAwayFromZero) / 10_000
    }

    private enum CodingKeys: String, CodingKey { case color, share }

    /// Decodes an entry, through ``init(color:share:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            color: try container.decode(RGBColor.self, forKey: .color),
            share: try container.decode(Double.self, forKey: .share))
    }
}
