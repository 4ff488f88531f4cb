import Foundation

/// One colour of an image's palette and the share of the image it stands for.
public struct PaletteColor: Sendable, Hashable, Codable {
    /// The mean colour of the pixels this entry stands for.
    public var color: RGBColor
    /// The share of the image's opaque pixels this entry stands for, 0–1. The shares of a whole
    /// palette add up to 1 (before rounding).
    public var share: Double

    /// Creates a palette entry.
    /// - Parameters:
    ///   - color: The colour.
    ///   - share: Its share of the opaque pixels, 0–1.
    public init(color: RGBColor, share: Double) {
        self.color = color
        self.share = share
    }

    private enum CodingKeys: String, CodingKey { case color, share }

    /// Encodes `{"color":"#rrggbb","share":0.2313}`, the share rounded to 4 decimals: enough to
    /// tell a 0.05% patch from nothing, and no float noise in the JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(color, forKey: .color)
        try container.encode((share * 10_000).rounded(.toNearestOrAwayFromZero) / 10_000, forKey: .share)
    }
}
