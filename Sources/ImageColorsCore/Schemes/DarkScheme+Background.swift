#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The dark background: the light one's hue at a dark lightness, and the 8-bit colour that
// keeps that hue best.
extension DarkScheme {
    /// OKLCh chroma from which a background's hue is kept within ``hueTolerance`` in the dark:
    /// 0.02, where OKLCh hue starts to mean something (below it a colour reads as grey).
    public static let hueKeepingChroma = 0.02
    /// How far the dark background's hue may turn from the light one's: 10°.
    public static let hueTolerance = 10.0

    /// The OKLab lightness the dark background gets for a light background of lightness
    /// `lightness`: unchanged at or below the band's top, else mapped linearly from 0.31–1 onto
    /// 0.31–0.19 (the paler, the darker).
    /// - Parameter lightness: OKLab lightness, 0–1.
    public static func darkLightness(for lightness: Double) -> Double {
        let low = lightnessBand.lowerBound
        let high = lightnessBand.upperBound
        guard lightness > high else { return lightness }
        let t = min(1, (lightness - high) / (1 - high))
        return high - t * (high - low)
    }

    /// The dark background for a light background: its hue, its chroma where the gamut allows,
    /// at ``darkLightness(for:)``. A background already in or under the band is returned as it is.
    /// - Parameter light: The light card's background.
    public static func background(for light: RGBColor) -> RGBColor {
        let lch = OKLCh(light)
        guard lch.lightness > lightnessBand.upperBound else { return light }
        let lightness = darkLightness(for: lch.lightness)
        let moved = OKLCh(lightness: lightness, chroma: lch.chroma, hue: lch.hue).clampedToSRGB
        let rounded = moved.lab.rgbColor
        guard lch.chroma >= hueKeepingChroma else { return rounded }
        return closestInHue(to: rounded, hue: lch.hue, chroma: moved.chroma, lightness: lightness)
    }

    /// Near black an 8-bit step moves OKLab a and b by about 0.005, so rounding can turn a faint
    /// tint's hue by tens of degrees. Among the 8-bit colours within two steps of `rounded` per
    /// channel whose lightness stays within 0.01 of `lightness`, the one nearest in hue (to the
    /// degree); then nearest in chroma, then in lightness. `rounded` itself when its hue
    /// is already within 2°.
    package static func closestInHue(to rounded: RGBColor, hue: Double, chroma: Double, lightness: Double) -> RGBColor {
        func cost(_ color: RGBColor) -> (hue: Double, chroma: Double, lightness: Double) {
            let lch = OKLCh(color)
            return (OKLCh.hueDistance(lch.hue, hue), abs(lch.chroma - chroma), abs(lch.lightness - lightness))
        }
        var best = rounded
        var bestCost = cost(rounded)
        guard bestCost.hue > 2 else { return rounded }
        for dr in -2...2 {
            for dg in -2...2 {
                for db in -2...2 {
                    let r = Int(rounded.red) + dr
                    let g = Int(rounded.green) + dg
                    let b = Int(rounded.blue) + db
                    guard (0...255).contains(r), (0...255).contains(g), (0...255).contains(b) else { continue }
                    let candidate = RGBColor(red: UInt8(r), green: UInt8(g), blue: UInt8(b))
                    let c = cost(candidate)
                    guard c.lightness <= 0.01 else { continue }
                    // Hue first, in whole degrees so that chroma can break near-ties.
                    let key = (c.hue.rounded(), c.chroma, c.lightness)
                    let bestKey = (bestCost.hue.rounded(), bestCost.chroma, bestCost.lightness)
                    if key < bestKey {
                        best = candidate
                        bestCost = c
                    }
                }
            }
        }
        return best
    }
}
