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

    /// What quantizing an image gives: the four roles (with their reports) and, when asked
    /// for, a palette.
    public struct Result: Sendable, Hashable {
        /// The four colours, which fell back, and how each was chosen.
        public var roles: ColorRoles
        /// The palette, by descending share; empty unless asked for.
        public var palette: [PaletteColor]
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
        quantize(image).roles
    }

    /// Chooses the four colours of an image (see ``roles(of:)``) and, when `paletteSize` is
    /// above 0, its palette from the same histogram (see ``PaletteColor``).
    /// - Parameters:
    ///   - image: The image, typically already downscaled.
    ///   - paletteSize: How many palette colours, 0…64; default 0 (no palette).
    public func quantize(_ image: RGBAImage, paletteSize: Int = 0) -> Result {
        precondition((0...ColorPalette.maximumCount).contains(paletteSize),
                     "Quantizer: palette size \(paletteSize) is not in 0...\(ColorPalette.maximumCount)")
        // One histogram: the band first, then the rest of the image added to the same tables, so
        // every pixel is read once and nothing is allocated or cleared twice.
        var histogram = ColorHistogram(image: image, region: backgroundSource == .edges ? .border : .whole,
                                       bitsPerChannel: binBits)
        let fromRegion = Self.preferredBackground(in: histogram)
        if backgroundSource == .edges { histogram.countInterior(of: image) }
        let background: RGBColor, backgroundReport: RoleReport
        if let fromRegion {
            background = fromRegion.color
            backgroundReport = RoleReport(source: backgroundSource == .edges ? .edges : .image, share: fromRegion.share)
        } else if let dominant = histogram.mostCommonBin {
            // Transparent edges say nothing about the card; pick the neutral that contrasts with
            // what is drawn, so the image (e.g. a dark logo) does not vanish into its card.
            background = Self.isDark(dominant.meanColor) ? .white : .black
            backgroundReport = RoleReport(source: .fallback)
        } else {
            // Nothing opaque anywhere: there is no colour to continue; white is the neutral card.
            background = .white
            backgroundReport = RoleReport(source: .fallback)
        }
        let fallbackColor: RGBColor = Self.isDark(background) ? .white : .black

        let minimumCount = max(1, Self.smallestCount(reaching: Self.candidateNoiseShare, of: histogram.pixelCount))
        let wantDark = !Self.isDark(background)
        var chosen: [(color: RGBColor, report: RoleReport)] = []
        chosen.reserveCapacity(3)
        // The chosen colours in OKLab, converted once rather than at every comparison.
        var chosenLab: [OKLab] = []
        chosenLab.reserveCapacity(3)
        histogram.forEachRankedBin(minimumCount: minimumCount) { index in
            // The count that ranked this bin is its own; raising saturation afterwards only
            // changes the colour that is reported.
            let color = Self.raisingSaturation(of: histogram.meanColor(ofBin: index)!, to: Self.minimumSaturation)
            guard Self.isDark(color) == wantDark else { return true }
            let ratio = Contrast.contrastRatio(color, background)
            guard ratio >= Self.minimumContrastRatio else { return true }
            let lab = OKLab(color)
            guard chosenLab.allSatisfy({ Self.isDistinct($0, lab) }) else { return true }
            let share = Double(histogram.count(ofBin: index)) / Double(histogram.pixelCount)
            chosen.append((color, RoleReport(source: .image, share: share, contrastRatio: ratio)))
            chosenLab.append(lab)
            return chosen.count < 3
        }
        let fallbackReport = RoleReport(source: .fallback, contrastRatio: Contrast.contrastRatio(fallbackColor, background))
        func role(_ i: Int) -> (color: RGBColor, report: RoleReport) {
            i < chosen.count ? chosen[i] : (fallbackColor, fallbackReport)
        }
        let roles = ColorRoles(
            background: background, primary: role(0).color, secondary: role(1).color, detail: role(2).color,
            fallback: Array(ColorRole.allCases[chosen.count...]),
            reports: RoleReports(background: backgroundReport, primary: role(0).report,
                                 secondary: role(1).report, detail: role(2).report))
        let palette = paletteSize > 0 ? ColorPalette.colors(in: histogram, count: paletteSize) : []
        return Result(roles: roles, palette: palette)
    }

    /// The most common bin of a histogram, giving way to a colourful bin when it is black or
    /// white (see ``backgroundAlternativeShare`` and ``backgroundNoiseShare``); `nil` when the
    /// histogram counted nothing.
    private static func preferredBackground(in histogram: ColorHistogram) -> (color: RGBColor, share: Double)? {
        guard let winner = histogram.mostCommonBin else { return nil }
        func share(_ count: Int) -> Double { Double(count) / Double(histogram.pixelCount) }
        guard isBlackOrWhite(winner.meanColor) else { return (winner.meanColor, share(winner.count)) }
        let floor = max(smallestCount(reaching: backgroundAlternativeShare, of: winner.count),
                        smallestCount(reaching: backgroundNoiseShare, of: histogram.pixelCount), 1)
        var alternative: (color: RGBColor, share: Double)?
        histogram.forEachRankedBin(minimumCount: floor) { index in
            guard index != winner.index else { return true }
            let color = histogram.meanColor(ofBin: index)!
            if isBlackOrWhite(color) { return true }
            alternative = (color, share(histogram.count(ofBin: index)))
            return false
        }
        return alternative ?? (winner.meanColor, share(winner.count))
    }

    /// ``ColorDistance/isDistinct(_:_:threshold:)`` at the default threshold, on colours already
    /// in OKLab: the same comparisons in the same order, so the same answers.
    private static func isDistinct(_ labX: OKLab, _ labY: OKLab) -> Bool {
        if labX.chroma < ColorDistance.greyChromaThreshold && labY.chroma < ColorDistance.greyChromaThreshold { return false }
        return labX.distance(to: labY) >= ColorDistance.distinctThreshold
    }
}
