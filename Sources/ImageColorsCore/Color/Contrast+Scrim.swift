#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Overlays: alpha compositing as a browser does it, and the least opaque scrim that makes a
/// text/background pair reach a contrast ratio.
///
/// Compositing happens in sRGB gamma space on 8-bit values — `round(B + (O − B)·α)` per channel —
/// which is what browsers and most UI toolkits do for an `rgba()` layer; blending in linear
/// light would give lighter mixes and answers that no browser shows.
extension Contrast {
    /// How many halvings the scrim search makes: 2⁻²⁴ ≈ 6·10⁻⁸, far below the 0.01 opacity steps
    /// that get printed, and finer than the ~7.7·10⁻⁶ gap between any two opacities at which an
    /// 8-bit channel changes, so the answer sits just past the exact step.
    package static let scrimSearchSteps = 24

    /// An overlay colour at an opacity, composited over a background in 8-bit sRGB.
    /// - Parameters:
    ///   - overlay: The overlay's colour.
    ///   - opacity: The overlay's opacity, 0 (invisible) to 1 (opaque); values outside are clamped.
    ///   - background: What is under it.
    /// - Returns: Each channel `round(B + (O − B)·opacity)`, halves rounded up.
    public static func composite(_ overlay: RGBColor, opacity: Double, over background: RGBColor) -> RGBColor {
        let alpha = min(1, max(0, opacity))
        return RGBColor(
            red: compositeChannel(background.red, overlay.red, alpha),
            green: compositeChannel(background.green, overlay.green, alpha),
            blue: compositeChannel(background.blue, overlay.blue, alpha))
    }

    /// The least opacity of a black or white scrim, laid over the background under the text, that
    /// makes the text's WCAG ratio on the result at least `target`.
    ///
    /// Found by bisection on the composited 8-bit colour (see ``composite(_:opacity:over:)``),
    /// re-measured with ``contrastRatio(_:_:)``: the returned opacity is always enough, and at
    /// most 6·10⁻⁸ more than the exact minimum. The search is sound because a scrim moves the
    /// background's luminance one way only, so once the ratio starts rising it keeps rising.
    /// - Parameters:
    ///   - scrim: Black or white.
    ///   - text: The text colour (drawn on top, unaffected by the scrim).
    ///   - background: What is under the scrim.
    ///   - target: The ratio to reach; default 4.5 (WCAG AA for normal text).
    /// - Returns: 0 when the pair already reaches `target`, an opacity in (0, 1] otherwise, or
    ///   `nil` when even an opaque scrim does not reach it (a white scrim under light text).
    public static func scrimOpacity(
        _ scrim: Scrim, text: RGBColor, background: RGBColor,
        target: Double = WCAGLevels.aaMinimum
    ) -> Double? {
        let textLuminance = relativeLuminance(text)
        let passes = { (alpha: Double) -> Bool in
            let under = composite(scrim.color, opacity: alpha, over: background)
            return contrastRatio(luminance: textLuminance, luminance: relativeLuminance(under)) >= target
        }
        if passes(0) { return 0 }
        guard passes(1) else { return nil }
        return leastPassingOpacity(passes)
    }

    /// Bisects [0, 1] for the least opacity at which `passes` holds, given that it fails at 0,
    /// holds at 1 and, once it holds, holds for every larger opacity.
    /// - Returns: An opacity at which `passes` holds, within 2⁻²⁴ above the least one.
    package static func leastPassingOpacity(_ passes: (Double) -> Bool) -> Double {
        var failing = 0.0
        var passing = 1.0
        for _ in 0..<scrimSearchSteps {
            let middle = (failing + passing) / 2
            if passes(middle) { passing = middle } else { failing = middle }
        }
        return passing
    }

    /// One channel of `overlay` at `alpha` over `base`, as a browser rounds it.
    @inline(__always)
    package static func compositeChannel(_ base: UInt8, _ overlay: UInt8, _ alpha: Double) -> UInt8 {
        // B + (O − B)·α rather than B·(1−α) + O·α: one product of a fixed difference with α is
        // monotonic in α even in floating point, which the bisection relies on.
        UInt8((Double(base) + Double(Int(overlay) - Int(base)) * alpha).rounded(.toNearestOrAwayFromZero))
    }
}
