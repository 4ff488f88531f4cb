#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Pure functions that measure how light a colour is and how well two colours contrast.
///
/// Measures, each in its own file: brightness and the AERT differences and WCAG 2.x here,
/// APCA in `Contrast+APCA.swift`, overlays (scrims) in `Contrast+Scrim.swift`.
///
/// Two scales are used on purpose:
/// - ``brightness(_:)`` is the W3C/AERT perceived-brightness formula. It decides the title text
///   (light or dark) by default, because that is the rule the CLI contract documents; see
///   ``TitleRule`` for the WCAG and APCA alternatives.
/// - ``relativeLuminance(_:)`` and ``contrastRatio(_:_:)`` are WCAG 2.x. They are reported next
///   to every choice and are what the quantizer uses to reject colours that would be unreadable.
public enum Contrast {
    /// The W3C/AERT perceived brightness of a colour: `(R·299 + G·587 + B·114) / 1000`.
    ///
    /// - Parameter c: The colour.
    /// - Returns: A value from 0 (black) to 255 (white). Greys return their channel value
    ///   exactly, e.g. `RGB(125,125,125)` → `125.0`.
    public static func brightness(_ c: RGBColor) -> Double {
        // Sum in integers and divide once, so a grey's brightness is exactly its channel value
        // and the title threshold (a `>` comparison) has no floating-point surprises.
        Double(weightedBrightness(c)) / 1000
    }

    /// The AERT brightness difference of two colours: `|brightness(a) − brightness(b)|`.
    ///
    /// The AERT guideline asks for at least ``aertMinimumBrightnessDifference`` (125).
    /// - Parameters:
    ///   - a: One colour.
    ///   - b: The other colour.
    /// - Returns: A value from 0 to 255; symmetric in its arguments.
    public static func brightnessDifference(_ a: RGBColor, _ b: RGBColor) -> Double {
        // Subtract the integer sums, then divide once: 255 − 119 is exactly 136, not 135.99….
        Double(abs(weightedBrightness(a) - weightedBrightness(b))) / 1000
    }

    /// The AERT colour difference of two colours: the sum of the absolute channel differences,
    /// `|R₁−R₂| + |G₁−G₂| + |B₁−B₂|`.
    ///
    /// The AERT guideline asks for at least ``aertMinimumColorDifference`` (500).
    /// - Parameters:
    ///   - a: One colour.
    ///   - b: The other colour.
    /// - Returns: A value from 0 to 765; symmetric in its arguments.
    public static func colorDifference(_ a: RGBColor, _ b: RGBColor) -> Int {
        abs(Int(a.red) - Int(b.red)) + abs(Int(a.green) - Int(b.green)) + abs(Int(a.blue) - Int(b.blue))
    }

    /// The smallest brightness difference the AERT guideline accepts for text: 125.
    public static let aertMinimumBrightnessDifference: Double = 125

    /// The smallest colour difference the AERT guideline accepts for text: 500.
    public static let aertMinimumColorDifference = 500

    /// `R·299 + G·587 + B·114`, the brightness times 1000, exact in integers.
    package static func weightedBrightness(_ c: RGBColor) -> Int {
        Int(c.red) * 299 + Int(c.green) * 587 + Int(c.blue) * 114
    }

    /// The WCAG 2.x relative luminance of a colour.
    ///
    /// Each sRGB channel is linearised (`c/12.92` up to 0.04045, `((c+0.055)/1.055)^2.4` above)
    /// and weighted `0.2126 R + 0.7152 G + 0.0722 B`.
    /// - Parameter c: The colour.
    /// - Returns: A value from 0 (black) to 1 (white).
    public static func relativeLuminance(_ c: RGBColor) -> Double {
        let table = linearTable
        return 0.2126 * table[Int(c.red)] + 0.7152 * table[Int(c.green)] + 0.0722 * table[Int(c.blue)]
    }

    /// The WCAG 2.x contrast ratio of two colours: `(L1 + 0.05) / (L2 + 0.05)`, L1 the lighter.
    ///
    /// Symmetric in its arguments. Black on white is exactly 21; a colour on itself is exactly 1.
    /// - Parameters:
    ///   - a: One colour.
    ///   - b: The other colour.
    /// - Returns: A ratio from 1 to 21.
    public static func contrastRatio(_ a: RGBColor, _ b: RGBColor) -> Double {
        contrastRatio(luminance: relativeLuminance(a), luminance: relativeLuminance(b))
    }

    /// The WCAG ratio of two relative luminances, in either order; what ``contrastRatio(_:_:)``
    /// computes after measuring, shared so per-pixel code gets bit-identical ratios.
    package static func contrastRatio(luminance la: Double, luminance lb: Double) -> Double {
        let lighter = max(la, lb)
        let darker = min(la, lb)
        // (L1 + 0.05) / (L2 + 0.05) multiplied through by 20: the same ratio, but 0.05 is not
        // representable in binary and 1.05/0.05 comes out as 20.999…, while 21/1 is exact.
        return (lighter * 20 + 1) / (darker * 20 + 1)
    }

    /// The relative luminance of a colour given as channels, for loops over pixels.
    @inline(__always)
    package static func relativeLuminance(red: UInt8, green: UInt8, blue: UInt8, table: UnsafeBufferPointer<Double>)
        -> Double
    {
        0.2126 * table[Int(red)] + 0.7152 * table[Int(green)] + 0.0722 * table[Int(blue)]
    }

    /// Linearised sRGB for every 8-bit channel value, so luminance costs three loads, not three `pow`s.
    package static let linearTable: [Double] = (0...255).map { value in
        let c = Double(value) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
}
