import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// A 100×100 image with a white 10-pixel frame and horizontal stripes inside, `(rows, colour)`
/// from row 10 down; rows left over stay white. The band (5 px) sees only the frame.
private func framedStripes(_ stripes: [(Int, RGBColor)], frame: RGBColor = .white) -> RGBAImage {
    var rects: [(Int, Int, Int, Int, RGBColor)] = []
    var y = 10
    for (rows, color) in stripes {
        rects.append((10, y, 90, y + rows, color))
        y += rows
    }
    return paintedImage(100, 100, frame, rects)
}

private func hex(_ text: String) -> RGBColor { RGBColor(hex: text)! }

private let navy = hex("#1d2b3a")
private let beige = hex("#f2e3c4")
private let orange = hex("#f5a623")
private let red = hex("#c0392b")
private let blue = hex("#1f4e9c")
private let teal = hex("#1abc9c")

/// The background rule (both schemes) and the classic scheme's role rules.
@Suite("Quantizer: background and the classic scheme")
struct QuantizerTests {
    let quantizer = Quantizer(scheme: .classic)

    @Test(
        """
        Given a solid image, when quantized, then it is the background and all roles fall back to the contrasting \
        neutral
        """,
        arguments: [("#3366cc", RGBColor.white), ("#f2e3c4", RGBColor.black)])
    func solidImage(_ fill: String, _ neutral: RGBColor) {
        let roles = quantizer.roles(of: paintedImage(50, 50, hex(fill)))
        #expect(roles.background == hex(fill))
        #expect(roles.fallback == [.primary, .secondary, .detail])
        #expect([roles.primary, roles.secondary, roles.detail] == [neutral, neutral, neutral])
    }

    @Test("Given a frame round a different interior, when quantized from the edges, then the frame is the background")
    func frameIsBackground() {
        let roles = quantizer.roles(of: paintedImage(100, 100, beige, [(10, 10, 90, 90, navy)]))
        #expect(roles.background == beige)
        #expect(roles.primary == navy)
        #expect(roles.fallback == [.secondary, .detail])
        #expect(roles.secondary == .black)
    }

    @Test(
        """
        Given a frame round a larger interior, when quantized from the whole image, then the interior is \
        the background
        """
    )
    func wholeSourceUsesTheMajority() {
        let roles = Quantizer(backgroundSource: .whole, scheme: .classic).roles(
            of: paintedImage(100, 100, beige, [(10, 10, 90, 90, navy)]))
        #expect(roles.background == navy)
        #expect(roles.primary == beige)
    }

    @Test(
        """
        Given two horizontal bands, 2/3 navy over 1/3 orange, when quantized, then navy is the background and orange \
        the primary
        """
    )
    func twoHorizontalBands() {
        let roles = quantizer.roles(of: paintedImage(60, 60, navy, [(0, 40, 60, 60, orange)]))
        #expect(roles.background == navy)
        #expect(roles.primary == orange)
        #expect(roles.fallback == [.secondary, .detail])
        #expect(roles.detail == .white)
    }

    @Test("Given two equal bands in either order, when quantized, then the tie goes to the lower bin index both times")
    func equalBandsTieByBinIndex() {
        let navyOnTop = quantizer.roles(of: paintedImage(60, 60, navy, [(0, 30, 60, 60, orange)]))
        let orangeOnTop = quantizer.roles(of: paintedImage(60, 60, orange, [(0, 30, 60, 60, navy)]))
        #expect(navyOnTop.background == navy) // navy's bin (r = 0x1d >> 3) precedes orange's
        #expect(orangeOnTop == navyOnTop)
    }

    @Test(
        """
        Given a dark logo on a transparent image, when quantized, then the background is white, not black, and the \
        logo is primary
        """
    )
    func darkLogoOnTransparency() {
        let roles = quantizer.roles(of: paintedImage(60, 60, .black, alpha: 0, [(20, 20, 40, 40, red)]))
        #expect(roles.background != .black)
        #expect(roles.background == .white)
        #expect(roles.primary == red)
        #expect(roles.fallback == [.secondary, .detail])
    }

    @Test(
        """
        Given a light logo on a transparent image, when quantized, then the background is black so the logo stays \
        visible
        """
    )
    func lightLogoOnTransparency() {
        let yellow = hex("#f5d76e")
        let roles = quantizer.roles(of: paintedImage(60, 60, .black, alpha: 0, [(20, 20, 40, 40, yellow)]))
        #expect(roles.background == .black)
        #expect(roles.primary == yellow)
    }

    @Test(
        "Given no opaque pixel at all, when quantized, then the background is white and every role falls back to black")
    func fullyTransparent() {
        let roles = quantizer.roles(of: paintedImage(30, 30, .white, alpha: 0))
        #expect([roles.background, roles.primary, roles.secondary, roles.detail] == [.white, .black, .black, .black])
        #expect(roles.fallback == [.primary, .secondary, .detail])
        #expect(roles.reports.background.source == .fallback)
    }

    @Test(
        "Given white edges with a teal strip holding 36% of white's count, when quantized, then teal is the background")
    func colourfulBinBeatsWhite() {
        // Band of 100×100 (5 px): teal top rows 500 px, white 1400 px.
        let roles = quantizer.roles(of: paintedImage(100, 100, .white, [(0, 0, 100, 5, teal)]))
        #expect(roles.background == teal)
    }

    @Test(
        """
        Given teal at exactly 30% of white's count, or one pixel less, when quantized, then 30% is enough and less is \
        not
        """
    )
    func thirtyPercentBoundary() throws {
        let whole = Quantizer(backgroundSource: .whole, scheme: .classic)
        // 100×13: 1000 white, 300 teal.
        var image = paintedImage(100, 13, .white, [(0, 10, 100, 13, teal)])
        #expect(whole.roles(of: image).background == teal)
        image[0, 12] = (255, 255, 255, 255) // 1001 white, 299 teal: 29.87%
        #expect(whole.roles(of: image).background == .white)
    }

    @Test(
        """
        Given a colourful cluster at 30% or more of a white winner, when it holds under 1% of the counted pixels, \
        then it is noise and white stays
        """,
        arguments: [(59, RGBColor.white), (60, teal)])
    func backgroundNoiseFloor(_ tealCount: Int, _ expected: RGBColor) {
        // 6000 counted pixels: white the largest cluster (190, 3%), teal at 59 or 60 (at least
        // 30% of white's 190, and under or at 1% of 6000). The other 94% are left out: in a
        // picture they would be over a hundred clusters under 1% each, which cannot be drawn
        // with colours far enough apart, so the rule is checked on the clusters themselves.
        func cluster(_ color: RGBColor, _ count: Int, seed: Int) -> ColorCluster {
            ColorCluster(seed: seed, count: count, color: color, lch: OKLCh(color))
        }
        let chosen = BackgroundChoice(
            clusters: [cluster(.white, 190, seed: 4095), cluster(teal, tealCount, seed: 700)],
            pixelCount: 6000)
        #expect(chosen?.color == expected)
    }

    @Test(
        """
        Given a washed-out colour more common than a saturated one, when quantized, then the raised colour keeps its \
        count and is primary
        """
    )
    func raisedSaturationStillCounts() {
        // ColorArt looked up the count of the *raised* colour, found 0, and ranked it last.
        let washed = RGBColor(red: 120, green: 110, blue: 110) // saturation 0.083
        let roles = quantizer.roles(of: framedStripes([(40, washed), (20, blue)]))
        #expect(roles.background == .white)
        #expect(roles.primary == RGBColor(red: 120, green: 102, blue: 102)) // saturation 0.15
        #expect(roles.secondary == blue)
    }

    @Test("Given a common grey under 3:1 on the background and a rarer navy, when quantized, then the grey is rejected")
    func contrastBelowThreeIsRejected() throws {
        let background = RGBColor(red: 200, green: 200, blue: 200)
        let grey = RGBColor(red: 120, green: 120, blue: 120)
        let darkBlue = RGBColor(red: 20, green: 30, blue: 90)
        try #require(Contrast.contrastRatio(grey, background) < 3)
        try #require(Quantizer.isDark(grey)) // on the right side: only the ratio can reject it
        let roles = quantizer.roles(of: framedStripes([(50, grey), (30, darkBlue)], frame: background))
        #expect(roles.background == background)
        #expect(roles.primary == darkBlue)
        #expect(![roles.primary, roles.secondary, roles.detail].contains(grey))
        #expect(roles.fallback == [.secondary, .detail])
    }

    @Test("Given two neighbouring blues and a red, when quantized, then the second blue is skipped as not distinct")
    func secondaryMustBeDistinct() {
        let nearBlue = hex("#2352a0")
        let roles = quantizer.roles(of: framedStripes([(38, blue), (25, nearBlue), (13, red)]))
        #expect(roles.primary == blue)
        #expect(roles.secondary == red)
        #expect(roles.fallback == [.detail])
    }

    @Test("Given two greys far apart, when quantized, then the second grey never becomes secondary")
    func greysAreNotDistinctRoles() {
        let roles = quantizer.roles(of: framedStripes([(38, hex("#333333")), (25, hex("#666666"))]))
        #expect(roles.primary == hex("#333333"))
        #expect(roles.fallback == [.secondary, .detail])
    }

    @Test(
        "Given a colour on 4 or 5 of 10000 pixels, when quantized, then below 0.05% it is noise",
        arguments: [(4, [ColorRole.primary, .secondary, .detail]), (5, [ColorRole.secondary, .detail])])
    func candidateNoiseFloor(_ pixels: Int, _ fallback: [ColorRole]) {
        let roles = quantizer.roles(of: paintedImage(100, 100, .white, [(20, 20, 20 + pixels, 21, navy)]))
        #expect(roles.fallback == fallback)
        #expect(roles.primary == (pixels == 5 ? navy : .black))
    }

    @Test("Given pixels that share a bin, when quantized, then the background is their mean, not the bin's corner")
    func backgroundIsTheBinMean() {
        var image = RGBAImage(width: 50, height: 50, filledWith: RGBColor(red: 100, green: 145, blue: 200))
        for y in 0..<50 { for x in 0..<50 where (x + y) % 2 == 0 { image[x, y] = (102, 147, 204, 255) } }
        #expect(quantizer.roles(of: image).background == RGBColor(red: 101, green: 146, blue: 202))
    }

    @Test("Given a noisy image, when quantized repeatedly or transposed, then the result never changes")
    func deterministic() {
        let image = noisyQuadrants(size: 120, seed: 42)
        let first = quantizer.roles(of: image)
        for _ in 0..<5 { #expect(Quantizer(scheme: .classic).roles(of: image) == first) }
        // A square image's transpose has the same band and the same counts, in another pixel order.
        var transposed = image
        for y in 0..<120 { for x in 0..<120 { transposed[x, y] = image[y, x] } }
        #expect(quantizer.roles(of: transposed) == first)
        #expect(first.fallback.count < 3) // the image does offer colours: this is not a trivial pass
    }
}

@Suite("Quantizer rules")
struct QuantizerRuleTests {
    @Test("Given a pure grey, when saturation is raised, then it stays grey (no hue to raise)")
    func greyKeepsItsColour() {
        #expect(Quantizer.raisingSaturation(of: hex("#808080"), to: 0.15) == hex("#808080"))
    }

    @Test("Given a colour below 0.15, when raised, then brightness and hue order stay and saturation becomes 0.15")
    func raisesToMinimum() {
        let raised = Quantizer.raisingSaturation(of: RGBColor(red: 200, green: 190, blue: 180), to: 0.15)
        #expect(raised == RGBColor(red: 200, green: 185, blue: 170))
    }

    @Test("Given a colour already saturated, when raised, then it is unchanged")
    func saturatedUnchanged() {
        #expect(Quantizer.raisingSaturation(of: red, to: 0.15) == red)
    }

    @Test(
        "Given channels at ColorArt's limits, when judged black or white, then 233+ is white and 22- is black",
        arguments: [(233, true), (232, false), (22, true), (23, false)])
    func blackOrWhiteLimits(_ value: UInt8, _ expected: Bool) {
        #expect(Quantizer.isBlackOrWhite(RGBColor(red: value, green: value, blue: value)) == expected)
    }

    @Test(
        "Given shares of totals, when turned into counts, then exact products are not rounded up",
        arguments: [(0.07, 100, 7), (0.3, 1000, 300), (0.3, 1001, 301), (0.0005, 62500, 32), (0.01, 0, 0)])
    func smallestCount(_ share: Double, _ total: Int, _ expected: Int) {
        #expect(Quantizer.smallestCount(reaching: share, of: total) == expected)
    }

    @Test("Given greys either side of 0.5, when judged dark, then ColorArt's luma rule decides")
    func darkness() {
        #expect(Quantizer.isDark(RGBColor(red: 127, green: 127, blue: 127)))
        #expect(!Quantizer.isDark(RGBColor(red: 128, green: 128, blue: 128)))
    }
}

/// Four flat quadrants (navy, beige, orange, blue) with ±12 of deterministic noise per channel.
private func noisyQuadrants(size: Int, seed: UInt64) -> RGBAImage {
    var image = RGBAImage(width: size, height: size, filledWith: .black)
    var state = seed
    let bases = [navy, beige, orange, blue]
    for y in 0..<size {
        for x in 0..<size {
            let base = bases[(y * 2 / size) * 2 + x * 2 / size]
            func jitter(_ c: UInt8) -> UInt8 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407 // Knuth's MMIX LCG
                return UInt8(clamping: Int(c) + Int((state >> 33) % 25) - 12)
            }
            image[x, y] = (jitter(base.red), jitter(base.green), jitter(base.blue), 255)
        }
    }
    return image
}
