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

    /// What libheif 1.15 and its codec allocate to decode `image` whole, from its header: the
    /// decoded planes, the codec's own pictures and working buffers, and libheif's conversion to
    /// interleaved RGB(A) — measured, since the codecs' internals are not in the header.
    ///
    /// The rule: pixels × bytes a sample (1 to 8 bits, 2 beyond) × samples a pixel (3, 4 with
    /// alpha) × a codec factor, plus a fixed allowance. Measured as the peak RSS increase of
    /// whole analyses (`/usr/bin/time -v`, the CLI with a 2 GB budget, 1 to 24 MP, Debian's
    /// libheif 1.15.1 with libde265 1.0.11 and libaom 3.6.0; DocC "Formats"):
    ///
    /// | codec        | 8-bit 4:2:0  | 8-bit 4:4:4 / lossless | 8-bit + alpha | 10-bit 4:2:0 |
    /// |--------------|--------------|------------------------|---------------|--------------|
    /// | HEVC         | 5.7–7.5 B/px | 6 B/px                 | 9.3 B/px      | 20.5 B/px    |
    /// | AV1 (libaom) | 18.4–21.5 B/px | 19–20.3 B/px         | 19.1 B/px     | 25.6 B/px    |
    ///
    /// so the factor is 3 for HEVC at 8 bits (9 B/px), 4 for HEVC deeper (24 B/px: libheif's
    /// high-bit-depth conversion goes through planar 16-bit RGB), and 7 for AV1 (21 B/px at 8
    /// bits: libaom keeps its own frame buffers and per-block state; dav1d measured 12.9–16
    /// but decodes no AV1 picture, see ic_heif_av1.c), each above every measurement but the 1 MP
    /// AV1 one, which the fixed allowance covers. A grid's tiles are decoded one at a time into
    /// the whole image's planes, which the rule covers (12 MP, libaom for the tiles too: a 4×4
    /// grid used 83 MB of 261 MB reserved, with alpha 105 MB of 347 MB).
    ///
    /// The pixels are the larger of the shown size and the coded size (ispe): libheif decodes the
    /// coded image before `clap` crops it.
    static func workingBytes(_ image: ic_heif_image_info, format: ImageFormat) -> Int {
        if image.dav1d != 0 { return image.dav1d_hevc != 0 ? hevcTileWorkingBytes(image) : dav1dWorkingBytes(image) }
        let pixels = max(Int(image.width) * Int(image.height), Int(image.ispe_width) * Int(image.ispe_height))
        let deep = image.luma_bits > 8 || image.chroma_bits > 8
        let sampleBytes = deep ? 2 : 1
        let samples = image.has_alpha != 0 ? 4 : 3
        let factor = format == .avif ? 7 : deep ? 4 : 3
        let fixed = format == .avif ? av1Allowance : hevcAllowance
        return pixels * sampleBytes * samples * factor + fixed
    }

    /// What the shim's dav1d path (an av01 item or a grid of them: `ic_heif_avif.c`) allocates,
    /// from the header: dav1d's pictures held at once (a grid's one row of tiles, one column of
    /// tiles when a quarter turn reads the canvas by columns; colour and alpha, laid out as dav1d 1.0 pads them
    /// for the av1C's depth and chroma: `dav1d_picture_bytes`, each picture held to its share by the
    /// shim's allocator), dav1d's state for the largest frame it decodes at once (a tile), and the
    /// shim's own objects (`dav1d_shim_bytes`). dav1d reads a tile's stream in place, in the file's
    /// bytes already held (`dav1d_data_wrap`), when its data is one run of the file; a tile whose
    /// extents must be joined is copied for dav1d, and that copy is reserved (`dav1d_stream_bytes`).
    /// No RGB image is made: rows are converted from the pictures as they are read.
    ///
    /// dav1d's state is `dav1d_state_bytes` (`ic_dav1d_state_bytes` in the shim), measured with a
    /// malloc counter (every allocation's usable size, live and peak) from `dav1d_open` to
    /// `dav1d_close` (dav1d 1.0.0, one thread, film grain off), beside the picture and the stream:
    /// 0.40–0.47 bytes a pixel of the frame padded to 128 at 8 bits (4:0:0 to 4:4:4, 1620×1080
    /// and 4032×3024; 4032×3024 4:2:0 5.9 MB, heap peak 25.2 MB with its 19.3 MB picture),
    /// 0.53–0.61 deeper, and its context, 0.36 MB; so 0.5 and 0.65 bytes a padded pixel and
    /// 512 KB; and 16 KB a tile of the frame and 768 bytes a row of tiles by 128 pixels of width
    /// (a 4032×3024 frame in 768 tiles took 11.7 MB more than in two), the tiles read from the
    /// frame's header by dav1d when the file is opened (`ic_dav1d_frame_tiles`). The shim's own
    /// objects are 64 KB (`IC_DAV1D_SHIM_BYTES`; 5 KB measured for a 12 MP item, 14 KB for an 8×6
    /// grid), a record per tile, and the lists it reads for each tile.
    /// `Fuzz/shim-check.sh` fails when the shim and dav1d allocate more than the reservation on
    /// any AVIF it is given (`Fuzz/ShimCheck/dav1d_heap.c`, which also gives dav1d's own peak).
    /// (A 12 MP 8-bit 4:2:0 AVIF needed 35.8 MB with 1 byte a pixel of state and a 4 MB allowance;
    /// 26.2 MB and the file now, where dav1d's copy of the stream and a 1 MB allowance for the shim
    /// were reserved too: 12 MP files up to 2.83 MB fit the default budget, where 0.96 MB did.)
    static func dav1dWorkingBytes(_ image: ic_heif_image_info) -> Int {
        let state = Int(clamping: image.dav1d_state_bytes)
        let pictures = Int(clamping: image.dav1d_picture_bytes)
        let streams = Int(clamping: image.dav1d_stream_bytes)
        let shim = Int(clamping: image.dav1d_shim_bytes)
        return pictures.addingReportingOverflow(state + streams + shim).partialValue
    }

    /// What the shim's tile path allocates for an HEVC image or grid (`ic_heif_hevc_tiles.c`), from
    /// the header: the copies of the pictures held at once (the image's, or a grid's row of tiles, a
    /// column of tiles when a quarter turn reads the canvas by columns; colour and alpha, as their
    /// hvcC says: `dav1d_picture_bytes`, each copy held to its share), libde265's pictures and state
    /// while it decodes one picture (its context goes once the picture is copied), the stream twice
    /// (the shim's and libde265's copies), and libde265's context. No RGB image is made: rows are
    /// converted from the copies as they are read.
    ///
    /// libde265's share was measured with a malloc counter (every allocation's usable size, live
    /// and peak) around the decode, less the copy (libde265 1.0.11, one worker thread): at 8 bits
    /// 4:2:0, 256×256 0.34 MB, 512×512 1.04 MB, 1024×1024 3.57 MB, 4032×2688 32.4 MB, 4032×3024
    /// 36.5 MB (3.0–3.2 bytes a pixel: its picture, SAO's output picture and the per-block
    /// metadata); at 10 bits 512×512 1.45 MB, 1024×1024 5.14 MB (4.7 bytes a pixel). So 3.5 bytes a
    /// pixel, 6 deeper, and the allowance.
    static func hevcTileWorkingBytes(_ image: ic_heif_image_info) -> Int {
        let pixels = Int(clamping: image.dav1d_frame_pixels)
        let state = image.dav1d_deep != 0 ? pixels * 6 : pixels * 7 / 2
        let pictures = Int(clamping: image.dav1d_picture_bytes)
        let streams = Int(clamping: image.dav1d_stream_bytes)
        return pictures.addingReportingOverflow(state + 2 * streams + hevcAllowance).partialValue
    }

    /// libde265's and libheif's contexts, tables and bitstream buffers (4 MB).
    static let hevcAllowance = 4 * 1024 * 1024
    /// libaom's contexts and libheif's (8 MB).
    static let av1Allowance = 8 * 1024 * 1024

    /// Reserves what libheif makes while it reads the boxes (`ic_heif_copied_bytes`): its objects
    /// for the boxes, by type (an object per box, up to 16 times the bytes of lists of records, 8 KB
    /// for an hvcC), kept while the file is open; and
    /// twice the most it holds at once of the items' data, since it builds each copy by growing an
    /// array (measured: a 12 MB item cost 24 MB). That is the data it keeps (the file's metadata
    /// items, Exif and XMP) and the largest of the other items' data, which it fetches one by one
    /// to find them and frees. A file over the counts, or whose copies add up to more than its own
    /// size and 64 MB, is refused when it is opened, so nothing is reserved for it here.
    /// For a HEIC, the largest item's data stays reserved through the decode: the shim's HEVC
    /// plugin keeps a copy of the stream it decodes, to decode it again when part of the picture
    /// looks undecoded (`ic_heif_hevc.c`).
    /// - Returns: The bytes that may be released once the boxes are read (what libheif frees).
    /// - Throws: ``ImageDecodingError/outOfMemory(_:detail:)`` when the items cannot be listed;
    ///   ``MemoryBudgetError`` when the copies do not fit the budget.
    static func reserveCopies(
        _ raw: UnsafeRawBufferPointer, format: ImageFormat, options: DecodeOptions, adding reserved: inout Int
    ) throws -> Int {
        guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self), !raw.isEmpty else { return 0 }
        var copies = ic_heif_copies()
        guard ic_heif_copied_bytes(base, raw.count, &copies) == 0 else {
            throw ImageDecodingError.outOfMemory(format, detail: "cannot list the file's items")
        }
        // What libheif makes of the boxes, kept while the file is open.
        if copies.parsing > 0 {
            try options.reserve(Int(copies.parsing), for: "libheif's reading of the boxes", adding: &reserved)
        }
        guard copies.peak > 0, copies.total <= UInt64(raw.count) + UInt64(IC_HEIF_MAX_EXTRA_COPIES) else { return 0 }
        let peak = 2 * Int(copies.peak)
        try options.reserve(
            peak, for: "the items' data libheif copies while reading the boxes (\(copies.peak) bytes at most at once)",
            adding: &reserved)
        let streamCopy = format == .heic ? Int(copies.peak - copies.kept) : 0
        return peak - 2 * Int(copies.kept) - streamCopy
    }
}
