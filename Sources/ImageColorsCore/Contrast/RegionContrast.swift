/// How readable a white and a black title are over the picture itself, in the region where the
/// title is drawn: the numbers a designer needs before putting text on a photo.
///
/// Measured on the analysed (downscaled) image, pixel by pixel, with partly transparent pixels
/// composited over the card's background first (see ``init(image:area:background:)``).
/// Encodes as the `title.region` object:
/// ```json
/// {"area":"bottom","rect":{"x":0,"y":111,"width":250,"height":56},
///  "light":{"worstContrast":2.41,"shareUnder4_5":0.213,"shareUnder3":0.052,"scrimOpacity":0.35},
///  "dark":{…}}
/// ```
public struct RegionContrast: Sendable, Hashable, Codable {
    /// The region as asked for.
    public var area: TitleRegion
    /// The pixels of the analysed image it covered.
    public var rect: PixelRect
    /// White text over the region; its scrim is black.
    public var light: RegionTextContrast
    /// Black text over the region; its scrim is white.
    public var dark: RegionTextContrast

    /// The ratio text should reach on a pixel: 4.5, WCAG AA for normal text.
    public static let targetRatio = WCAGLevels.aaMinimum
    /// The percentile reported as the worst contrast: 5 (so one odd pixel does not decide).
    public static let worstPercentile = 5
    /// The percentage of pixels a scrim must bring to ``targetRatio``: 95.
    public static let scrimCoverage = 95

    /// Measures white and black text over a region of an image.
    ///
    /// Every figure is exact and deterministic: the percentile is nearest-rank over all the
    /// region's pixels (found by radix selection, not sampling), and the scrim opacity is the
    /// least (to 6·10⁻⁸) at which ⌈95 % · N⌉ pixels reach 4.5:1 after 8-bit compositing.
    /// - Parameters:
    ///   - image: The analysed image (the downscaled one the colours came from).
    ///   - area: Where the title goes.
    ///   - background: The card's background colour; partly or fully transparent pixels are
    ///     composited over it, because that is what shows through under the title.
    /// - Throws: ``TitleRegionError/emptyImage`` when the image has no pixels.
    public init(image: RGBAImage, area: TitleRegion, background: RGBColor) throws(TitleRegionError) {
        guard image.width > 0, image.height > 0 else { throw .emptyImage }
        let rect = area.pixelRect(width: image.width, height: image.height)
        let pixels = RegionPixels(image: image, rect: rect, background: background)
        let count = rect.area

        // Shares, in one pass.
        var lightUnder = (ratio4_5: 0, ratio3: 0)
        var darkUnder = (ratio4_5: 0, ratio3: 0)
        let target = Self.targetRatio
        let large = WCAGLevels.aaLargeMinimum
        pixels.forEachLuminance { luminance in
            let onLight = Contrast.contrastRatio(luminance: 1, luminance: luminance)
            let onDark = Contrast.contrastRatio(luminance: luminance, luminance: 0)
            if onLight < target { lightUnder.ratio4_5 += 1 }
            if onLight < large { lightUnder.ratio3 += 1 }
            if onDark < target { darkUnder.ratio4_5 += 1 }
            if onDark < large { darkUnder.ratio3 += 1 }
        }

        // Worst contrast: a text's ratio is monotonic in the pixel's luminance (falling for white
        // text, rising for black), so the 5th-percentile ratio is the ratio at the pixel of
        // nearest-rank luminance: k-th brightest for white text, k-th darkest for black.
        // Non-negative doubles order like their bit patterns, which makes luminance a radix key.
        let rank = max(1, (Self.worstPercentile * count + 99) / 100)
        var select = RadixSelect()
        let brightest = select.kthSmallest(rank) { emit in pixels.forEachLuminance { emit(~$0.bitPattern) } }
        let darkest = select.kthSmallest(rank) { emit in pixels.forEachLuminance { emit($0.bitPattern) } }

        let required = (Self.scrimCoverage * count + 99) / 100
        let shares = { (under: Int) in Double(under) / Double(count) }
        self.init(
            area: area, rect: rect,
            light: RegionTextContrast(
                worstContrast: Contrast.contrastRatio(luminance: 1, luminance: Double(bitPattern: ~brightest)),
                shareUnder4_5: shares(lightUnder.ratio4_5), shareUnder3: shares(lightUnder.ratio3),
                scrimOpacity: Self.scrimOpacity(
                    over: pixels, text: .light, reachingAtZero: count - lightUnder.ratio4_5,
                    required: required)),
            dark: RegionTextContrast(
                worstContrast: Contrast.contrastRatio(luminance: Double(bitPattern: darkest), luminance: 0),
                shareUnder4_5: shares(darkUnder.ratio4_5), shareUnder3: shares(darkUnder.ratio3),
                scrimOpacity: Self.scrimOpacity(
                    over: pixels, text: .dark, reachingAtZero: count - darkUnder.ratio4_5,
                    required: required)))
    }

    /// Creates a measure from its parts as they are.
    /// - Parameters:
    ///   - area: The region as asked for.
    ///   - rect: The pixels it covered.
    ///   - light: White text's measures.
    ///   - dark: Black text's measures.
    public init(area: TitleRegion, rect: PixelRect, light: RegionTextContrast, dark: RegionTextContrast) {
        self.area = area
        self.rect = rect
        self.light = light
        self.dark = dark
    }

    /// The measures of one text.
    /// - Parameter text: Light or dark.
    public subscript(text: TitleText) -> RegionTextContrast {
        text == .light ? light : dark
    }

    /// The least opacity of the text's scrim at which `required` pixels reach the target ratio.
    private static func scrimOpacity(
        over pixels: RegionPixels, text: TitleText, reachingAtZero: Int,
        required: Int
    ) -> Double {
        if reachingAtZero >= required { return 0 }
        // An opaque scrim turns every pixel black (or white): 21:1, so the search is bounded.
        // Each pixel, once readable under a scrim, stays readable under a denser one, so the
        // count is monotonic in the opacity and bisection finds the least one.
        return Contrast.leastPassingOpacity { alpha in
            pixels.countReaching(targetRatio, text: text.color, scrim: Scrim(under: text), alpha: alpha) >= required
        }
    }
}
