#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// APCA (the Accessible Perceptual Contrast Algorithm), version 0.0.98G with the W3-compatible
/// "4g" constants, implemented from the published formula (Myndex/apca-w3, `APCAcontrast`).
///
/// Unlike the WCAG ratio, APCA is polarity-dependent: dark text on a light background gives a
/// positive Lc, light text on a dark background a negative one, and swapping the two changes
/// the value. |Lc| 60 is roughly WCAG 2's 4.5:1 for body text; Lc 75 is the body-text goal.
extension Contrast {
    /// The APCA 0.0.98G-4g constants, named as in the reference implementation.
    package enum APCA {
        /// Exponent that approximates a monitor's transfer curve (simple power, no linear toe).
        package static let mainTRC = 2.4
        /// sRGB-to-Y coefficients (more digits than WCAG's 0.2126 / 0.7152 / 0.0722).
        package static let redCoefficient = 0.2126729
        package static let greenCoefficient = 0.7151522
        package static let blueCoefficient = 0.0721750
        /// Exponents for normal polarity (dark text on light) and reverse (light on dark).
        package static let normBG = 0.56
        package static let normTXT = 0.57
        package static let revTXT = 0.62
        package static let revBG = 0.65
        /// Soft clamp for near-black luminances: below `blkThrs`, Y + (blkThrs − Y)^blkClmp.
        package static let blkThrs = 0.022
        package static let blkClmp = 1.414
        /// Output scale and low-contrast offsets.
        package static let scaleBoW = 1.14
        package static let scaleWoB = 1.14
        package static let loBoWoffset = 0.027
        package static let loWoBoffset = 0.027
        /// Luminance differences below this are no contrast at all.
        package static let deltaYmin = 0.0005
        /// Raw contrasts below this (in magnitude) clip to 0.
        package static let loClip = 0.1

        /// `(v/255)^2.4` for every 8-bit channel value.
        package static let powerTable: [Double] = (0...255).map { pow(Double($0) / 255, mainTRC) }
    }

    /// The APCA screen luminance Y of a colour: `0.2126729·(R/255)^2.4 + 0.7151522·(G/255)^2.4
    /// + 0.0721750·(B/255)^2.4`.
    ///
    /// Not WCAG's relative luminance: APCA uses a plain 2.4 power curve with no linear segment.
    /// - Parameter c: The colour.
    /// - Returns: A value from 0 (black) to about 1 (white).
    public static func apcaLuminance(_ c: RGBColor) -> Double {
        let table = APCA.powerTable
        return APCA.redCoefficient * table[Int(c.red)] + APCA.greenCoefficient * table[Int(c.green)]
            + APCA.blueCoefficient * table[Int(c.blue)]
    }

    /// The APCA lightness contrast Lc of text on a background (APCA 0.0.98G-4g).
    ///
    /// Black text on white is about 106.0, white on black about −107.9; #888888 text on white
    /// is about 63.06 and white text on #888888 about −68.54.
    /// - Parameters:
    ///   - text: The text colour.
    ///   - background: The background colour. Order matters: APCA is not symmetric.
    /// - Returns: Lc, roughly −108 to 106: positive for dark text on a lighter background,
    ///   negative for light text on a darker one, 0 when the contrast is too low to count.
    public static func apcaContrast(text: RGBColor, background: RGBColor) -> Double {
        apcaContrast(textLuminance: apcaLuminance(text), backgroundLuminance: apcaLuminance(background))
    }

    /// Lc from two APCA screen luminances (see ``apcaLuminance(_:)``).
    package static func apcaContrast(textLuminance: Double, backgroundLuminance: Double) -> Double {
        let text = softClampBlack(textLuminance)
        let background = softClampBlack(backgroundLuminance)
        guard abs(background - text) >= APCA.deltaYmin else { return 0 }
        let output: Double
        if background > text {
            // Normal polarity: dark text on a lighter background gives a positive Lc.
            let raw = (pow(background, APCA.normBG) - pow(text, APCA.normTXT)) * APCA.scaleBoW
            output = raw < APCA.loClip ? 0 : raw - APCA.loBoWoffset
        } else {
            // Reverse polarity: light text on a darker background gives a negative Lc.
            let raw = (pow(background, APCA.revBG) - pow(text, APCA.revTXT)) * APCA.scaleWoB
            output = raw > -APCA.loClip ? 0 : raw + APCA.loWoBoffset
        }
        return output * 100
    }

    /// APCA's soft clamp: lifts luminances near black, where screens flare and eyes cannot tell
    /// small differences apart.
    private static func softClampBlack(_ y: Double) -> Double {
        y > APCA.blkThrs ? y : y + pow(APCA.blkThrs - y, APCA.blkClmp)
    }
}
