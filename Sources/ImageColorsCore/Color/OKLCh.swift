#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A colour in OKLCh: ``OKLab`` in polar form — lightness, chroma (colourfulness) and hue angle.
///
/// Moving a colour along ``lightness`` at a fixed ``hue`` keeps what the eye calls its hue
/// (an orange stays orange, lighter or darker), which is how roles are toned to reach a
/// contrast target (``ToneAdjustment``).
public struct OKLCh: Sendable, Hashable {
    /// Perceived lightness, 0 (black) to 1 (white): OKLab's L.
    public var lightness: Double
    /// Distance from the grey axis, `√(a² + b²)`, 0 for greys; about 0.37 at most in sRGB.
    public var chroma: Double
    /// Hue angle in degrees, 0 ≤ hue < 360 (about 30 red, 70 orange, 110 yellow, 140 green,
    /// 195 cyan, 265 blue, 330 magenta). Meaningless for greys (chroma below about 0.02).
    public var hue: Double

    /// Creates a colour from its coordinates.
    /// - Parameters:
    ///   - lightness: 0 to 1.
    ///   - chroma: 0 or more.
    ///   - hue: Degrees; any value, normalised to 0 ≤ hue < 360.
    public init(lightness: Double, chroma: Double, hue: Double) {
        self.lightness = lightness
        self.chroma = chroma
        let wrapped = hue.truncatingRemainder(dividingBy: 360)
        self.hue = wrapped < 0 ? wrapped + 360 : wrapped
    }

    /// The polar form of an OKLab colour.
    /// - Parameter lab: The colour.
    public init(_ lab: OKLab) {
        let degrees = atan2(lab.b, lab.a) * 180 / .pi
        self.init(lightness: lab.lightness, chroma: lab.chroma, hue: degrees)
    }

    /// The polar form of an 8-bit sRGB colour.
    /// - Parameter color: The colour.
    public init(_ color: RGBColor) {
        self.init(OKLab(color))
    }

    /// The same colour in OKLab.
    public var lab: OKLab {
        let radians = hue * .pi / 180
        return OKLab(lightness: lightness, a: chroma * cos(radians), b: chroma * sin(radians))
    }

    /// The smaller angle between two hues, 0–180 degrees.
    /// - Parameters:
    ///   - x: One hue in degrees.
    ///   - y: The other hue in degrees.
    public static func hueDistance(_ x: Double, _ y: Double) -> Double {
        // Hues from `init` differ by less than 360, where the remainder is the difference
        // itself: skip its division.
        let difference = abs(x - y)
        let d = difference < 360 ? difference : difference.truncatingRemainder(dividingBy: 360)
        return min(d, 360 - d)
    }
}
