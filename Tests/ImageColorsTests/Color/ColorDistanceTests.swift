import ImageColors
import Testing

@Suite("Colour distance and OKLab")
struct ColorDistanceTests {
    @Test("Given white and black, when converted to OKLab, then lightness is 1 and 0 with no chroma")
    func oklabEnds() {
        let white = OKLab(.white)
        let black = OKLab(.black)
        #expect(abs(white.lightness - 1) < 1e-4)
        #expect(white.chroma < 1e-4)
        #expect(black.lightness == 0)
        #expect(black.chroma == 0)
    }

    @Test("Given sRGB red, when converted, then it matches Ottosson's published OKLab value")
    func oklabRed() {
        // Reference: oklab(0.62796, 0.22486, 0.12585) for #ff0000.
        let red = OKLab(RGBColor(red: 255, green: 0, blue: 0))
        #expect(abs(red.lightness - 0.62796) < 1e-4)
        #expect(abs(red.a - 0.22486) < 1e-4)
        #expect(abs(red.b - 0.12585) < 1e-4)
    }

    @Test("Given two colours, when ΔE is taken, then it is symmetric and 0 for a colour with itself")
    func deltaESymmetricAndZero() {
        let a = RGBColor(hex: "#1e3a8a")!
        let b = RGBColor(hex: "#2563eb")!
        #expect(ColorDistance.deltaE(a, b) == ColorDistance.deltaE(b, a))
        #expect(ColorDistance.deltaE(a, a) == 0)
        #expect(abs(ColorDistance.deltaE(a, b) - 0.184) < 0.001)
    }

    @Test("Given red and blue, when compared, then they are distinct")
    func redAndBlueAreDistinct() {
        #expect(ColorDistance.isDistinct(RGBColor(hex: "#c0392b")!, RGBColor(hex: "#1f4e9c")!))
    }

    @Test("Given two neighbouring blues, when compared, then they are not distinct")
    func neighbouringBluesAreNotDistinct() {
        let a = RGBColor(hex: "#1f4e9c")!
        let b = RGBColor(hex: "#2352a0")!
        #expect(ColorDistance.deltaE(a, b) < ColorDistance.distinctThreshold)
        #expect(!ColorDistance.isDistinct(a, b))
    }

    @Test("Given two greys far apart in lightness, when compared, then they are never distinct")
    func greysAreNeverDistinct() {
        let dark = RGBColor(hex: "#333333")!
        let light = RGBColor(hex: "#cccccc")!
        #expect(ColorDistance.deltaE(dark, light) > 0.4)
        #expect(!ColorDistance.isDistinct(dark, light))
        #expect(!ColorDistance.isDistinct(.black, .white))
    }

    @Test("Given a grey and a colour, when compared, then the grey rule does not apply")
    func greyAndColourCanBeDistinct() {
        #expect(ColorDistance.isDistinct(RGBColor(hex: "#333333")!, RGBColor(hex: "#c0392b")!))
    }

    @Test("Given a ΔE exactly at the threshold, when compared, then it counts as distinct")
    func thresholdIsInclusive() {
        let a = RGBColor(hex: "#c0392b")!
        let b = RGBColor(hex: "#1f4e9c")!
        let distance = ColorDistance.deltaE(a, b)
        #expect(ColorDistance.isDistinct(a, b, threshold: distance))
        #expect(!ColorDistance.isDistinct(a, b, threshold: distance.nextUp))
    }

    @Test("Given a pure grey and a tinted grey, when judged, then only the pure one is grey")
    func greyness() {
        #expect(ColorDistance.isGrey(RGBColor(hex: "#808080")!))
        #expect(!ColorDistance.isGrey(RGBColor(hex: "#806d6d")!))
    }
}
