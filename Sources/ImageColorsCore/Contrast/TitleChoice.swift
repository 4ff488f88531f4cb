#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Whether a title drawn over a background should be light or dark.
public enum TitleText: String, Codable, Sendable, Hashable, CaseIterable {
    /// Light text (white), for dark backgrounds.
    case light
    /// Dark text (black), for light backgrounds.
    case dark

    /// The text's colour: `#ffffff` for light, `#000000` for dark.
    public var color: RGBColor { self == .light ? .white : .black }

    /// The other text: dark for light, light for dark.
    public var opposite: TitleText { self == .light ? .dark : .light }
}

/// The title colour for a background, chosen by a ``TitleRule`` (the W3C/AERT brightness rule
/// unless told otherwise), with both candidates measured alongside.
///
/// Encodes to the CLI contract's `title` object, whose first four keys keep their meaning:
/// ```json
/// {"text":"light","color":"#ffffff","brightness":38.6,"contrastRatio":14.2,"rule":"brightness",
///  "candidates":{"light":{"contrastRatio":14.2,"apcaLc":-98.3},"dark":{"contrastRatio":1.48,"apcaLc":0}}}
/// ```
/// plus `warning` when the chosen colour fails 3:1 while the other passes, and `region` when a
/// ``RegionContrast`` was attached. Keys whose value is `nil` are left out. The struct keeps full
/// precision; only the encoded form is rounded (brightness to 1 decimal, ratios to 2, Lc to 1),
/// so decoding what was encoded and encoding again gives the same JSON.
public struct TitleChoice: Sendable, Codable, Hashable {
    /// Light or dark.
    public var text: TitleText
    /// The title colour: `#ffffff` for light text, `#000000` for dark.
    public var color: RGBColor
    /// The background's brightness, `(R·299 + G·587 + B·114) / 1000`, 0–255.
    public var brightness: Double
    /// The WCAG 2.x contrast ratio of ``color`` on the background, 1–21.
    public var contrastRatio: Double
    /// The rule that chose ``text``; `nil` only when decoded from JSON that did not say.
    public var rule: TitleRule?
    /// White and black text measured on the background (WCAG ratio and APCA Lc); `nil` only when
    /// decoded from JSON without them.
    public var candidates: TitleCandidates?
    /// Set when the chosen text is under 3:1 (unreadable even as large text) while the other
    /// reaches 3:1, e.g. "light text has 2.02:1 here, under 3:1, where dark text would have 10.39:1".
    public var warning: String?
    /// The contrast of both texts over the picture itself, when a title region was analysed.
    public var region: RegionContrast?

    /// The brightness above which a background gets dark text, on the 0–255 scale.
    ///
    /// 125 is the AERT/W3C guideline's midpoint; the comparison is strict, so a background of
    /// exactly 125 still gets light text.
    public static let defaultBrightnessThreshold: Double = 125

    /// Chooses the title for a background and measures both candidates.
    /// - Parameters:
    ///   - background: The colour the title is drawn on.
    ///   - rule: How to choose; default ``TitleRule/brightness``.
    ///   - brightnessThreshold: For the brightness rule: dark text when the background's brightness
    ///     is strictly greater than this, light text otherwise; default 125
    ///     (``defaultBrightnessThreshold``). Ignored by the other rules.
    public init(
        background: RGBColor, rule: TitleRule = .default,
        brightnessThreshold: Double = TitleChoice.defaultBrightnessThreshold
    ) {
        let candidates = TitleCandidates(background: background)
        let text = rule.choose(background: background, candidates: candidates, brightnessThreshold: brightnessThreshold)
        self.init(
            text: text, color: text.color, brightness: Contrast.brightness(background),
            contrastRatio: candidates[text].contrastRatio)
        self.rule = rule
        self.candidates = candidates
        self.warning = Self.warning(text: text, candidates: candidates)
    }

    /// Creates a choice from its parts as they are, without checking that they agree; the
    /// optional parts (rule, candidates, warning, region) are `nil`.
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

    /// The warning for a choice, or `nil` when the chosen text reaches 3:1 or the other does not.
    package static func warning(text: TitleText, candidates: TitleCandidates) -> String? {
        let chosen = candidates[text].contrastRatio
        let other = candidates[text.opposite].contrastRatio
        let minimum = WCAGLevels.aaLargeMinimum
        guard chosen < minimum, other >= minimum else { return nil }
        return "\(text.rawValue) text has \(chosen.formatted(decimals: 2)):1 here, under 3:1, where "
            + "\(text.opposite.rawValue) text would have \(other.formatted(decimals: 2)):1"
    }

    private enum CodingKeys: String, CodingKey {
        case text, color, brightness, contrastRatio, rule, candidates, warning, region
    }

    /// Decodes the `title` object. Numbers are taken as they are (they were rounded when encoded);
    /// keys added after the contract's first four may be missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            text: try container.decode(TitleText.self, forKey: .text),
            color: try container.decode(RGBColor.self, forKey: .color),
            brightness: try container.decode(Double.self, forKey: .brightness),
            contrastRatio: try container.decode(Double.self, forKey: .contrastRatio))
        rule = try container.decodeIfPresent(TitleRule.self, forKey: .rule)
        candidates = try container.decodeIfPresent(TitleCandidates.self, forKey: .candidates)
        warning = try container.decodeIfPresent(String.self, forKey: .warning)
        region = try container.decodeIfPresent(RegionContrast.self, forKey: .region)
    }

    /// Encodes the `title` object with brightness rounded to 1 decimal and the contrast ratio to
    /// 2; `nil` parts are left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode(color, forKey: .color)
        // Rounded for people and for stable JSON: more digits would only show float noise.
        try container.encode(Self.rounded(brightness, decimals: 1), forKey: .brightness)
        try container.encode(Self.rounded(contrastRatio, decimals: 2), forKey: .contrastRatio)
        try container.encodeIfPresent(rule, forKey: .rule)
        try container.encodeIfPresent(candidates, forKey: .candidates)
        try container.encodeIfPresent(warning, forKey: .warning)
        try container.encodeIfPresent(region, forKey: .region)
    }

    /// Rounds half away from zero to a number of decimals; rounding an already rounded value
    /// returns it unchanged, which is what makes encode → decode → encode stable.
    package static func rounded(_ value: Double, decimals: Int) -> Double {
        let scale = pow(10, Double(decimals))
        return (value * scale).rounded(.toNearestOrAwayFromZero) / scale
    }

    /// Rounds up to a number of decimals, so a rounded opacity is never less than needed.
    ///
    /// A billionth of a step is forgiven first: 0.43 × 100 is 43.000000000000007 in binary, and
    /// without it an already rounded value would creep up by a step on every encode.
    package static func roundedUp(_ value: Double, decimals: Int) -> Double {
        let scale = pow(10, Double(decimals))
        let steps = (value * scale - 1e-9).rounded(.up)
        // `+ 0` turns the −0 that rounding −1e-9 up gives into 0, so JSON never shows "-0".
        return steps / scale + 0
    }
}
