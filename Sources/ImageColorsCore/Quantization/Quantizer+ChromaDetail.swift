// How fine a picture's colour detail the faithful roles see (issue 41: one card per picture).
extension Quantizer {
    /// The width, in the picture's own pixels, of the colour detail the faithful scheme's roles
    /// leave out: about 7. The clusters are grown on the image with each pixel's chroma replaced
    /// by the median of a square round it (``chromaMedianRadius(sourceLongSide:analysedLongSide:)``),
    /// its luma kept.
    ///
    /// Why: a CDN's or an app's re-encode keeps luma detail but not chroma detail (4:2:0 halves
    /// it, and quantization at q75 takes much of the rest), so a colour only a few of the
    /// picture's pixels wide is not the same colour in the copy, and roles chosen on it moved
    /// with every re-encode. A median keeps the edges of flat areas, so a logo's patches keep
    /// their colours and shares. Seen evaluation sets (354 images, 1,062 slots; q75 copies by
    /// libvips), light-card role slots moving more than ΔE_OK 0.20: 64 without; with 6, 7 and 8
    /// pixels 52, 43 and 49 in a prototype, 48 at 7 as implemented (heldout8: 23 → 13 of 135).
    /// A picture analysed at less than a quarter of its size (3.5 times smaller or more) already
    /// averages its chroma over about that much: its radius is 0.
    public static let chromaDetailSide = 7

    /// The radius, in pixels of the analysed image, of the chroma medians its faithful roles
    /// are clustered on: half of ``chromaDetailSide`` of the picture's pixels at the analysed
    /// image's scale, rounded down, at most 3; 0 (none) when the analysed image is more than 3.5
    /// times smaller than the picture, or when either size is unknown (0 or less).
    ///
    /// Analysed at 250 px (the canonical image), a picture of up to 291 px: 3 (7 × 7 squares);
    /// 292–437 px: 2; 438–875 px: 1 (3 × 3); 876 px and larger: 0.
    /// - Parameters:
    ///   - sourceLongSide: The picture's long side in its own pixels.
    ///   - analysedLongSide: The analysed image's long side.
    public static func chromaMedianRadius(sourceLongSide: Int, analysedLongSide: Int) -> Int {
        guard sourceLongSide > 0, analysedLongSide > 0 else { return 0 }
        let radius =
            Double(chromaDetailSide) * Double(analysedLongSide) / Double(2 * max(sourceLongSide, analysedLongSide))
        return min(Int(radius), chromaDetailSide / 2)
    }
}
