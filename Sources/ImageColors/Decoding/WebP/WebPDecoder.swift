import CImageCodecs
import Foundation

/// Decodes WebP — lossy and lossless, with or without alpha, still or animated — through
/// libwebp (via the C shim), pushing RGBA rows to a sink as libwebp's incremental decoder
/// completes them; a lossless still image, first frame or animation frame goes through
/// ``VP8LDecoder`` instead, which streams it row by row within a window of 2^20 pixels (libwebp
/// would keep every pixel).
///
/// Scaling: libwebp shrinks while decoding (`use_scaling`) by the rule JPEG's DCT scaling
/// follows: the largest of 1/2, 1/4 and 1/8 that keeps the long side at least
/// ``DecodeOptions/minimumLongSide``. The full-size image never exists; the decoded one is
/// what the sink receives. A streamed lossless image reaches the sink at full size (the
/// downscaler shrinks it, as it does a PNG).
///
/// Memory: the compressed bytes stay in memory while decoding (libwebp's demuxer and decoder
/// read them in place; a file is read whole, and reserved first). Before a frame is decoded,
/// libwebp's working memory for it (``workingBytes(_:outWidth:outHeight:)``) and the decoded
/// rows are reserved from the frame's header; an image that cannot fit fails with the
/// over-budget error before libwebp allocates anything.
///
/// Chunks: ICCP goes through colour management, EXIF gives the orientation, and an animation
/// (ANIM/ANMF) gives its first frame composited on its canvas, or with `FramePolicy.all`
/// every frame in proportion to its duration (WebPDecoder+Animation.swift).
enum WebPDecoder {
    /// A frame's header, as the shim describes it.
    typealias FrameHeader = ic_webp_frame

    /// Compressed bytes handed to libwebp per incremental update; between updates the finished
    /// rows go to the sink and the deadline and cancellation are checked.
    static let updateBytes = 64 * 1024

    /// Decodes `source` into `sink`.
    static func decode(
        _ source: ImageSource, options: DecodeOptions, into sink: inout some PixelSink
    ) throws -> DecodedImageInfo {
        var reserved = 0
        defer { options.ledger?.release(reserved) }
        let bytes = try options.wholeEncodedImage(source, format: .webp, adding: &reserved)
        return try bytes.withUnsafeBytes { raw in
            try decode(WebPContainer(raw), options: options, reserved: &reserved, into: &sink)
        }
    }

    private static func decode(
        _ container: WebPContainer, options: DecodeOptions, reserved: inout Int, into sink: inout some PixelSink
    ) throws -> DecodedImageInfo {
        let info = container.info
        let width = Int(info.canvas_width)
        let height = Int(info.canvas_height)
        try options.limits.check(width: width, height: height, format: .webp)
        let frameCount = Int(info.frame_count)
        // The demuxer's index: a record per frame and chunk, allocated while parsing (bounded
        // by the file's size, which is reserved); accounted once it is known.
        let index = frameCount * 128
        try options.reserve(index, for: "the WebP container's index (\(frameCount) frames)", adding: &reserved)

        var orientation = Orientation.up
        if let exif = info.exif, info.exif_size > 0 {
            orientation =
                ExifReader.orientation(in: tiffData(UnsafeRawBufferPointer(start: exif, count: info.exif_size))) ?? .up
        }
        let animated = info.animated != 0 && frameCount > 1
        let everyFrame = animated && options.frames == .all
        // Before any frame header is read: libwebp finds a frame by walking the list from the
        // first, so reading them all costs the square of their number.
        if everyFrame && frameCount > options.limits.maxFrames {
            throw ImageDecodingError.tooManyFrames(.webp, limit: options.limits.maxFrames)
        }
        let frames = try (0..<(everyFrame ? frameCount : 1)).map { try container.frame($0) }
        // A lossless first frame is streamed at full size by VP8LDecoder (the downscaler
        // shrinks it); libwebp scales the others while decoding.
        let streamed = !everyFrame && frames[0].lossless != 0
        let denominator =
            streamed
            ? 1 : JPEGDecoder.scaleDenominator(longSide: max(width, height), minimumLongSide: options.minimumLongSide)
        let canvas = Canvas(
            width: width, height: height,
            decodedWidth: (width + denominator - 1) / denominator,
            decodedHeight: (height + denominator - 1) / denominator)
        let profile = info.icc.map { UnsafeRawBufferPointer(start: $0, count: info.icc_size) }
        reserved += try ColorSpaceAnnouncement.announce(iccProfile: profile, options: options, to: &sink)

        var decoding = FrameDecoding(container: container, options: options)
        if everyFrame {
            try decodeEveryFrame(frames, canvas: canvas, decoding: &decoding, into: &sink)
        } else {
            try decodeFirstFrame(frames[0], canvas: canvas, decoding: &decoding, into: &sink)
        }
        return DecodedImageInfo(
            format: .webp, width: width, height: height, orientation: orientation,
            decodedWidth: canvas.decodedWidth, decodedHeight: canvas.decodedHeight,
            frames: animated ? FrameReport(count: frameCount, counted: everyFrame ? frameCount : 1) : nil)
    }

    /// The TIFF structure of an EXIF chunk: some writers put JPEG's "Exif\0\0" before it.
    static func tiffData(_ exif: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        let marker = Array("Exif".utf8) + [0, 0]
        guard exif.count > 6, exif.prefix(6).elementsEqual(marker) else { return exif }
        return UnsafeRawBufferPointer(rebasing: exif[6...])
    }

    /// The still image, or an animation's first frame on its transparent canvas: rows go to the
    /// sink as libwebp finishes them, with transparent margins where the frame does not cover
    /// the canvas. No canvas is allocated.
    static func decodeFirstFrame(
        _ frame: ic_webp_frame, canvas: Canvas, decoding: inout FrameDecoding, into sink: inout some PixelSink
    ) throws {
        let rect = canvas.scaled(frame)
        let covers = rect == CanvasRect(x: 0, y: 0, width: canvas.decodedWidth, height: canvas.decodedHeight)
        let margins = covers ? 0 : canvas.decodedWidth * 4
        try decoding.options.ledger?.reserve(margins, for: "a canvas row (\(canvas.decodedWidth) px)")
        defer { decoding.options.ledger?.release(margins) }
        var row = [UInt8](repeating: 0, count: margins)
        let transparent = [UInt8](repeating: 0, count: margins)
        try sink.begin(width: canvas.decodedWidth, height: canvas.decodedHeight, rowsInOrder: true)
        for y in 0..<rect.y {
            sink.consume(row: transparent, y: y, x0: 0, dx: 1, count: canvas.decodedWidth)
        }
        func emit(_ source: UnsafePointer<UInt8>, _ r: Int) {
            if covers {
                sink.consume(row: source, y: r, x0: 0, dx: 1, count: rect.width)
            } else {
                row.withUnsafeMutableBufferPointer { buffer in
                    (buffer.baseAddress! + rect.x * 4).update(from: source, count: rect.width * 4)
                }
                sink.consume(row: row, y: rect.y + r, x0: 0, dx: 1, count: canvas.decodedWidth)
            }
        }
        if frame.lossless != 0 && rect.width == Int(frame.width) && rect.height == Int(frame.height) {
            try decoding.decodeLossless(frame) { source, r in emit(source, r) }
        } else {
            try decoding.decode(frame: 0, frame, into: rect) { pixels, rows in
                for r in rows { emit(pixels + r * rect.width * 4, r) }
            }
        }
        for y in (rect.y + rect.height)..<canvas.decodedHeight {
            sink.consume(row: transparent, y: y, x0: 0, dx: 1, count: canvas.decodedWidth)
        }
    }
}

extension WebPDecoder {
    /// The canvas's stored and decoded sizes.
    struct Canvas {
        let width: Int
        let height: Int
        let decodedWidth: Int
        let decodedHeight: Int

        /// `frame`'s rectangle on the decoded canvas: its own when nothing is scaled, else its
        /// edges scaled (left and top rounded down, right and bottom up, so frames that tile
        /// the canvas still cover it), at least 1 pixel a side.
        func scaled(_ frame: ic_webp_frame) -> CanvasRect {
            let x0 = Int(frame.x) * decodedWidth / width
            let y0 = Int(frame.y) * decodedHeight / height
            let x1 = ((Int(frame.x) + Int(frame.width)) * decodedWidth + width - 1) / width
            let y1 = ((Int(frame.y) + Int(frame.height)) * decodedHeight + height - 1) / height
            return CanvasRect(
                x: x0, y: y0, width: max(1, min(x1, decodedWidth) - x0), height: max(1, min(y1, decodedHeight) - y0))
        }
    }

    /// One frame at a time through libwebp's incremental decoder, into a buffer reserved for it.
    struct FrameDecoding {
        let container: WebPContainer
        let options: DecodeOptions
        let deadline: DecodeDeadline

        init(container: WebPContainer, options: DecodeOptions) {
            self.container = container
            self.options = options
            deadline = DecodeDeadline(timeout: options.limits.decodeTimeout)
        }

        /// Decodes frame `index` at `rect`'s size into a buffer of its own (reserved with
        /// libwebp's working memory for the frame, and freed after), calling `rowsReady` with
        /// the buffer and each range of rows as libwebp completes them.
        func decode(
            frame index: Int, _ frame: ic_webp_frame, into rect: CanvasRect,
            rowsReady: (UnsafePointer<UInt8>, Range<Int>) throws -> Void
        ) throws {
            let webp = container.handle
            let message = container.message
            let working = WebPDecoder.workingBytes(frame, outWidth: rect.width, outHeight: rect.height)
            let output = rect.width * rect.height * 4
            let kind = frame.lossless != 0 ? "lossless" : frame.has_alpha != 0 ? "lossy, with alpha," : "lossy"
            try options.ledger?.reserve(
                working + output,
                for: "decoding a \(kind) \(frame.width)×\(frame.height) WebP frame at \(rect.width)×\(rect.height)")
            defer { options.ledger?.release(working + output) }
            let pixels = UnsafeMutablePointer<UInt8>.allocate(capacity: output)
            defer { pixels.deallocate() }
            try ic_webp_frame_start(
                webp, UInt32(index), UInt32(rect.width), UInt32(rect.height), pixels, rect.width * 4
            )
            .check(.webp, message: message)
            var delivered = 0
            while true {
                var rows: UInt32 = 0
                let status = ic_webp_frame_decode(webp, WebPDecoder.updateBytes, &rows)
                let done = try status.check(.webp, timeout: options.limits.decodeTimeout, message: message)
                let ready = done ? rect.height : min(Int(rows), rect.height)
                if ready > delivered {
                    try rowsReady(UnsafePointer(pixels), delivered..<ready)
                    delivered = ready
                }
                if done { break }
                try deadline.check(.webp)
            }
        }
    }
}
