import CImageCodecs
import Foundation

/// Decodes HEIC and AVIF through libheif (via the C shim): the primary image — of a collection,
/// or a sequence's first — with libheif's transformations (irot, imir, clap) applied, so the
/// EXIF orientation is not used; alpha from the auxiliary alpha image (premultiplied colours
/// divided back); depth and gain maps ignored.
///
/// An AVIF image that is one av01 item or a grid of them goes to the shim's own dav1d path
/// (`ic_heif_avif.c`): dav1d decodes the items' streams, a grid one row of tiles at a time,
/// libheif's transformations and colour conversion are applied to each row as it is read, and no
/// RGB image is made (``dav1dWorkingBytes(_:)``). A HEIC that is one hvc1 item or a grid of them
/// (an iPhone photo's 512×512 tiles) takes the same path with libde265 decoding one tile at a
/// time (`ic_heif_hevc_tiles.c`, ``hevcTileWorkingBytes(_:)``). Everything else (overlays, grids
/// of mixed tiles) goes through libheif.
///
/// libheif 1.15 decodes a whole image in one call, so the memory is planned from the header
/// first (HEIFDecoder+Memory.swift):
/// 1. an embedded thumbnail at least the analysis size is decoded instead of the image
///    (``DecoderKind/heifThumbnail``), the counterpart of the JPEG DC reader;
/// 2. a grid is not decoded tile by tile: libheif 1.15 has no public call for one tile (its
///    tiles are not top-level images, and `heif_image_handle_decode_image_tile` came in 1.19);
/// 3. so the whole decode is reserved in the ledger (``workingBytes(_:format:)``), and an image that
///    does not fit fails with the over-budget error before libheif allocates anything.
///
/// Colour: an ICC profile (`prof`/`rICC`) goes through colour management as WebP's does; else
/// the `nclx` box through ``NCLXColorSpace``; HDR transfers (PQ, HLG) are refused with
/// ``ImageDecodingError/unsupportedFeature(_:detail:)`` before decoding. 10- and 12-bit samples
/// are reduced to 8 bits with rounding.
///
/// Deadline: libheif 1.15 cannot be interrupted (no progress callback during a decode), so the
/// deadline and cancellation are checked before the decode and between rows after it; the work
/// of the one call is bounded by the memory plan (the budget caps the pixels decoded).
enum HEIFDecoder {
    /// Rows copied out of libheif's image per batch, between which the deadline is checked.
    static let rowBatch = 16

    /// Decodes `source` (sniffed as `format`, HEIC or AVIF) into `sink`.
    static func decode(
        _ source: ImageSource, format: ImageFormat, options: DecodeOptions, into sink: inout some PixelSink
    ) throws -> DecodedImageInfo {
        var reserved = 0
        defer { options.ledger?.release(reserved) }
        let bytes = try withoutTileTransforms(
            try options.wholeEncodedImage(source, format: format, adding: &reserved), format: format,
            options: options, adding: &reserved)
        let deadline = DecodeDeadline(timeout: options.limits.decodeTimeout)
        return try bytes.withUnsafeBytes { raw in
            var freed = try reserveCopies(raw, format: format, options: options, adding: &reserved)
            if format == .avif {
                // dav1d reads each AV1 tile's frame header while the file is opened (its state grows
                // with the frame's tiles: `ic_dav1d_frame_tiles`), in a context of its own (0.36 MB
                // measured by Fuzz/ShimCheck/dav1d_heap.c), closed before the open returns.
                let probe = Int(IC_DAV1D_CONTEXT_BYTES)
                try options.reserve(probe, for: "dav1d's reading of the AV1 frame headers", adding: &reserved)
                freed += probe
            }
            let container = try HEIFContainer(raw, format: format, maxSide: options.limits.maxSide)
            // What libheif copied only to find the metadata is freed once the boxes are read.
            options.ledger?.release(freed)
            reserved -= freed
            return try decode(container, options: options, deadline: deadline, reserved: &reserved, into: &sink)
        }
    }

    private static func decode(
        _ container: HEIFContainer, options: DecodeOptions, deadline: DecodeDeadline, reserved: inout Int,
        into sink: inout some PixelSink
    ) throws -> DecodedImageInfo {
        let format = container.format
        let primary = container.info.primary
        let width = Int(primary.width)
        let height = Int(primary.height)
        guard width > 0, height > 0 else {
            throw ImageDecodingError.corrupt(format, detail: "the primary image has no size (\(width)×\(height))")
        }
        try options.limits.check(width: width, height: height, format: format)
        // The coded size too: clap may crop a huge coded image down to a small one.
        try options.limits.check(width: Int(primary.ispe_width), height: Int(primary.ispe_height), format: format)
        let useThumbnail = thumbnailSuffices(container, options: options)
        let image = useThumbnail ? container.info.thumbnail : primary
        if image.icc == nil, image.has_nclx != 0 {
            let nclx = NCLXColorSpace(primaries: Int(image.nclx_primaries), transfer: Int(image.nclx_transfer))
            if nclx.isHDR {
                throw ImageDecodingError.unsupportedFeature(
                    format,
                    detail: "an HDR image (\(nclx.hdrName) transfer): ImageColors does not tone-map HDR to SDR")
            }
        }
        let working = workingBytes(image, format: format)
        let what = useThumbnail ? "its embedded thumbnail" : "the image"
        let how =
            image.dav1d == 0
            ? "libheif has no smaller way"
            : image.dav1d_hevc != 0
                ? "libde265's picture (a grid's row of tiles) copied; rows converted as they are read"
                : "dav1d's picture and state; rows converted as they are read"
        try options.reserve(
            working,
            for: """
                decoding \(what) whole (\(image.width)×\(image.height), \(max(8, image.luma_bits))-bit\
                \(image.has_alpha != 0 ? ", with alpha" : "")): \(how)
                """,
            adding: &reserved)

        try deadline.check(format)
        let decoded = try container.decode(thumbnail: useThumbnail, strict: options.warningsAreErrors)
        try deadline.check(format)
        // After the decode: a grey profile applies when the decoded pixels are grey.
        reserved += try announceColor(image, container: container, options: options, to: &sink)
        // The decoded size is libheif's (transformations applied); the rows go out as they are.
        let batch = min(rowBatch, decoded.height)
        let rowBytes = decoded.width * 4
        try options.reserve(rowBytes * batch, for: "\(batch) RGBA rows (\(decoded.width) px)", adding: &reserved)
        let pixels = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes * batch)
        defer { pixels.deallocate() }
        try sink.begin(width: decoded.width, height: decoded.height, rowsInOrder: true)
        var first = 0
        while first < decoded.height {
            let rows = min(batch, decoded.height - first)
            try container.readRows(into: pixels, stride: rowBytes, first: first, rows: rows)
            for r in 0..<rows {
                sink.consume(
                    row: UnsafePointer(pixels + r * rowBytes), y: first + r, x0: 0, dx: 1, count: decoded.width)
            }
            first += rows
            try deadline.check(format)
        }
        // The analysis reports the primary image's size; a thumbnail's rows stand for it.
        return DecodedImageInfo(
            format: format, width: useThumbnail ? width : decoded.width, height: useThumbnail ? height : decoded.height,
            orientation: .up, decodedWidth: decoded.width, decodedHeight: decoded.height,
            decoder: useThumbnail ? .heifThumbnail : .library)
    }

    /// Announces the image's colour space: its ICC profile, else its `nclx` box, else sRGB. A
    /// grey profile applies to a decoded image whose pixels are all grey (a monochrome HEIC or
    /// AVIF: libheif expands it to RGB), and is ignored, with a note, on colour pixels.
    /// - Returns: Bytes reserved for the profile.
    private static func announceColor(
        _ image: ic_heif_image_info, container: HEIFContainer, options: DecodeOptions, to sink: inout some PixelSink
    ) throws -> Int {
        if let icc = image.icc, image.icc_size > 0 {
            return try ColorSpaceAnnouncement.announce(
                iccProfile: UnsafeRawBufferPointer(start: icc, count: image.icc_size),
                greyPixels: { container.decodedIsGrey }, options: options, to: &sink)
        }
        guard sink.readsColorProfiles, image.has_nclx != 0 else { return 0 }
        let space = NCLXColorSpace(primaries: Int(image.nclx_primaries), transfer: Int(image.nclx_transfer))
            .sourceColorSpace()
        guard case .icc(let profile) = space else {
            _ = try sink.colorSpace(space)
            return 0
        }
        return try profile.withUnsafeBytes { raw in
            try ColorSpaceAnnouncement.announce(iccProfile: raw, options: options, to: &sink)
        }
    }
}
