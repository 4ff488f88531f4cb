import Foundation
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// The gamut clamp and the tone search compute each hue's cosine and sine once
/// (`OKLCh.HueDirection`) and the hue distance skips a division: the same colours to the bit as
/// computing them for every colour tried, which these references do (the code as it was).
@Suite("Hue direction")
struct HueDirectionTests {
    /// `clampedToSRGB` computing `lab` (and its trigonometry) for every chroma tried.
    static func referenceClamp(_ color: OKLCh) -> OKLCh {
        guard !color.lab.isInSRGBGamut else { return color }
        let l = min(max(color.lightness, 0), 1)
        var inside = 0.0
        var outside = color.chroma
        while outside - inside > 0.0005 {
            let middle = (inside + outside) / 2
            if OKLCh(lightness: l, chroma: middle, hue: color.hue).lab.isInSRGBGamut {
                inside = middle
            } else {
                outside = middle
            }
        }
        return OKLCh(lightness: l, chroma: inside, hue: color.hue)
    }

    /// `ToneAdjustment(_:reaching:on:)` with every candidate made by `OKLCh(…).clampedToSRGB.lab.rgbColor`.
    static func referenceTone(_ color: RGBColor, reaching target: Double, on background: RGBColor) -> ToneAdjustment? {
        let ratio = Contrast.contrastRatio(color, background)
        guard ratio < target else {
            return ToneAdjustment(original: color, color: color, deltaL: 0, contrastRatio: ratio)
        }
        let start = OKLCh(color)
        let backgroundLuminance = Contrast.relativeLuminance(background)
        func search(lighter: Bool) -> (color: RGBColor, lightness: Double)? {
            func passes(_ color: RGBColor) -> Bool {
                let luminance = Contrast.relativeLuminance(color)
                guard lighter ? luminance > backgroundLuminance : luminance < backgroundLuminance else { return false }
                return Contrast.contrastRatio(luminance: luminance, luminance: backgroundLuminance) >= target
            }
            guard passes(lighter ? .white : .black) else { return nil }
            var failing = min(max(start.lightness, 0), 1)
            var passing = lighter ? 1.0 : 0.0
            var best = lighter ? RGBColor.white : .black
            while abs(passing - failing) > 0.0005 {
                let middle = (failing + passing) / 2
                let candidate = referenceClamp(OKLCh(lightness: middle, chroma: start.chroma, hue: start.hue)).lab
                    .rgbColor
                if passes(candidate) {
                    passing = middle
                    best = candidate
                } else {
                    failing = middle
                }
            }
            return (best, passing)
        }
        let chosen: (color: RGBColor, lightness: Double)
        switch (search(lighter: true), search(lighter: false)) {
        case (nil, nil): return nil
        case (let l?, nil): chosen = l
        case (nil, let d?): chosen = d
        case (let l?, let d?): chosen = abs(l.lightness - start.lightness) < abs(d.lightness - start.lightness) ? l : d
        }
        return ToneAdjustment(
            original: color, color: chosen.color, deltaL: OKLab(chosen.color).lightness - start.lightness,
            contrastRatio: Contrast.contrastRatio(chosen.color, background))
    }

    @Test(
        """
        Given hues all round the circle and beyond, when a hue direction makes a colour, then it is the colour's lab \
        to the bit
        """
    )
    func directionMatchesLab() {
        for step in -400...1500 {
            let hue = Double(step) * 0.3 + 0.0001 * Double(step % 7)
            let direction = OKLCh.HueDirection(hue)
            for chroma in [0.0, 0.013, 0.1, 0.37] {
                var color = OKLCh(lightness: 0.6, chroma: chroma, hue: 0)
                color.hue = hue
                let lab = direction.lab(lightness: 0.6, chroma: chroma)
                let reference = color.lab
                #expect(
                    lab.a.bitPattern == reference.a.bitPattern && lab.b.bitPattern == reference.b.bitPattern,
                    "h \(hue) C \(chroma)")
            }
        }
    }

    @Test(
        """
        Given colours of every lightness and hue, 360° and −0° among them, beyond the gamut and inside it, when \
        clamped, then each is the reference's to the bit
        """
    )
    func clampMatchesReference() {
        let hues = [0.0, -0.0, 360.0, 359.99999999999994, 1e-13, 29.5, 90, 137.25, 200, 265, 330.75]
        for hue in hues {
            for lightness in stride(from: -0.1, through: 1.1, by: 0.05) {
                for chroma in [0.0, 0.02, 0.08, 0.15, 0.25, 0.37, 0.6] {
                    // Made with the memberwise initializer and by hand, so 360 and −0 reach the clamp as they are.
                    var color = OKLCh(lightness: lightness, chroma: chroma, hue: 0)
                    color.hue = hue
                    let clamped = color.clampedToSRGB
                    let reference = Self.referenceClamp(color)
                    #expect(
                        clamped.lightness.bitPattern == reference.lightness.bitPattern
                            && clamped.chroma.bitPattern == reference.chroma.bitPattern
                            && clamped.hue.bitPattern == reference.hue.bitPattern
                            && clamped.lab.rgbColor == reference.lab.rgbColor, "L \(lightness) C \(chroma) h \(hue)")
                }
            }
        }
    }

    @Test(
        """
        Given a lattice of colours on light, mid and dark backgrounds, when toned to 3, 4.5 and 7, then each \
        adjustment is the reference's to the bit
        """
    )
    func toneMatchesReference() {
        let backgrounds = ["#ffffff", "#c8c8c8", "#808080", "#5a50b2", "#3c0f0c", "#000000"].map { RGBColor(hex: $0)! }
        for background in backgrounds {
            for target in [3.0, 4.5, 7.0] {
                for r in stride(from: 0, through: 255, by: 85) {
                    for g in stride(from: 0, through: 255, by: 85) {
                        for b in stride(from: 0, through: 255, by: 85) {
                            let color = RGBColor(red: UInt8(r), green: UInt8(g), blue: UInt8(b))
                            let toned = ToneAdjustment(color, reaching: target, on: background)
                            let reference = Self.referenceTone(color, reaching: target, on: background)
                            #expect(toned == reference, "\(color) on \(background) to \(target)")
                            #expect(toned?.deltaL.bitPattern == reference?.deltaL.bitPattern)
                        }
                    }
                }
            }
        }
    }

    @Test(
        """
        Given hues near, at and far beyond 0° and 360°, when their distance is measured, then it is the \
        remainder-based distance to the bit
        """
    )
    func hueDistanceMatchesRemainder() {
        let hues = [
            0.0, -0.0, 1e-300, 15, 180, 359.99999999999994, 360, 360.0000000000001, 540, 720.5, -15, -359.5, -1080.25,
        ]
        for x in hues {
            for y in hues {
                let d = abs(x - y).truncatingRemainder(dividingBy: 360)
                #expect(OKLCh.hueDistance(x, y).bitPattern == min(d, 360 - d).bitPattern, "\(x) \(y)")
            }
        }
    }
}
