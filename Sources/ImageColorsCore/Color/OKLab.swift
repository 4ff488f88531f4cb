#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A colour in Björn Ottosson's OKLab space: a perceptual space in which Euclidean distance
/// tracks how different two colours look far better than distance in sRGB does.
///
/// Scale: ``lightness`` runs 0 (black) to 1 (white); ``a`` and ``b`` are roughly −0.4…0.4.
/// Distances (``distance(to:)``) are in these same units, *not* multiplied by 100:
/// about 0.02 is a just-noticeable difference.
public struct OKLab: Sendable, Hashable {
    /// Perceived lightness, 0 (black) to 1 (white).
    public var lightness: Double
    /// Green (negative) to red (positive).
    public var a: Double
    /// Blue (negative) to yellow (positive).
    public var b: Double

    /// Creates a colour from its coordinates.
    /// - Parameters:
    ///   - lightness: 0 to 1.
    ///   - a: Green–red axis.
    ///   - b: Blue–yellow axis.
    public init(lightness: Double, a: Double, b: Double) {
        self.lightness = lightness
        self.a = a
        self.b = b
    }

    /// Converts an 8-bit sRGB colour (linearised as in WCAG/sRGB, then Ottosson's matrices).
    /// - Parameter color: The sRGB colour.
    public init(_ color: RGBColor) {
        let table = Contrast.linearTable
        let r = table[Int(color.red)]
        let g = table[Int(color.green)]
        let bl = table[Int(color.blue)]
        // Ottosson's published matrices (2020): linear sRGB → cone responses → OKLab.
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * bl)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * bl)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * bl)
        self.init(
            lightness: 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
            a: 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
            b: 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)
    }

    /// Colourfulness: the distance from the grey axis, `√(a² + b²)`. Greys are ≈ 0.
    public var chroma: Double { (a * a + b * b).squareRoot() }

    /// ΔE_OK: the Euclidean distance to another colour, in OKLab units (not ×100).
    /// - Parameter other: The other colour.
    public func distance(to other: OKLab) -> Double {
        let dl = lightness - other.lightness
        let da = a - other.a
        let db = b - other.b
        return (dl * dl + da * da + db * db).squareRoot()
    }
}
