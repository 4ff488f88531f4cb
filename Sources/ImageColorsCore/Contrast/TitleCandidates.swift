#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One possible title colour measured on a background.
///
/// Encodes as `{"contrastRatio":14.2,"apcaLc":-98.3}`: the ratio rounded to 2 decimals and Lc
/// to 1, like ``TitleChoice``; the struct keeps full precision.
public struct TitleCandidate: Sendable, Hashable, Codable {
    /// The WCAG 2.x ratio of the text colour on the background, 1–21.
    public var contrastRatio: Double
    /// The APCA Lc of the text colour on the background: negative for light text on a darker
    /// background, positive for dark text on a lighter one.
    public var apcaLc: Double

    /// Measures a text on a background.
    /// - Parameters:
    ///   - text: Light (white) or dark (black).
    ///   - background: The colour the title is drawn on.
    public init(text: TitleText, background: RGBColor) {
        self.init(
            contrastRatio: Contrast.contrastRatio(text.color, background),
            apcaLc: Contrast.apcaContrast(text: text.color, background: background))
    }

    /// Creates a candidate from its measures as they are.
    /// - Parameters:
    ///   - contrastRatio: The WCAG ratio.
    ///   - apcaLc: The APCA Lc.
    public init(contrastRatio: Double, apcaLc: Double) {
        self.contrastRatio = contrastRatio
        self.apcaLc = apcaLc
    }

    private enum CodingKeys: String, CodingKey {
        case contrastRatio, apcaLc
    }

    /// Encodes the ratio rounded to 2 decimals and Lc to 1.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(TitleChoice.rounded(contrastRatio, decimals: 2), forKey: .contrastRatio)
        try container.encode(TitleChoice.rounded(apcaLc, decimals: 1), forKey: .apcaLc)
    }
}

/// Both possible title colours, white and black, measured on one background.
///
/// Encodes as `{"light":{…},"dark":{…}}`.
public struct TitleCandidates: Sendable, Hashable, Codable {
    /// White text on the background.
    public var light: TitleCandidate
    /// Black text on the background.
    public var dark: TitleCandidate

    /// Measures white and black text on a background.
    /// - Parameter background: The colour the title is drawn on.
    public init(background: RGBColor) {
        self.init(
            light: TitleCandidate(text: .light, background: background),
            dark: TitleCandidate(text: .dark, background: background))
    }

    /// Creates the pair from its parts.
    /// - Parameters:
    ///   - light: White text's measures.
    ///   - dark: Black text's measures.
    public init(light: TitleCandidate, dark: TitleCandidate) {
        self.light = light
        self.dark = dark
    }

    /// The measures of one text.
    /// - Parameter text: Light or dark.
    public subscript(text: TitleText) -> TitleCandidate {
        text == .light ? light : dark
    }
}
