import Testing

@testable import ImageColors
@testable import ImageColorsCore

private func hex(_ text: String) -> RGBColor { RGBColor(hex: text)! }

/// The faithful scheme on pictures built to have one right answer each, among them the three
/// the issue "Colours that keep the picture" names.
@Suite("Faithful scheme")
struct FaithfulRolesTests {
    let faithful = Quantizer(scheme: .faithful)
    let classic = Quantizer(scheme: .classic)

    // A mid-tone orange (dark by ColorArt's luma rule, like the maroon) inside a maroon border.
    let maroon = hex("#3c0f0c"), orange = hex("#c8641e")

    /// 100×100: an 8-pixel maroon border round an orange field (84 × 84 = 70.6%).
    var painting: RGBAImage { paintedImage(100, 100, maroon, [(8, 8, 92, 92, orange)]) }

    @Test(
        """
        Given an orange field inside a maroon border, when quantized, then the orange is the primary as it is, where \
        the classic scheme falls back to white
        """
    )
    func orangeFieldKeepsItsColour() throws {
        try #require(Contrast.contrastRatio(orange, maroon) >= 3)
        try #require(Quantizer.isDark(orange) && Quantizer.isDark(maroon))
        let roles = faithful.roles(of: painting)
        #expect(roles.background == maroon)
        #expect(roles.primary == orange)
        #expect(roles.reports.primary.adjustment == nil)
        #expect(roles.reports.primary.share == 0.7056)
        // Nothing else in the picture: the rest falls back, and that is not needless.
        #expect(roles.fallback == [.secondary, .detail])
        #expect(classic.roles(of: painting).fallback == [.primary, .secondary, .detail])
    }

    @Test(
        """
        Given the painting and a higher contrast target, when quantized, then the orange is toned just to reach it, \
        hue kept
        """,
        arguments: [4.5, 7.0])
    func higherTargets(_ target: Double) throws {
        let roles = Quantizer(minimumContrast: target).roles(of: painting)
        let adjustment = try #require(roles.reports.primary.adjustment)
        #expect(adjustment.original == orange)
        #expect(adjustment.deltaL > 0)
        #expect(Contrast.contrastRatio(roles.primary, maroon) >= target)
        #expect(OKLCh.hueDistance(OKLCh(roles.primary).hue, OKLCh(orange).hue) < 5)
    }

    @Test(
        """
        Given a grey photo with a bright pink figure on 10% of it, when quantized, then the primary is that pink \
        toned to 3:1, not black
        """
    )
    func pinkFigureOnGrey() throws {
        let pink = hex("#ff6ec7")
        let light = hex("#c8c8c8")
        var rects: [(Int, Int, Int, Int, RGBColor)] = [
            (10, 10, 90, 50, hex("#9a9a9a")), (10, 50, 90, 90, hex("#d9d9d9")),
        ]
        rects.append((40, 30, 60, 80, pink)) // 20 × 50 = 10%
        let roles = faithful.roles(of: paintedImage(100, 100, light, rects))
        #expect(roles.background == light)
        #expect(!roles.fallback.contains(.primary))
        #expect(OKLCh.hueDistance(OKLCh(roles.primary).hue, OKLCh(pink).hue) <= 5)
        #expect(roles.reports.primary.adjustment?.original == pink)
        #expect(Contrast.contrastRatio(roles.primary, light) >= 3)
        // ColorArt's side rule throws the pink away: it is light, like the background.
        #expect(classic.roles(of: paintedImage(100, 100, light, rects)).primary != roles.primary)
    }

    @Test(
        """
        Given small galaxies of three hues on black, when quantized, then no role falls back and the roles carry the \
        three hues
        """
    )
    func starfield() {
        let hues = [hex("#ff9a3c"), hex("#6fa8ff"), hex("#fff176")]
        var rects: [(Int, Int, Int, Int, RGBColor)] = []
        for (i, color) in hues.enumerated() {
            for k in 0..<4 {
                let x = 10 + 20 * k + 3 * i
                let y = 15 + 25 * i
                rects.append((x, y, x + 3, y + 3, color)) // 9 pixels: 0.09% each, 0.36% per hue
            }
        }
        let roles = faithful.roles(of: paintedImage(100, 100, .black, rects))
        #expect(roles.background == .black)
        #expect(roles.fallback.isEmpty)
        for color in hues {
            let hue = OKLCh(color).hue
            #expect(ColorRole.allCases.contains { OKLCh.hueDistance(OKLCh(roles[$0]).hue, hue) <= 15 }, "\(color.hex)")
        }
    }

    @Test(
        """
        Given a vivid detail on 0.03% of a dull picture, when quantized, then it takes a role; a dull one that small \
        does not
        """,
        arguments: [(hex("#e8202a"), true), (hex("#8a7f74"), false)])
    func tinyDetail(_ detail: RGBColor, _ expected: Bool) {
        let field = hex("#7d8a6a")
        let sky = hex("#c9d1c3")
        let image = paintedImage(100, 100, sky, [(0, 50, 100, 100, field), (60, 40, 63, 41, detail)]) // 3 pixels
        let roles = faithful.roles(of: image)
        let hue = OKLCh(detail).hue
        let carried = ColorRole.allCases.contains { role in
            roles.reports[role].source == .image && OKLCh.hueDistance(OKLCh(roles[role]).hue, hue) <= 10
                && OKLCh(roles[role]).chroma >= 0.04
        }
        #expect(carried == expected)
    }

    @Test(
        """
        Given three shades of one blue and a small orange, when quantized, then the orange takes one of the three \
        roles, ahead of a third blue
        """
    )
    func differentHuesFirst() throws {
        let image = paintedImage(
            100, 100, .white,
            [
                (5, 5, 95, 40, hex("#1f4e9c")), (5, 40, 95, 70, hex("#4f7fd0")),
                (5, 70, 95, 90, hex("#9db8e8")), (40, 90, 60, 95, hex("#e07b10")),
            ])
        let roles = faithful.roles(of: image)
        let blue = OKLCh(hex("#1f4e9c")).hue
        let orange = OKLCh(hex("#e07b10")).hue
        // (Different hues are taken before further shades of one: the orange, 1% of the pixels,
        // gets a role although two larger blues could fill the slots. The slots' order is the
        // card's reading order, tested apart.)
        let hues = ColorRole.allCases.map { OKLCh(roles[$0]).hue }
        #expect(hues.filter { OKLCh.hueDistance($0, orange) <= 15 }.count == 1)
        #expect(hues.filter { OKLCh.hueDistance($0, blue) <= 15 }.count == 2)
        #expect(roles.fallback.isEmpty)
    }

    @Test(
        """
        Given a grey photograph, when quantized, then one grey from the image takes a role and the others fall back: \
        greys are never distinct
        """
    )
    func greyscale() {
        let image = paintedImage(
            100, 100, hex("#d0d0d0"), [(10, 10, 90, 50, hex("#303030")), (10, 50, 90, 90, hex("#707070"))])
        let roles = faithful.roles(of: image)
        #expect(roles.reports.primary.source == .image)
        #expect(ColorDistance.isGrey(roles.primary))
        #expect(roles.fallback == [.secondary, .detail])
    }

    @Test(
        """
        Given a misty photograph of tinted greys, a dark green-grey and a blue-grey, when quantized, then both take \
        roles: tinted greys are distinct where neutral ones are not
        """
    )
    func tintedGreys() throws {
        // City-city14's colours: a light blue-grey sky, dark green-grey buildings, blue-grey haze.
        let darkGreenGrey = hex("#222822")
        let blueGrey = hex("#96a9ae")
        try #require(!ColorDistance.isGrey(blueGrey) && ColorDistance.isGrey(darkGreenGrey))
        try #require(OKLCh(blueGrey).chroma < Quantizer.Salience.chromaticThreshold)
        let image = paintedImage(
            100, 100, hex("#cbd6d8"), [(10, 10, 90, 50, darkGreenGrey), (10, 50, 90, 90, blueGrey)])
        let roles = faithful.roles(of: image)
        #expect(roles.primary == darkGreenGrey)
        #expect(roles.fallback == [.detail])
        let adjustment = try #require(roles.reports.secondary.adjustment)
        #expect(adjustment.original == blueGrey)
        #expect(Contrast.contrastRatio(roles.secondary, roles.background) >= 3)
        #expect(OKLCh.hueDistance(OKLCh(roles.secondary).hue, OKLCh(blueGrey).hue) <= 15)
    }

    @Test("Given a noisy image, when quantized repeatedly or transposed, then the faithful result never changes")
    func deterministic() {
        var image = paintedImage(
            120, 120, hex("#1d2b3a"), [(0, 60, 60, 120, hex("#f5a623")), (60, 0, 120, 60, hex("#1abc9c"))])
        var state: UInt64 = 42
        image.withMutablePixels { pixels in
            for i in stride(from: 0, to: pixels.count, by: 4) {
                for c in 0..<3 {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    pixels[i + c] = UInt8(clamping: Int(pixels[i + c]) + Int((state >> 33) % 25) - 12)
                }
            }
        }
        let first = faithful.roles(of: image)
        for _ in 0..<3 { #expect(Quantizer().roles(of: image) == first) }
        var transposed = image
        for y in 0..<120 { for x in 0..<120 { transposed[x, y] = image[y, x] } }
        #expect(faithful.roles(of: transposed) == first)
        #expect(first.fallback.count < 3)
    }
}
