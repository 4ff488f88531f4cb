#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A colour moved along lightness, hue kept, until it reaches a WCAG contrast ratio on a
/// background: how a colour that says something about the picture is made legible instead of
/// being thrown away.
///
/// The move happens in ``OKLCh``: lightness changes, hue stays, and chroma is reduced only as
/// far as the sRGB gamut requires at the new lightness (a saturated orange made darker turns
/// into a saturated brown-orange, not a grey). Of the two directions, lighter and darker, the
/// one that needs the smaller change of lightness wins (darker on a tie); the target is checked
/// on the final 8-bit colour, so the reported ratio always reaches it.
public struct ToneAdjustment: Sendable, Hashable {
    /// The colour before adjustment.
    public var original: RGBColor
    /// The colour after adjustment: `original` itself when it already reached the target.
    public var color: RGBColor
    /// OKLab lightness of ``color`` minus that of ``original``: negative when darkened, 0 when
    /// unchanged. In OKLab units (lightness 0–1).
    public var deltaL: Double
    /// The WCAG 2.x ratio of ``color`` on the background.
    public var contrastRatio: Double

    /// Whether the colour had to change to reach the target.
    public var isAdjusted: Bool { color != original }

    /// Adjusts a colour to reach `target` on `background`, or `nil` when no colour of any
    /// lightness reaches it there (neither white nor black does, e.g. 7:1 on a mid grey).
    /// - Parameters:
    ///   - color: The colour to keep the hue of.
    ///   - target: The WCAG contrast ratio to reach, 1–21.
    ///   - background: The colour it will be drawn on.
    public init?(_ color: RGBColor, reaching target: Double, on background: RGBColor) {
        let ratio = Contrast.contrastRatio(color, background)
        guard ratio < target else {
            self.init(original: color, color: color, deltaL: 0, contrastRatio: ratio)
            return
        }
        let start = OKLCh(color)
        let backgroundLuminance = Contrast.relativeLuminance(background)
        let lighter = Self.search(
            from: start, lighter: true, target: target, background: background,
            backgroundLuminance: backgroundLuminance)
        let darker = Self.search(
            from: start, lighter: false, target: target, background: background,
            backgroundLuminance: backgroundLuminance)
        let chosen: (color: RGBColor, lightness: Double)
        switch (lighter, darker) {
        case (nil, nil): return nil
        case (let l?, nil): chosen = l
        case (nil, let d?): chosen = d
        case (let l?, let d?):
            chosen = abs(l.lightness - start.lightness) < abs(d.lightness - start.lightness) ? l : d
        }
        self.init(
            original: color, color: chosen.color, deltaL: OKLab(chosen.color).lightness - start.lightness,
            contrastRatio: Contrast.contrastRatio(chosen.color, background))
    }

    /// Creates an adjustment record from its parts.
    package init(original: RGBColor, color: RGBColor, deltaL: Double, contrastRatio: Double) {
        self.original = original
        self.color = color
        self.deltaL = deltaL
        self.contrastRatio = contrastRatio
    }

    /// The colour at the lightness nearest `start`'s, in one direction, whose 8-bit form is on
    /// that side of the background and reaches the target; `nil` when even white (or black)
    /// does not.
    ///
    /// Bisection on lightness between a failing end (the start) and a passing one (white or
    /// black): at a fixed hue the luminance grows with lightness, so "reaches the target on
    /// this side" flips once along the way. Eleven halvings leave 0.0005 of lightness, finer
    /// than one 8-bit step.
    private static func search(
        from start: OKLCh, lighter: Bool, target: Double, background: RGBColor,
        backgroundLuminance: Double
    ) -> (color: RGBColor, lightness: Double)? {
        // The hue's cosine and sine, computed once for every colour tried (see HueDirection).
        let direction = OKLCh.HueDirection(OKLCh(lightness: 0, chroma: 0, hue: start.hue).hue)
        func candidate(_ lightness: Double) -> RGBColor {
            // `OKLCh(…).clampedToSRGB.lab.rgbColor`, the trigonometry done once.
            let color = OKLCh(lightness: lightness, chroma: start.chroma, hue: start.hue)
            let clamped = color.clampedToSRGB(direction.forHue(color.hue))
            return direction.forHue(clamped.hue).lab(lightness: clamped.lightness, chroma: clamped.chroma).rgbColor
        }
        func passes(_ color: RGBColor) -> Bool {
            let luminance = Contrast.relativeLuminance(color)
            guard lighter ? luminance > backgroundLuminance : luminance < backgroundLuminance else { return false }
            return Contrast.contrastRatio(luminance: luminance, luminance: backgroundLuminance) >= target
        }
        let end = lighter ? 1.0 : 0.0
        guard passes(lighter ? .white : .black) else { return nil }
        var failing = min(max(start.lightness, 0), 1)
        var passing = end
        var best = lighter ? RGBColor.white : .black
        while abs(passing - failing) > 0.0005 {
            let middle = (failing + passing) / 2
            let color = candidate(middle)
            if passes(color) {
                passing = middle
                best = color
            } else {
                failing = middle
            }
        }
        return (best, passing)
    }
}
