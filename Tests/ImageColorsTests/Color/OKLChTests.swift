import Testing

@testable import ImageColors
@testable import ImageColorsCore

@Suite("OKLCh and the sRGB gamut")
struct OKLChTests {
    @Test("Given every grey and a lattice of colours, when taken to OKLab and back, then the 8-bit colour is unchanged")
    func roundTrip() {
        for v in 0...255 {
            let grey = RGBColor(red: UInt8(v), green: UInt8(v), blue: UInt8(v))
            #expect(OKLab(grey).rgbColor == grey)
        }
        for r in stride(from: 0, through: 255, by: 17) {
            for g in stride(from: 0, through: 255, by: 17) {
                for b in stride(from: 0, through: 255, by: 17) {
                    let color = RGBColor(red: UInt8(r), green: UInt8(g), blue: UInt8(b))
                    #expect(OKLCh(color).lab.rgbColor == color)
                    #expect(OKLab(color).isInSRGBGamut)
                }
            }
        }
    }

    @Test(
        """
        Given a chroma no display shows at that lightness, when clamped, then it is in gamut with the same hue and \
        lightness and no less chroma than needed
        """
    )
    func clamping() {
        let vivid = OKLCh(lightness: 0.9, chroma: 0.3, hue: 265)
        #expect(!vivid.lab.isInSRGBGamut)
        let clamped = vivid.clampedToSRGB
        #expect(clamped.lab.isInSRGBGamut)
        #expect(clamped.hue == vivid.hue && clamped.lightness == vivid.lightness)
        // A little more chroma would leave the gamut again.
        #expect(!OKLCh(lightness: 0.9, chroma: clamped.chroma + 0.002, hue: 265).lab.isInSRGBGamut)
        let inside = OKLCh(lightness: 0.5, chroma: 0.05, hue: 30)
        #expect(inside.clampedToSRGB == inside)
    }

    @Test(
        "Given hues across 0°, when their distance is measured, then it is the shorter way round",
        arguments: [
            (350.0, 10.0, 20.0), (10.0, 350.0, 20.0), (0.0, 180.0, 180.0), (90.0, 100.0, 10.0), (-30.0, 30.0, 60.0),
        ])
    func hueDistance(_ x: Double, _ y: Double, _ expected: Double) {
        #expect(abs(OKLCh.hueDistance(x, y) - expected) < 1e-9)
    }
}
