import Testing

@testable import ImageColors
@testable import ImageColorsCore

private func hex(_ text: String) -> RGBColor { RGBColor(hex: text)! }

/// One hue's near-equal shades are blended into the background rather than picked by which is a
/// few pixels larger, and a hue toned into an indistinct colour is toned further instead of
/// leaving its slot to a fallback.
@Suite("Background shades and separated roles")
struct BackgroundShadeTests {
    static func cluster(_ color: RGBColor, _ count: Int, seed: Int) -> ColorCluster {
        ColorCluster(seed: seed, count: count, color: color, lch: OKLCh(color))
    }

    @Test(
        """
        Given a dark and a lit shade of one green of nearly equal size, when their sizes trade places, then the \
        background barely moves and lies between them
        """)
    func nearEqualShadesAreBlended() throws {
        let dark = hex("#0a3d05")
        let lit = hex("#448b3a")
        try #require(ColorDistance.deltaE(dark, lit) > 0.2)
        func background(_ darkCount: Int, _ litCount: Int) throws -> RGBColor {
            let clusters = [Self.cluster(dark, darkCount, seed: 100), Self.cluster(lit, litCount, seed: 200)]
                .sorted { $0.count > $1.count }
            return try #require(BackgroundChoice(clusters: clusters, pixelCount: darkCount + litCount)).color
        }
        let darkLarger = try background(303, 268)
        let litLarger = try background(268, 303)
        #expect(ColorDistance.deltaE(darkLarger, litLarger) < 0.05, "\(darkLarger) vs \(litLarger)")
        let lightness = OKLCh(darkLarger).lightness
        #expect(lightness > OKLCh(dark).lightness && lightness < OKLCh(lit).lightness)
    }

    @Test("Given a clearly largest shade, when the background is chosen, then it keeps its own colour")
    func clearlyLargestShadeKeepsItsColour() throws {
        let dark = hex("#0a3d05")
        let lit = hex("#448b3a")
        // 200 / 500 = 40%: under the 50% from which shades start to blend.
        let clusters = [Self.cluster(dark, 500, seed: 100), Self.cluster(lit, 200, seed: 200)]
        #expect(try #require(BackgroundChoice(clusters: clusters, pixelCount: 700)).color == dark)
    }

    @Test(
        """
        Given a navy card with orange, a dusky purple and a mauve, when the purple and the mauve tone into the same \
        greyish tint, then the later one is toned further and takes the detail instead of a fallback
        """)
    func indistinctToningIsSeparated() throws {
        let navy = hex("#244574")
        let purple = hex("#2d2c46")
        let mauve = hex("#4f3b4e")
        let image = paintedImage(
            100, 100, navy, [(8, 8, 92, 46, hex("#cf764a")), (8, 46, 92, 70, purple), (8, 70, 92, 92, mauve)])
        let roles = Quantizer().roles(of: image)
        #expect(roles.background == navy)
        #expect(roles.fallback.isEmpty)
        let colours = [roles.primary, roles.secondary, roles.detail]
        for (i, x) in colours.enumerated() {
            #expect(Contrast.contrastRatio(x, navy) >= 3)
            for y in colours[(i + 1)...] { #expect(ColorDistance.deltaE(x, y) >= ColorDistance.distinctThreshold) }
        }
        for (colour, report) in [(roles.secondary, roles.reports.secondary), (roles.detail, roles.reports.detail)] {
            let original = try #require(report.adjustment?.original)
            #expect(OKLCh.hueDistance(OKLCh(colour).hue, OKLCh(original).hue) <= 15)
        }
    }
}
