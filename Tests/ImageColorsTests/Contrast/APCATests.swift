import ImageColors
import Testing

@Suite("APCA")
struct APCATests {
    private static let grey888 = RGBColor(hex: "#888888")!

    @Test("Given #888888 text on white, when APCA is taken, then Lc is 63.06")
    func greyTextOnWhite() {
        let lc = Contrast.apcaContrast(text: Self.grey888, background: .white)
        #expect(abs(lc - 63.06) < 0.005)
    }

    @Test("Given white text on #888888, when APCA is taken, then Lc is −68.54")
    func whiteTextOnGrey() {
        let lc = Contrast.apcaContrast(text: .white, background: Self.grey888)
        #expect(abs(lc - -68.54) < 0.005)
    }

    @Test("Given black text on white and white on black, when APCA is taken, then Lc is 106.04 and −107.88")
    func extremes() {
        #expect(abs(Contrast.apcaContrast(text: .black, background: .white) - 106.04) < 0.005)
        #expect(abs(Contrast.apcaContrast(text: .white, background: .black) - -107.88) < 0.005)
    }

    @Test("Given a colour on itself or a near-identical one, when APCA is taken, then Lc is 0")
    func tooLowContrastIsZero() {
        #expect(Contrast.apcaContrast(text: Self.grey888, background: Self.grey888) == 0)
        // Lc under 10 (raw 0.1) clips to 0 rather than reporting noise.
        #expect(Contrast.apcaContrast(text: RGBColor(hex: "#808080")!, background: Self.grey888) == 0)
    }

    @Test("Given white, when its APCA luminance is taken, then it is the coefficients' sum, and black's is 0")
    func luminanceEnds() {
        #expect(abs(Contrast.apcaLuminance(.white) - (0.2126729 + 0.7151522 + 0.0721750)) < 1e-15)
        #expect(Contrast.apcaLuminance(.black) == 0)
    }

    @Test("Given a near-black text, when APCA is taken, then the soft clamp keeps it from differing from black much")
    func softClampNearBlack() {
        // #050505 and #000000 differ by a luminance far below what APCA's black clamp resolves.
        let nearBlack = Contrast.apcaContrast(text: RGBColor(hex: "#050505")!, background: .white)
        let black = Contrast.apcaContrast(text: .black, background: .white)
        #expect(abs(nearBlack - black) < 0.1)
        #expect(nearBlack <= black)
    }
}

@Suite("WCAG levels")
struct WCAGLevelsTests {
    @Test(
        "Given #777777 on white (4.478:1), when levels are judged, then only the large-text levels at 3 and 4.5 differ")
    func justUnderAA() {
        let levels = WCAGLevels(contrastRatio: Contrast.contrastRatio(RGBColor(hex: "#777777")!, .white))
        #expect(levels == WCAGLevels(contrastRatio: 4.478))
        #expect(!levels.aa && levels.aaLarge && !levels.aaa && !levels.aaaLarge)
    }

    @Test(
        "Given ratios exactly at the thresholds, when levels are judged, then they pass",
        arguments: [
            (3.0, [false, true, false, false]), (4.5, [true, true, false, true]),
            (7.0, [true, true, true, true]), (2.99, [false, false, false, false]),
        ])
    func thresholdsAreInclusive(ratio: Double, expected: [Bool]) {
        let levels = WCAGLevels(contrastRatio: ratio)
        #expect([levels.aa, levels.aaLarge, levels.aaa, levels.aaaLarge] == expected)
    }

    @Test("Given levels, when listed, then the order is AA, AA large, AAA, AAA large")
    func listOrder() {
        let levels = WCAGLevels(contrastRatio: 5)
        #expect(levels.all.map(\.name) == ["AA", "AA large", "AAA", "AAA large"])
        #expect(levels.all.map(\.passes) == [true, true, false, true])
    }
}
