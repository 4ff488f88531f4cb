/// Every measure of one text colour on one background: what `imagecolors contrast` prints.
///
/// Encodes as one JSON object:
/// ```json
/// {"foreground":"#777777","background":"#ffffff","brightnessDifference":136,"colorDifference":408,
///  "aert":{"brightnessDifference":true,"colorDifference":false},"contrastRatio":4.48,
///  "wcag":{"aa":false,"aaLarge":true,"aaa":false,"aaaLarge":false},"apcaLc":71.1,
///  "scrim":{"target":4.5,"black":0.98}}
/// ```
/// Numbers are rounded like ``TitleChoice`` (brightness difference 1 decimal, ratio 2, Lc 1,
/// opacities up to 2); a scrim that cannot reach the target is left out. Decoding takes the
/// numbers as they are.
public struct ContrastReport: Sendable, Hashable, Codable {
    /// Whether a pair meets the AERT guideline's two thresholds.
    public struct AERT: Sendable, Hashable, Codable {
        /// The brightness difference is at least 125.
        public var brightnessDifference: Bool
        /// The colour difference is at least 500.
        public var colorDifference: Bool
    }

    /// The least opacities of a black and a white scrim over the background that bring the
    /// text to ``target``; `nil` where that scrim cannot.
    public struct Scrims: Sendable, Hashable, Codable {
        /// The ratio the scrims aim for.
        public var target: Double
        /// A black scrim's least opacity, 0–1, or `nil`.
        public var black: Double?
        /// A white scrim's least opacity, 0–1, or `nil`.
        public var white: Double?

        private enum CodingKeys: String, CodingKey { case target, black, white }

        /// Encodes the opacities rounded up to 2 decimals, leaving out the impossible ones.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(target, forKey: .target)
            try container.encodeIfPresent(black.map { TitleChoice.roundedUp($0, decimals: 2) }, forKey: .black)
            try container.encodeIfPresent(white.map { TitleChoice.roundedUp($0, decimals: 2) }, forKey: .white)
        }
    }

    /// The text colour.
    public var foreground: RGBColor
    /// The background colour.
    public var background: RGBColor
    /// ``Contrast/brightnessDifference(_:_:)``, 0–255.
    public var brightnessDifference: Double
    /// ``Contrast/colorDifference(_:_:)``, 0–765.
    public var colorDifference: Int
    /// Which AERT thresholds the pair meets.
    public var aert: AERT
    /// ``Contrast/contrastRatio(_:_:)``, 1–21.
    public var contrastRatio: Double
    /// The WCAG 2.x levels ``contrastRatio`` meets.
    public var wcag: WCAGLevels
    /// ``Contrast/apcaContrast(text:background:)`` with the foreground as text.
    public var apcaLc: Double
    /// The scrims that would bring the pair to 4.5:1 (or the target given).
    public var scrim: Scrims

    /// Measures a text colour on a background.
    /// - Parameters:
    ///   - foreground: The text colour.
    ///   - background: The background colour.
    ///   - scrimTarget: The ratio the scrims aim for; default 4.5 (WCAG AA for normal text).
    public init(foreground: RGBColor, background: RGBColor, scrimTarget: Double = WCAGLevels.aaMinimum) {
        self.foreground = foreground
        self.background = background
        brightnessDifference = Contrast.brightnessDifference(foreground, background)
        colorDifference = Contrast.colorDifference(foreground, background)
        aert = AERT(
            brightnessDifference: brightnessDifference >= Contrast.aertMinimumBrightnessDifference,
            colorDifference: colorDifference >= Contrast.aertMinimumColorDifference)
        contrastRatio = Contrast.contrastRatio(foreground, background)
        wcag = WCAGLevels(contrastRatio: contrastRatio)
        apcaLc = Contrast.apcaContrast(text: foreground, background: background)
        scrim = Scrims(
            target: scrimTarget,
            black: Contrast.scrimOpacity(.black, text: foreground, background: background, target: scrimTarget),
            white: Contrast.scrimOpacity(.white, text: foreground, background: background, target: scrimTarget))
    }

    private enum CodingKeys: String, CodingKey {
        case foreground, background, brightnessDifference, colorDifference, aert, contrastRatio, wcag, apcaLc, scrim
    }

    /// Encodes the report, rounded for people.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(foreground, forKey: .foreground)
        try container.encode(background, forKey: .background)
        try container.encode(TitleChoice.rounded(brightnessDifference, decimals: 1), forKey: .brightnessDifference)
        try container.encode(colorDifference, forKey: .colorDifference)
        try container.encode(aert, forKey: .aert)
        try container.encode(TitleChoice.rounded(contrastRatio, decimals: 2), forKey: .contrastRatio)
        try container.encode(wcag, forKey: .wcag)
        try container.encode(TitleChoice.rounded(apcaLc, decimals: 1), forKey: .apcaLc)
        try container.encode(scrim, forKey: .scrim)
    }
}
