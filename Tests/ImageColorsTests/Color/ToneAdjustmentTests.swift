import TestSupport
import Testing

@testable import ImageColors
@testable import ImageColorsCore

private func hex(_ text: String) -> RGBColor { RGBColor(hex: text)! }

@Suite("Tone adjustment")
struct ToneAdjustmentTests {
    @Test("Given a colour already at the target, when adjusted, then it is returned as it is, ΔL 0")
    func alreadyReadable() throws {
        let orange = hex("#f08a24")
        let maroon = hex("#4a1410")
        try #require(Contrast.contrastRatio(orange, maroon) >= 3)
        let toned = try #require(ToneAdjustment(orange, reaching: 3, on: maroon))
        #expect(toned.color == orange)
        #expect(!toned.isAdjusted)
        #expect(toned.deltaL == 0)
    }

    @Test(
        """
        Given a bright pink under 3:1 on a light grey, when adjusted, then it darkens to 3:1 keeping its hue and as \
        much chroma as the gamut allows
        """
    )
    func pinkOnLightGrey() throws {
        let pink = hex("#ff6ec7")
        let grey = hex("#c8c8c8")
        try #require(Contrast.contrastRatio(pink, grey) < 3)
        let toned = try #require(ToneAdjustment(pink, reaching: 3, on: grey))
        #expect(toned.isAdjusted)
        #expect(toned.deltaL < 0)
        #expect(Contrast.contrastRatio(toned.color, grey) >= 3)
        // Just reaching it: a much darker colour would be farther from the picture than needed.
        #expect(Contrast.contrastRatio(toned.color, grey) < 3.2)
        let before = OKLCh(pink)
        let after = OKLCh(toned.color)
        #expect(OKLCh.hueDistance(before.hue, after.hue) < 3)
        // Still a pink, not a grey: chroma is only cut where the gamut ends at that lightness.
        #expect(after.chroma > 0.12)
    }

    @Test("Given a target no colour can reach on a mid grey, when adjusted, then there is no adjustment")
    func unreachable() {
        let mid = hex("#767676")
        #expect(Contrast.contrastRatio(.white, mid) < 7 && Contrast.contrastRatio(.black, mid) < 7)
        #expect(ToneAdjustment(hex("#3366cc"), reaching: 7, on: mid) == nil)
    }

    @Test(
        """
        Given a colour both lighter and darker tones could rescue, when adjusted, then the one with the smaller \
        change of lightness wins
        """
    )
    func smallerChangeWins() throws {
        let background = hex("#7a7a7a")
        // A little darker than the background: darker is the short way.
        let toned = try #require(ToneAdjustment(hex("#6a5a8a"), reaching: 3, on: background))
        #expect(toned.deltaL < 0)
        // A little lighter: lighter is.
        let lighter = try #require(ToneAdjustment(hex("#9a8aba"), reaching: 3, on: background))
        #expect(lighter.deltaL > 0)
    }

    @Test(
        """
        Given 400 random colours, backgrounds and targets, when adjusted, then the result reaches the target whenever \
        white or black can, keeps its hue within 15°, and is nil only when neither can
        """,
        arguments: 0..<400)
    func sweep(seed: UInt64) {
        var random = SplitMix64(seed: seed &+ 7_000)
        func color() -> RGBColor {
            RGBColor(
                red: .random(in: 0...255, using: &random), green: .random(in: 0...255, using: &random),
                blue: .random(in: 0...255, using: &random))
        }
        let original = color()
        let background = color()
        let target = [3, 4.5, 7][Int.random(in: 0..<3, using: &random)]
        let reachable =
            max(Contrast.contrastRatio(.white, background), Contrast.contrastRatio(.black, background)) >= target
        guard let toned = ToneAdjustment(original, reaching: target, on: background) else {
            #expect(!reachable, "\(original.hex) on \(background.hex) at \(target)")
            return
        }
        #expect(Contrast.contrastRatio(toned.color, background) >= target)
        #expect(abs(toned.contrastRatio - Contrast.contrastRatio(toned.color, background)) < 1e-12)
        let before = OKLCh(original)
        let after = OKLCh(toned.color)
        if before.chroma >= 0.04 && after.chroma >= 0.04 {
            #expect(OKLCh.hueDistance(before.hue, after.hue) <= 15, "\(original.hex) → \(toned.color.hex)")
        }
    }
}
