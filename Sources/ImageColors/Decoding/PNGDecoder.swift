import CImageCodecs

/// Decodes PNG through libpng (via the C shim), pushing RGBA rows to a sink; interlaced
/// images arrive pass by pass with each pixel at its true position, so no full-size buffer
/// exists in either case.
///
/// Memory: libpng's row buffers are reserved from the header before they are allocated, and
/// its chunk cap (`png_set_chunk_malloc_max`, which also bounds decompressed zTXt/iTXt/iCCP
/// text) is a reserved share of the budget, so no ancillary chunk can allocate past it.
enum PNGDecoder {
    /// The largest single chunk allocation allowed: libpng's own default (8 MB), or a quarter
    /// of what the budget has left when that is less.
    static func chunkCap(available: Int?) -> Int {
        let libpngDefault = 8_000_000
        guard let available else { return libpngDefault }
        return max(64 * 1024, min(libpngDefault, available / 4))
    }

    /// Decodes `source` into `sink`.
    static func decode(
        _ source: ImageSource, options: DecodeOptions, into sink: inout some PixelSink
    ) throws -> DecodedImageInfo {
        let limits = options.limits
        return try LibraryDecoding.run(
            .png, source, options: options, create: { _ in ic_png_create() }, destroy: ic_png_destroy,
            message: ic_png_message
        ) { decoding, reserved in
            let (png, descriptor, deadline, message) =
                (decoding.decoder, decoding.descriptor, decoding.deadline, decoding.message)
            let chunkCap = chunkCap(available: options.ledger?.available)
            try options.reserve(chunkCap, for: "libpng's chunk buffer", adding: &reserved)
            let side = UInt32(clamping: limits.maxSide)
            let pngLimits = ic_png_limits(
                max_width: side, max_height: side, chunk_cache_max: 0,
                chunk_malloc_max: chunkCap)
            var header = ic_png_info()
            try ic_png_open(png, descriptor, pngLimits, &header).check(.png, message: message)
            let width = Int(header.width)
            let height = Int(header.height)
            try limits.check(width: width, height: height, format: .png)
            var orientation = Orientation.up
            if let exif = header.exif {
                orientation =
                    ExifReader.orientation(in: UnsafeRawBufferPointer(start: exif, count: header.exif_size)) ?? .up
            }
            // libpng keeps the current and previous raw rows (at most 8 bytes per pixel, 16-bit
            // RGBA) and inflate's state; we keep one RGBA8 row.
            try options.reserve(
                width * 8 * 2 + width * 4 + 64 * 1024, for: "libpng's row buffers (\(width) px wide)", adding: &reserved
            )
            try ic_png_start(png).check(.png, message: message)
            reserved += try ColorSpaceAnnouncement.announce(header, options: options, to: &sink)
            try sink.begin(width: width, height: height, rowsInOrder: header.interlaced == 0)
            var row = [UInt8](repeating: 0, count: width * 4)
            var pacer = DeadlinePacer(deadline, every: options.checkInterval, format: .png)
            while true {
                var position = ic_png_row()
                let status = row.withUnsafeMutableBufferPointer { ic_png_read_row(png, $0.baseAddress, &position) }
                if try status.check(.png, message: message) { break }
                row.withUnsafeBufferPointer { buffer in
                    sink.consume(
                        row: buffer.baseAddress!, y: Int(position.y), x0: Int(position.x0),
                        dx: Int(position.dx), count: Int(position.count))
                }
                try pacer.advance()
            }
            return DecodedImageInfo(
                format: .png, width: width, height: height, orientation: orientation,
                decodedWidth: width, decodedHeight: height)
        }
    }
}
