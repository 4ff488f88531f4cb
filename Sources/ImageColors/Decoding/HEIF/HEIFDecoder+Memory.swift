import CImageCodecs

extension HEIFDecoder {
    /// Whether the primary image's largest thumbnail can stand for it: at least the analysis
    /// size on its long side (``DecodeOptions/budgetFallbackLongSide``, the target the analyzer
    /// downscales to; never when no downscale is asked for), the same shape (aspect ratios within
    /// 2 %, so a thumbnail of another crop is not taken), and not deeper than the image.
    static func thumbnailSuffices(_ container: HEIFContainer, options: DecodeOptions) -> Bool {
        guard container.hasThumbnail else { return false }
        guard let target = options.budgetFallbackLongSide ?? options.minimumLongSide else { return false }
        let primary = container.info.primary
        let thumbnail = container.info.thumbnail
        let (w, h) = (Int(primary.width), Int(primary.height))
        let (tw, th) = (Int(thumbnail.width), Int(thumbnail.height))
        guard max(tw, th) >= target, tw <= w, th <= h else { return false }
        // |tw/th - w/h| ≤ 2 % of w/h, in integers.
        let difference = abs(tw * h - th * w)
        return difference * 50 <= th * w
    }

    /// What libheif 1.15 allocates to decode `image` whole, from its header: an upper estimate.
    ///
    /// - The decoded planes at their depth (1 byte a sample to 8 bits, 2 beyond), counted as
    ///   4:4:4 (the header does not say the chroma format): 3 samples a pixel, 4 with alpha.
    /// - The same again: the codec's own picture (libde265's or dav1d's) while libheif copies it
    ///   out, and then the interleaved RGB(A) image libheif converts the planes into (at most 4
    ///   samples a pixel at the same depth) — never both at once, so one more set of planes.
    /// - ``fixedAllowance`` for the codecs' contexts and tables.
    ///
    /// A grid's tiles are decoded one at a time into the full image's planes, so the estimate
    /// holds for grids too. Measured (`Benchmarks/memory.sh`, DocC Formats): the estimate stays
    /// above the peak RSS increase of a whole decode.
    static func workingBytes(_ image: ic_heif_image_info) -> Int {
        let pixels = Int(image.width) * Int(image.height)
        let sampleBytes = image.luma_bits > 8 || image.chroma_bits > 8 ? 2 : 1
        let samples = image.has_alpha != 0 ? 4 : 3
        return 2 * pixels * samples * sampleBytes + fixedAllowance
    }

    /// The codecs' contexts, tables and bitstream buffers (4 MB).
    static let fixedAllowance = 4 * 1024 * 1024
}
