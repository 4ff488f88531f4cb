/// When two colours count as different enough to both appear on a card (primary, secondary
/// and detail must be pairwise distinct).
///
/// Distances are ΔE_OK, the Euclidean distance in ``OKLab``, in OKLab units (lightness 0–1),
/// *not* ×100: 0.08 here is "8" on the ×100 scale some tools print.
public enum ColorDistance {
    /// The ΔE_OK from which two colours are distinct: 0.08.
    ///
    /// ColorArt called colours distinct when any sRGB channel differed by more than 0.25. That
    /// step is uneven to the eye: measured in OKLab it is anywhere from 0.045 (red channel on a
    /// green) to 0.21 (green channel on a dark grey), about 0.1 typically. 0.02 is roughly one
    /// just-noticeable difference in OKLab (the JND CSS Color 4 uses for gamut mapping), so 0.08
    /// asks for about four of them, everywhere in the space: clearly different side by side,
    /// while two shades of one hue still pass once their lightness differs by 0.08 (`#1e3a8a`
    /// and `#2563eb`, a dark and a bright blue: ΔE_OK ≈ 0.18).
    public static let distinctThreshold: Double = 0.08

    /// The OKLab chroma below which a colour counts as grey: 0.02, about one just-noticeable
    /// difference from the neutral axis. Note that dark colours at the quantizer's minimum
    /// saturation (0.15) stay under it up to brightness ≈ 80/255 (`#504444` has chroma 0.016):
    /// they look grey, so they are treated as grey.
    public static let greyChromaThreshold: Double = 0.02

    /// ΔE_OK between two sRGB colours, in OKLab units (0 for equal colours, ≈ 1 for black–white).
    /// - Parameters:
    ///   - x: One colour.
    ///   - y: The other colour.
    public static func deltaE(_ x: RGBColor, _ y: RGBColor) -> Double {
        OKLab(x).distance(to: OKLab(y))
    }

    /// Whether a colour is a grey: its OKLab chroma is below ``greyChromaThreshold``.
    /// - Parameter color: The colour.
    public static func isGrey(_ color: RGBColor) -> Bool {
        OKLab(color).chroma < greyChromaThreshold
    }

    /// Whether two colours are distinct enough to be used side by side.
    ///
    /// Distinct when ΔE_OK ≥ `threshold`, except that two greys are never distinct from each
    /// other, however far apart their lightness (ColorArt's `pc_isDistinct` rule, kept on
    /// purpose: a card whose primary and secondary are both greys reads as one muddy colour).
    /// - Parameters:
    ///   - x: One colour.
    ///   - y: The other colour.
    ///   - threshold: The smallest ΔE_OK that counts as distinct; default ``distinctThreshold`` (0.08).
    public static func isDistinct(_ x: RGBColor, _ y: RGBColor, threshold: Double = distinctThreshold) -> Bool {
        let labX = OKLab(x)
        let labY = OKLab(y)
        if labX.chroma < greyChromaThreshold && labY.chroma < greyChromaThreshold { return false }
        return labX.distance(to: labY) >= threshold
    }
}
