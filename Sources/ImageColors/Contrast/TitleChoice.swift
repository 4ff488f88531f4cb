import Foundation

/// Whether a title drawn over a background should be light or dark.
public enum TitleText: String, Codable, Sendable, Hashable, CaseIterable {
    /// Light text (white), for dark backgrounds.
    case light
    /// Dark text (black), for light backgrounds.
    case dark
}

/// The title colour for a background, chosen by the W3C/AERT brightness rule, with the
/// WCAG contrast ratio of the result reported alongside.
///
/// Encodes to the CLI contract's `title` object:
/// `{"text":"light","color":"#ffffff","brightness":38.6,"contrastRatio":14.2}`.
/// The struct keeps full precision; only the encoded form is rounded (brightness to 1 decimal,
/// contrast ratio to 2), so decoding what was encoded and encoding again gives the same JSON.
public struct TitleChoice: Sendable, Codable, Hashable {
    /// Light or dark.
    public var text: TitleText
    /// The title colour: `#ffffff` for light text, `#000000` for dark.
    public var color: RGBColor
    /// The background's brightness, `(R·299 + G·587 + B·114) / 1000`, 0–255.
    public var brightness: Double
    /// The WCAG 2.x contrast ratio of ``color`` on the background, 1–21.
    public var contrastRatio: Double

    /// The brightness above which a background gets dark text, on the 0–255 scale.
    ///
    /// 125 is the AERT/W3C guideline's midpoint; the comparison is strict, so a background of
    /// exactly 125 still gets light text.
    public static let defaultBrightnessThreshold: Double = 125

    /// Chooses the title for a background.
    /// - Parameters:
    ///   - background: The colour the title is drawn on.
    ///   - brightnessThreshold: Dark text when the background's brightness is strictly greater
    ///     than this, light text otherwise; default 125 (``defaultBrightnessThreshold``).
    public init(background: RGBColor, brightnessThreshold: Double = TitleChoice.defaultBrightnessThreshold) {
        let brightness = Contrast.brightness(background)
        let text: TitleText = brightness > brightnessThreshold ? .dark : .light
        let color: RGBColor = text == .dark ? .black : .white
        self.init(text: text, color: color, brightness: brightness,
                  contrastRatio: Contrast.contrastRatio(color, background))
    }

    /// Creates a choice from its parts as they are, without checking that they agree.
    /// - Parameters:
    ///   - text: Light or dark.
    ///   - color: The title colour.
    ///   - brightness: The background's brightness, 0–255.
    ///   - contrastRatio: The WCAG ratio of `color` on the background.
    public init(text: TitleText, color: RGBColor, brightness: Double, contrastRatio: Double) {
        self.text = text
        self.color = color
        self.brightness = brightness
        self.contrastRatio = contrastRatio
    }

    private enum CodingKeys: String, CodingKey {
        case text, color, brightness, contrastRatio
    }

    /// Decodes the `title` object. Numbers are taken as they are (they were rounded when encoded).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(text: try container.decode(TitleText.self, forKey: .text),
                  color: try container.decode(RGBColor.self, forKey: .color),
                  brightness: try container.decode(Double.self, forKey: .brightness),
                  contrastRatio: try container.decode(Double.self, forKey: .contrastRatio))
    }

    /// Encodes the `title` object with brightness rounded to 1 decimal and the contrast ratio to 2.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode(color, forKey: .color)
        // Rounded for people and for stable JSON: more digits would only show float noise.
        try container.encode(Self.rounded(brightness, decimals: 1), forKey: .brightness)
        try container.encode(Self.rounded(contrastRatio, decimals: 2), forKey: .contrastRatio)
    }

    /// Rounds half away from zero to a number of decimals; rounding an already rounded value
    /// returns it unchanged, which is what makes encode → decode → encode stable.
    static func rounded(_ value: Double, decimals: Int) -> Double {
        let scale = pow(10, Double(decimals))
        return (value * scale).rounded(.toNearestOrAwayFromZero) / scale
    }
}
