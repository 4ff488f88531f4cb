import CImageCodecs
import Foundation

/// Decodes PNG through libpng (via the C shim), pushing RGBA rows to a sink; interlaced
/// images arrive pass by pass with each pixel at its true position, so no full-size buffer
/// exists in either case.
///
/// An animated PNG (APNG: `acTL` before the image data) is read as GIF and WebP animations are:
/// its first frame by default — the default image, streamed as a still PNG, unless that image is
/// not part of the animation — and every frame with `FramePolicy.all`, composited on a canvas
/// (PNGDecoder+Animation.swift). libpng reads only a PNG's default image, so each other frame
/// is handed to it as a PNG of its own (``APNGFrameStream``).
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
        var reserved = 0
        defer { options.ledger?.release(reserved) }
        try options.reserve(PNGChunkReader.windowBytes, for: "the PNG chunk reader's window", adding: &reserved)
        // One deadline for the whole decode: the census's walk, libpng's reading and the compositing.
        let deadline = DecodeDeadline(timeout: options.limits.decodeTimeout)
        let reader = try PNGChunkReader(source, deadline: deadline)
        guard let census = try animation(reader, options: options) else {
            return try decodeStill(source, options: options, deadline: deadline, into: &sink)
        }
        // A census read for the first frame alone (lenient decoding's fallback) has one frame: it
        // is analysed and reported as the first frame, whether the default image is shown or not.
        let all = options.frames == .all && census.frames.count > 1
        if all {
            try options.limits.checkAnimation(
                frameAreas: census.frames.map { $0.rect.width * $0.rect.height }, canvas: (census.width, census.height),
                format: .png)
        }
        if all || census.defaultImageHidden {
            if let info = try decodeAnimation(
                census, all: all, source: source, reader: reader, options: options, deadline: deadline, into: &sink)
            {
                return info
            }
            // Lenient decoding, and the first frame, which is not the default image, is damaged:
            // the default image, as APNG asks of a reader that cannot show the animation.
            return try decodeStill(source, options: options, deadline: deadline, into: &sink)
        }
        var info = try decodeStill(source, options: options, deadline: deadline, into: &sink)
        // The first frame alone: acTL's frame count is a claim, not a count.
        if census.statedFrames > 1 { info.frames = FrameReport(count: nil, counted: 1) }
        return info
    }

    /// The animation of an APNG, or `nil` for a still PNG. With lenient decoding, an animation
    /// whose chunks are damaged is read for its first frame alone, as far as that frame is
    /// whole; when even that fails, `nil`: its default image is decoded, as APNG asks of a reader
    /// that cannot show the animation. Only damage falls back: a timeout or a file that cannot be
    /// read is thrown.
    private static func animation(_ reader: PNGChunkReader, options: DecodeOptions) throws -> APNGCensus? {
        do {
            return try APNGCensus(reader, wholeFile: options.frames == .all, limits: options.limits)
        } catch let error as ImageDecodingError where !options.warningsAreErrors && error.isDamage {
            guard options.frames == .all else { return nil }
            do {
                return try APNGCensus(reader, wholeFile: false, limits: options.limits)
            } catch let error as ImageDecodingError where error.isDamage {
                return nil
            }
        }
    }

    /// Decodes the default image of `source` (every PNG's, and an APNG's first frame when it is
    /// the default image) into `sink`, streamed.
    static func decodeStill(
        _ source: ImageSource, options: DecodeOptions, deadline: DecodeDeadline, into sink: inout some PixelSink
    ) throws -> DecodedImageInfo {
        var header = ic_png_info()
        var orientation = Orientation.up
        try withLibpng(source, options: options, deadline: deadline) { decoded in
            header = decoded
            if let exif = decoded.exif {
                orientation =
                    ExifReader.orientation(in: UnsafeRawBufferPointer(start: exif, count: decoded.exif_size)) ?? .up
            }
            let profileBytes = try ColorSpaceAnnouncement.announce(decoded, options: options, to: &sink)
            do {
                try sink.begin(
                    width: Int(decoded.width), height: Int(decoded.height), rowsInOrder: decoded.interlaced == 0)
            } catch {
                options.ledger?.release(profileBytes)
                throw error
            }
            return profileBytes
        } row: { pixels, position in
            sink.consume(
                row: pixels, y: Int(position.y), x0: Int(position.x0), dx: Int(position.dx), count: Int(position.count))
        }
        return DecodedImageInfo(
            format: .png, width: Int(header.width), height: Int(header.height), orientation: orientation,
            decodedWidth: Int(header.width), decodedHeight: Int(header.height))
    }

    /// Decodes the default image of `source` with libpng: opens it, checks its size against the
    /// limits, reserves libpng's buffers, then calls `started` with the header (its pointers
    /// valid during the call; it returns bytes it reserved, released when decoding ends) and
    /// `row` with each row and where its pixels go. With `rows` false, it stops after `started`
    /// (which then does the work that needs the header). The rows stop at `deadline`, the
    /// decode's one deadline.
    static func withLibpng(
        _ source: ImageSource, options: DecodeOptions, deadline: DecodeDeadline, rows: Bool = true,
        started: (ic_png_info) throws -> Int, row: (UnsafePointer<UInt8>, ic_png_row) throws -> Void = { _, _ in }
    ) throws {
        let limits = options.limits
        try LibraryDecoding.run(
            .png, source, options: options, deadline: deadline, create: { _ in ic_png_create() },
            destroy: ic_png_destroy, message: ic_png_message
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
            try limits.check(width: width, height: Int(header.height), format: .png)
            guard rows else {
                reserved += try started(header)
                return
            }
            // libpng keeps the current and previous raw rows (at most 8 bytes per pixel, 16-bit
            // RGBA) and inflate's state; we keep one RGBA8 row.
            try options.reserve(
                width * 8 * 2 + width * 4 + 64 * 1024, for: "libpng's row buffers (\(width) px wide)", adding: &reserved
            )
            try ic_png_start(png).check(.png, message: message)
            reserved += try started(header)
            var pixels = [UInt8](repeating: 0, count: width * 4)
            var pacer = DeadlinePacer(deadline, every: options.checkInterval, format: .png)
            while true {
                var position = ic_png_row()
                let status = pixels.withUnsafeMutableBufferPointer { ic_png_read_row(png, $0.baseAddress, &position) }
                if try status.check(.png, message: message) { break }
                try pixels.withUnsafeBufferPointer { try row($0.baseAddress!, position) }
                try pacer.advance()
            }
        }
    }
}

extension ImageDecodingError {
    /// Whether this is damage to the file (corrupt or truncated), not a limit or a failure to read.
    var isDamage: Bool {
        switch self {
        case .corrupt, .truncated: true
        default: false
        }
    }
}
