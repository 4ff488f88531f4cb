import CImageCodecs

extension WebPDecoder {
    /// What libwebp 1.2.4 allocates to decode `frame` into `outWidth` × `outHeight` RGBA (in the
    /// caller's buffer, not counted here), from its headers alone; reserved before decoding.
    ///
    /// - Lossy (VP8): per macroblock column, the intra modes, top samples, filter strengths,
    ///   coefficients and a 36-row YUV cache (`AllocateMemory` in frame_dec.c), about 2 kB per 16
    ///   pixels of width; with alpha, the whole alpha plane (1 byte a pixel) and, when the ALPH
    ///   data is compressed, VP8L's decoder for it (up to 4 bytes a pixel: it keeps 1 byte a
    ///   pixel when the alpha uses only a colour index, which cannot be known from the header).
    /// - Lossless (VP8L; only a frame of an animation that scaling would enlarge, a pixel or
    ///   two wide: the others are streamed by ``VP8LDecoder``, which reserves for itself): every
    ///   pixel as ARGB (4 bytes a pixel: a back-reference may reach any earlier pixel, and
    ///   libwebp keeps them all) plus 17 rows of cache, and the transform and entropy
    ///   sub-images (each at most a sixteenth of the pixels, 4-pixel blocks at least).
    ///   Its Huffman tables depend on the bitstream, not the header: ``huffmanAllowance`` covers
    ///   what encoders write (a few hundred groups of codes); a hostile stream can ask for more,
    ///   in proportion to its own size, which the fuzzers' allocation limit watches.
    /// - Scaling: libwebp's rescalers, a few rows of the output width per channel.
    /// - Both: ``fixedAllowance`` for the decoder's structures and tables.
    static func workingBytes(_ frame: ic_webp_frame, outWidth: Int, outHeight: Int) -> Int {
        let width = Int(frame.width)
        let height = Int(frame.height)
        let pixels = width * height
        let scaling = outWidth != width || outHeight != height
        var bytes = fixedAllowance
        if frame.lossless != 0 {
            bytes += 4 * (pixels + 17 * width)
            bytes += 3 * 4 * ((width + 3) / 4) * ((height + 3) / 4)
            bytes += huffmanAllowance
            if scaling { bytes += 4 * outWidth * (2 * 4 + 1) }
        } else {
            let macroblocks = (width + 15) / 16
            bytes += macroblocks * (4 + 32 + 2 + 4 + 800 + 32 * 36) + 832
            if frame.has_alpha != 0 {
                bytes += pixels + width
                if frame.alpha_compressed != 0 { bytes += 4 * (pixels + 17 * width) }
            }
            // Scaling: four rescalers (Y, U, V, A) of two rows each, and a row of YUV samples
            // per channel; without it, the fancy upsampler's saved row.
            bytes += scaling ? 4 * outWidth * (2 * 4 + 1) : 2 * width
        }
        return bytes
    }

    /// The decoder's own structures, probability and lookup tables (64 kB).
    static let fixedAllowance = 64 * 1024
    /// VP8L's Huffman tables: at most 2 MB (about 200 groups of five codes, each up to
    /// 2 328 four-byte entries), what encoders write.
    static let huffmanAllowance = 2 * 1024 * 1024
}
