import Foundation
import ImageColors
import Testing

@Suite("Contrast ratio, luminance and brightness")
struct ContrastTests {
    private static let grey777 = RGBColor(hex: "#777777")!

    @Test("Given black and white, when their WCAG ratio is taken, then it is exactly 21")
    func blackOnWhiteIsExactly21() {
        #expect(Contrast.contrastRatio(.black, .white) == 21)
    }

    @Test("Given #777777 on white, when the WCAG ratio is taken, then it is 4.48 (just under AA)")
    func grey777OnWhite() {
        let ratio = Contrast.contrastRatio(Self.grey777, .white)
        #expect(abs(ratio - 4.478) < 0.001)
        #expect(ratio < 4.5)
    }

    @Test(
        "Given two colours, when the ratio is taken both ways, then it is the same",
        arguments: [("#777777", "#ffffff"), ("#1d2b3a", "#f2e3c4"), ("#ff0000", "#00ff00")])
    func ratioIsSymmetric(_ first: String, _ second: String) {
        let a = RGBColor(hex: first)!
        let b = RGBColor(hex: second)!
        #expect(Contrast.contrastRatio(a, b) == Contrast.contrastRatio(b, a))
        #expect(Contrast.contrastRatio(a, b) > 1)
    }

    @Test("Given one colour twice, when the ratio is taken, then it is exactly 1")
    func sameColourIsOne() {
        #expect(Contrast.contrastRatio(Self.grey777, Self.grey777) == 1)
    }

    @Test("Given white and black, when luminance is taken, then it is exactly 1 and 0")
    func luminanceEnds() {
        #expect(Contrast.relativeLuminance(.white) == 1)
        #expect(Contrast.relativeLuminance(.black) == 0)
    }

    @Test("Given channels either side of 0.04045, when linearised, then the linear and power segments apply")
    func luminanceUsesTheSRGBThreshold() {
        // 10/255 = 0.0392 is on the linear segment; 11/255 = 0.0431 on the power segment.
        let ten = Contrast.relativeLuminance(RGBColor(red: 10, green: 10, blue: 10))
        let eleven = Contrast.relativeLuminance(RGBColor(red: 11, green: 11, blue: 11))
        #expect(abs(ten - (10.0 / 255) / 12.92) < 1e-12)
        #expect(abs(eleven - pow((11.0 / 255 + 0.055) / 1.055, 2.4)) < 1e-12)
    }

    @Test("Given a grey, when its brightness is taken, then it equals its channel value exactly")
    func greyBrightnessIsItsChannel() {
        #expect(Contrast.brightness(RGBColor(red: 125, green: 125, blue: 125)) == 125)
        #expect(Contrast.brightness(RGBColor(red: 126, green: 126, blue: 126)) == 126)
    }

    @Test("Given pure primaries, when brightness is taken, then the 299/587/114 weights apply")
    func brightnessWeights() {
        #expect(Contrast.brightness(RGBColor(red: 255, green: 0, blue: 0)) == 76.245)
        #expect(Contrast.brightness(RGBColor(red: 0, green: 255, blue: 0)) == 149.685)
        #expect(Contrast.brightness(RGBColor(red: 0, green: 0, blue: 255)) == 29.07)
    }
}

extension ContrastTests {
    @Test("Given #777777 on white, when the AERT differences are taken, then they are 136 and 408")
    func aertDifferences() {
        #expect(Contrast.brightnessDifference(Self.grey777, .white) == 136)
        #expect(Contrast.colorDifference(Self.grey777, .white) == 408)
    }

    @Test("Given two colours, when the AERT differences are taken both ways, then they are the same")
    func aertDifferencesAreSymmetric() {
        let a = RGBColor(hex: "#1d2b3a")!
        let b = RGBColor(hex: "#f2e3c4")!
        #expect(Contrast.brightnessDifference(a, b) == Contrast.brightnessDifference(b, a))
        #expect(Contrast.colorDifference(a, b) == Contrast.colorDifference(b, a))
        #expect(Contrast.colorDifference(a, b) == (0xf2 - 0x1d) + (0xe3 - 0x2b) + (0xc4 - 0x3a))
    }

    @Test("Given black and white, when the AERT differences are taken, then they are the maxima 255 and 765")
    func aertDifferenceMaxima() {
        #expect(Contrast.brightnessDifference(.black, .white) == 255)
        #expect(Contrast.colorDifference(.black, .white) == 765)
    }
}
