// The classic scheme: ColorArt's role rules and colour tests, kept as ColorArt defined them (see
// each), and the count arithmetic.
extension Quantizer {
    /// The minimum HSB saturation a classic candidate is raised to (ColorArt's 0.15), so that
    /// text colours taken from washed-out areas still read as colours.
    public static let minimumSaturation = 0.15

    /// ``RoleScheme/classic``: the histogram's bins in descending count order (noise bins below
    /// ``candidateNoiseShare`` of the opaque pixels left out), each raised to saturation 0.15,
    /// kept only on the other lightness side of the background (ColorArt's `isDarkColor`) and
    /// at ``minimumContrast`` or more on it. Primary takes the first; secondary the next one
    /// distinct from the primary; detail the next one distinct from both.
    package func classicRoles(in histogram: ColorHistogram, background: RGBColor) -> [Choice] {
        let minimumCount = max(1, Self.smallestCount(reaching: Self.candidateNoiseShare, of: histogram.pixelCount))
        let wantDark = !Self.isDark(background)
        var chosen: [Choice] = []
        chosen.reserveCapacity(3)
        // The chosen colours in OKLab, converted once rather than at every comparison.
        var chosenLab: [OKLab] = []
        chosenLab.reserveCapacity(3)
        histogram.forEachRankedBin(minimumCount: minimumCount) { index in
            // The count that ranked this bin is its own; raising saturation afterwards only
            // changes the colour that is reported.
            let original = histogram.meanColor(ofBin: index)!
            let color = Self.raisingSaturation(of: original, to: Self.minimumSaturation)
            guard Self.isDark(color) == wantDark else { return true }
            let ratio = Contrast.contrastRatio(color, background)
            guard ratio >= minimumContrast else { return true }
            let lab = OKLab(color)
            guard chosenLab.allSatisfy({ Self.isDistinct($0, lab) }) else { return true }
            let share = Double(histogram.count(ofBin: index)) / Double(histogram.pixelCount)
            chosen.append(
                Choice(
                    color: color,
                    report: RoleReport(
                        source: .image, share: share, contrastRatio: ratio,
                        adjustment: color == original
                            ? nil : .init(original: original, deltaL: lab.lightness - OKLab(original).lightness))))
            chosenLab.append(lab)
            return chosen.count < 3
        }
        return chosen
    }

    /// The smallest whole count that is at least `share × total`.
    ///
    /// The tolerance absorbs binary rounding, so that a share that should land on a whole count
    /// does not round up past it (0.07 × 100 is 7.000000000000001 in `Double`; the count is 7).
    package static func smallestCount(reaching share: Double, of total: Int) -> Int {
        Int((share * Double(total) - 1e-9).rounded(.up))
    }

    /// ColorArt's `pc_isDarkColor`: `0.2126 r + 0.7152 g + 0.0722 b < 0.5` on the gamma-encoded
    /// 0–1 sRGB values (not linearised, unlike WCAG luminance). It only decides which side of
    /// the background candidates must be on; readability is checked by the WCAG ratio.
    /// - Parameter color: The colour.
    package static func isDark(_ color: RGBColor) -> Bool {
        let weighted = 0.2126 * Double(color.red) + 0.7152 * Double(color.green) + 0.0722 * Double(color.blue)
        return weighted / 255 < 0.5
    }

    /// ColorArt's `pc_isBlackOrWhite`: every channel above 0.91, or every channel below 0.09,
    /// on 0–1 (i.e. all ≥ 233 or all ≤ 22 on 0–255); with a `margin`, above 0.91 − margin or
    /// below 0.09 + margin.
    /// - Parameters:
    ///   - color: The colour.
    ///   - margin: How much both cuts are widened; default 0, ColorArt's own.
    package static func isBlackOrWhite(_ color: RGBColor, margin: Double = 0) -> Bool {
        let high = Double(max(color.red, color.green, color.blue)) / 255
        let low = Double(min(color.red, color.green, color.blue)) / 255
        return low > 0.91 - margin || high < 0.09 + margin
    }

    /// The colour with its HSB saturation raised to at least `minimum`, hue and brightness kept.
    ///
    /// Colours whose channels spread by 2 or less are left alone: their hue is rounding noise
    /// (a pure grey has none; ColorArt took Cocoa's hue 0 and tinted every grey red, e.g.
    /// `#808080` → `#806d6d`).
    /// - Parameters:
    ///   - color: The colour.
    ///   - minimum: The smallest saturation, 0–1.
    package static func raisingSaturation(of color: RGBColor, to minimum: Double) -> RGBColor {
        let high = max(color.red, color.green, color.blue)
        let low = min(color.red, color.green, color.blue)
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
