/// Where the background colour is looked for.
public enum BackgroundSource: String, Sendable, Codable, CaseIterable {
    /// A band round the image's four edges (see ``ColorHistogram/Region/border``): the colour a
    /// card around the image should continue. The default.
    case edges
    /// The whole image.
    case whole
}

/// Chooses a card's background, primary, secondary and detail colours from a small image.
///
/// This is the four-colour scheme of Panic's ColorArt (and its Swift port UIImageColors) with
/// its known defects fixed:
/// - colours are counted in bins of ``ColorHistogram`` and each bin reports the mean colour of
///   its pixels, so near-identical shades (and JPEG noise) add up instead of splitting;
/// - transparent pixels are never counted, so they cannot turn the background black;
/// - a candidate keeps the count of its own bin when its saturation is raised (ColorArt looked
///   up the raised colour, which was absent from the image, so every raised colour counted 0);
/// - roles need a WCAG contrast ratio of at least 3:1 against the background (ColorArt's 1.6
///   ratio of gamma-encoded luma let pairs of nearly equal luminance through);
/// - distinctness is measured in OKLab (``ColorDistance``), not per sRGB channel;
/// - every tie is broken by bin index, so results never depend on hashing order.
public struct Quantizer: Sendable {
    /// Where the background is looked for.
    public let backgroundSource: BackgroundSource
    /// Bits per channel of the histogram bins, 1…6.
    public let binBits: Int

    /// The minimum HSB saturation a candidate colour is raised to (ColorArt's 0.15), so that
    /// text colours taken from washed-out areas still read as colours.
    public static let minimumSaturation = 0.15
    /// The WCAG contrast ratio every role must reach against the background: 3:1, WCAG's
    /// minimum for large text and graphics (titles are large; body text would need 4.5).
    public static let minimumContrastRatio = 3.0
    /// A black or white background gives way to a colourful edge bin holding at least this share
    /// of the winner's count (ColorArt's 30%).
    public static let backgroundAlternativeShare = 0.3
    /// Edge bins holding less than this share of the counted band (1%) are noise and cannot be
    /// that colourful alternative. ColorArt used 1% of the image height on its one-pixel column.
    public static let backgroundNoiseShare = 0.01
    /// Bins holding less than this share of the opaque pixels (0.05%, at least 1 pixel) are
    /// noise and never become a role: at 250×250 that is 32 pixels, a 6×6 patch.
    public static let candidateNoiseShare = 0.0005

    /// Creates a quantizer.
    /// - Parameters:
    ///   - backgroundSource: Where the background is looked for; default ``BackgroundSource/edges``.
    ///   - binBits: Histogram bits per channel, 1…6; default 5 (32768 bins).
    public init(backgroundSource: BackgroundSource = .edges, binBits: Int = 5) {
        precondition((1...6).contains(binBits), "Quantizer: binBits \(binBits) is not in 1...6")
        self.backgroundSource = backgroundSource
        self.binBits = binBits
    }

    /// Chooses the four colours of an image.
    ///
    /// - The background is the most common bin of the edge band (or of the whole image). When
    ///   that is black or white, the most common other bin wins instead if it is neither black
    ///   nor white, holds at least 30% of the winner's count and is not noise (≥ 1% of the band).
    ///   When the band has no opaque pixel (a logo on transparency) the background is white,
    ///   or black if the image's most common colour is light, so the logo stays visible on it.
    ///   An image with no opaque pixel at all gets a white background.
    /// - Candidates for the roles are the whole image's bins in descending count order (noise
    ///   bins below 0.05% of the opaque pixels left out), each raised to saturation 0.15, kept
    ///   only on the other lightness side of the background (ColorArt's `isDarkColor`) and at ≥ 3:1
    ///   contrast with it. Primary takes the first; secondary the next one distinct from the
    ///   primary; detail the next one distinct from both.
    /// - A role without a candidate falls back to white on a dark background, black on a light
    ///   one, and is listed in ``ColorRoles/fallback``.
    /// - Parameter image: The image, typically already downscaled (e.g. 250 px long side).
    /// - Returns: The four colours and which roles fell back.
    public func roles(of image: RGBAImage) -> ColorRoles {
        // One histogram: the band first, then the rest of the image added to the same tables, so
        // every pixel is read once and nothing is allocated or cleared twice.
        var histogram = ColorHistogram(image: image, region: backgroundSource == .edges ? .border : .whole,
                                       bitsPerChannel: binBits)
        let fromRegion = Self.preferredBackground(in: histogram)
        if backgroundSource == .edges { histogram.countInterior(of: image) }
        let background: RGBColor
        if let fromRegion {
            background = fromRegion
        } else if let dominant = histogram.mostCommonBin {
            // Transparent edges say nothing about the card; pick the neutral that contrasts with
            // what is drawn, so the image (e.g. a dark logo) does not vanish into its card.
            background = Self.isDark(dominant.meanColor) ? .white : .black
        } else {
            // Nothing opaque anywhere: there is no colour to continue; white is the neutral card.
            background = .white
        }
        let fallbackColor: RGBColor = Self.isDark(background) ? .white : .black

        let minimumCount = max(1, Self.smallestCount(reaching: Self.candidateNoiseShare, of: histogram.pixelCount))
        let wantDark = !Self.isDark(background)
        var chosen: [RGBColor] = []
        chosen.reserveCapacity(3)
        // The chosen colours in OKLab, converted once rather than at every comparison.
        var chosenLab: [OKLab] = []
        chosenLab.reserveCapacity(3)
        histogram.forEachRankedBin(minimumCount: minimumCount) { index in
            // The count that ranked this bin is its own; raising saturation afterwards only
            // changes the colour that is reported.
            let color = Self.raisingSaturation(of: histogram.meanColor(ofBin: index)!, to: Self.minimumSaturation)
            guard Self.isDark(color) == wantDark,
                  Contrast.contrastRatio(color, background) >= Self.minimumContrastRatio
            else { return true }
            let lab = OKLab(color)
            guard chosenLab.allSatisfy({ Self.isDistinct($0, lab) }) else { return true }
            chosen.append(color)
            chosenLab.append(lab)
            return chosen.count < 3
        }

        return ColorRoles(
            background: background,
            primary: chosen.count > 0 ? chosen[0] : fallbackColor,
            secondary: chosen.count > 1 ? chosen[1] : fallbackColor,
            detail: chosen.count > 2 ? chosen[2] : fallbackColor,
            fallback: Array(ColorRole.allCases[chosen.count...]))
    }

    /// The most common bin of a histogram, giving way to a colourful bin when it is black or
    /// white (see ``backgroundAlternativeShare`` and ``backgroundNoiseShare``); `nil` when the
    /// histogram counted nothing.
    private static func preferredBackground(in histogram: ColorHistogram) -> RGBColor? {
        guard let winner = histogram.mostCommonBin else { return nil }
        guard isBlackOrWhite(winner.meanColor) else { return winner.meanColor }
        let floor = max(smallestCount(reaching: backgroundAlternativeShare, of: winner.count),
                        smallestCount(reaching: backgroundNoiseShare, of: histogram.pixelCount), 1)
        var alternative: RGBColor?
        histogram.forEachRankedBin(minimumCount: floor) { index in
            guard index != winner.index else { return true }
            let color = histogram.meanColor(ofBin: index)!
            if isBlackOrWhite(color) { return true }
            alternative = color
            return false
        }
        return alternative ?? winner.meanColor
    }

    /// ``ColorDistance/isDistinct(_:_:threshold:)`` at the default threshold, on colours already
    /// in OKLab: the same comparisons in the same order, so the same answers.
    private static func isDistinct(_ labX: OKLab, _ labY: OKLab) -> Bool {
        if labX.chroma < ColorDistance.greyChromaThreshold && labY.chroma < ColorDistance.greyChromaThreshold { return false }
        return labX.distance(to: labY) >= ColorDistance.distinctThreshold
    }

    /// The smallest whole count that is at least `share × total`.
    ///
    /// The tolerance absorbs binary rounding, so that a share that should land on a whole count
    /// does not round up past it (0.07 × 100 is 7.000000000000001 in `Double`; the count is 7).
    static func smallestCount(reaching share: Double, of total: Int) -> Int {
        Int((share * Double(total) - 1e-9).rounded(.up))
    }

    /// ColorArt's `pc_isDarkColor`: `0.2126 r + 0.7152 g + 0.0722 b < 0.5` on the gamma-encoded
    /// 0–1 sRGB values (not linearised, unlike WCAG luminance). It only decides which side of
    /// the background candidates must be on; readability is checked by the WCAG ratio.
    /// - Parameter color: The colour.
    static func isDark(_ color: RGBColor) -> Bool {
        let weighted = 0.2126 * Double(color.red) + 0.7152 * Double(color.green) + 0.0722 * Double(color.blue)
        return weighted / 255 < 0.5
    }

    /// ColorArt's `pc_isBlackOrWhite`: every channel above 0.91, or every channel below 0.09,
    /// on 0–1 (i.e. all ≥ 233 or all ≤ 22 on 0–255).
    /// - Parameter color: The colour.
    static func isBlackOrWhite(_ color: RGBColor) -> Bool {
        let high = Double(max(color.red, color.green, color.blue)) / 255
        let low = Double(min(color.red, color.green, color.blue)) / 255
        return low > 0.91 || high < 0.09
    }

    /// The colour with its HSB saturation raised to at least `minimum`, hue and brightness kept.
    ///
    /// Colours whose channels spread by 2 or less are left alone: their hue is rounding noise
    /// (a pure grey has none; ColorArt took Cocoa's hue 0 and tinted every grey red, e.g.
    /// `#808080` → `#806d6d`).
    /// - Parameters:
    ///   - color: The colour.
    ///   - minimum: The smallest saturation, 0–1.
    static func raisingSaturation(of color: RGBColor, to minimum: Double) -> RGBColor {
        let high = max(color.red, color.green, color.blue), low = min(color.red, color.green, color.blue)
        guard high - low > 2 else { return color }
        let value = Double(high)
        let saturation = Double(high - low) / value
        guard saturation < minimum else { return color }
        // At fixed hue and brightness every channel's distance below the maximum scales with
        // saturation, so one factor raises it without converting to HSB and back.
        let factor = minimum / saturation
        func raise(_ c: UInt8) -> UInt8 { UInt8((value - (value - Double(c)) * factor).rounded()) }
        return RGBColor(red: raise(color.red), green: raise(color.green), blue: raise(color.blue))
    }
}
