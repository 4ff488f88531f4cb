import CImageCodecs

/// Decodes GIF — static, interlaced or animated, with transparency and local colour tables —
/// through giflib (via the C shim), pushing RGBA rows to a sink.
///
/// The first frame (the default, `FramePolicy.first`) streams: its rows go to the sink as
/// giflib decodes them (interlaced ones pass by pass), with transparent margins where it does
/// not cover the logical screen, so no image-sized buffer exists. Counting every frame
/// (`FramePolicy.all`) composites them on a canvas of the screen's size
/// (GIFDecoder+Animation.swift). Areas the file leaves to its background colour become
/// transparent, as browsers show them.
///
/// Limits: the logical screen and every frame are checked against `ImageLimits` before
/// anything is allocated for them; counting every frame first reads the frame headers alone
/// (skipping the compressed data) and checks the frame count and the pixel totals
/// (`ImageLimits.maxFrames`, `ImageLimits.maxAnimationPixels`), which bounds the work the
/// LZW data can cause. Memory: giflib's tables (``libraryAllowance``), the rows, and with
/// every frame the canvas and a copy of the largest area restored to its previous state.
enum GIFDecoder {
    /// giflib's decoder state and colour tables: about 30 kB, reserved as 64 kB.
    static let libraryAllowance = 64 * 1024

    /// Decodes `source` into `sink`.
    static func decode(
        _ source: ImageSource, options: DecodeOptions, into sink: inout some PixelSink
    ) throws -> DecodedImageInfo {
        var reserved = 0
        defer { options.ledger?.release(reserved) }
        try options.reserve(libraryAllowance, for: "giflib's decoder", adding: &reserved)
        // A GIF carries no colour profile that ImageColors reads: its colours are sRGB.
        _ = try sink.colorSpace(.sRGB)
        return try withSourceDescriptor(source) { descriptor in
            if options.frames == .all {
                let census = try GIFCensus(descriptor, limits: options.limits)
                if census.frames.count > 1 {
                    try decodeEveryFrame(census, descriptor: descriptor, options: options, into: &sink)
                    return DecodedImageInfo(
                        format: .gif, width: census.screen.width, height: census.screen.height,
                        orientation: .up, decodedWidth: census.screen.width, decodedHeight: census.screen.height,
                        frames: FrameReport(count: census.frames.count, counted: census.frames.count))
                }
            }
            return try decodeFirstFrame(descriptor, options: options, into: &sink)
        }
    }

    /// Streams the first frame, then peeks at the next record to say whether the file is
    /// animated (without reading its data).
    static func decodeFirstFrame(
        _ descriptor: ic_source_desc, options: DecodeOptions, into sink: inout some PixelSink
    ) throws -> DecodedImageInfo {
        let reader = try GIFReader(descriptor)
        guard var frame = try reader.nextFrame() else {
            throw ImageDecodingError.corrupt(.gif, detail: "the file holds no image")
        }
        let screen = try GIFCensus.screen(reader.info, firstFrame: &frame)
        try options.limits.check(width: screen.width, height: screen.height, format: .gif)
        try options.limits.check(width: Int(frame.width), height: Int(frame.height), format: .gif)
        let rect = CanvasRect(x: Int(frame.x), y: Int(frame.y), width: Int(frame.width), height: Int(frame.height))
        let visible = rect.clipped(width: screen.width, height: screen.height)
        let direct = rect.x == 0 && rect.width == screen.width
        let rowBytes = rect.width * 5 + (direct ? 0 : screen.width * 4)
        try options.ledger?.reserve(rowBytes, for: "the GIF's rows (\(rect.width) px)")
        defer { options.ledger?.release(rowBytes) }

        try sink.begin(width: screen.width, height: screen.height, rowsInOrder: frame.interlaced == 0)
        var canvasRow = [UInt8](repeating: 0, count: screen.width * 4)
        let transparent = canvasRow
        // Rows above the frame (all of them when it shows nothing), the frame's, rows below.
        let top = visible.width > 0 && visible.height > 0 ? visible.y : screen.height
        for y in 0..<top {
            sink.consume(row: transparent, y: y, x0: 0, dx: 1, count: screen.width)
        }
        let deadline = DecodeDeadline(timeout: options.limits.decodeTimeout)
        try reader.readRows(of: frame, checking: deadline, every: options.checkInterval) { pixels, row in
            let y = rect.y + row
            guard y >= visible.y, y < visible.y + visible.height, visible.width > 0 else { return }
            if direct {
                sink.consume(row: pixels, y: y, x0: 0, dx: 1, count: screen.width)
            } else {
                canvasRow.withUnsafeMutableBufferPointer { buffer in
                    (buffer.baseAddress! + visible.x * 4).update(
                        from: pixels + (visible.x - rect.x) * 4, count: visible.width * 4)
                }
                sink.consume(row: canvasRow, y: y, x0: 0, dx: 1, count: screen.width)
            }
        }
        if top < screen.height {
            for y in (visible.y + visible.height)..<screen.height {
                sink.consume(row: transparent, y: y, x0: 0, dx: 1, count: screen.width)
            }
        }
        // A second image means an animation; what follows it is not read (nor judged).
        let animated = (try? reader.nextFrame()) != nil
        return DecodedImageInfo(
            format: .gif, width: screen.width, height: screen.height, orientation: .up,
            decodedWidth: screen.width, decodedHeight: screen.height,
            frames: animated ? FrameReport(count: nil, counted: 1) : nil)
    }
}

/// One pass over a GIF through the shim: its header, then frame after frame.
final class GIFReader {
    let handle: OpaquePointer
    /// The logical screen, as the header says.
    private(set) var info = ic_gif_info()
    private var message: () -> String { { [handle] in shimMessage(ic_gif_message(handle)) } }

    /// Opens `descriptor` and reads the header.
    init(_ descriptor: ic_source_desc) throws {
        guard let handle = ic_gif_create() else {
            throw ImageDecodingError.outOfMemory(.gif, detail: "cannot allocate the decoder")
        }
        self.handle = handle
        try ic_gif_open(handle, descriptor, &info).check(.gif, message: message)
    }

    deinit {
        ic_gif_destroy(handle)
    }

    /// The next frame's header, or `nil` at the trailer.
    func nextFrame() throws -> ic_gif_frame? {
        var frame = ic_gif_frame()
        return try ic_gif_next_frame(handle, &frame).check(.gif, message: message) ? nil : frame
    }

    /// Decodes every row of `frame` (the frame ``nextFrame()`` returned last) and hands each to
    /// `row` as RGBA with its row number in the frame; checks `deadline` every `interval` rows.
    func readRows(
        of frame: ic_gif_frame, checking deadline: DecodeDeadline, every interval: Int,
        _ row: (UnsafePointer<UInt8>, Int) throws -> Void
    ) throws {
        guard frame.width > 0, frame.height > 0 else { return }
        let pixels = UnsafeMutablePointer<UInt8>.allocate(capacity: Int(frame.width) * 4)
        defer { pixels.deallocate() }
        var pacer = DeadlinePacer(deadline, every: interval, format: .gif)
        while true {
            var y: UInt32 = 0
            if try ic_gif_read_row(handle, pixels, &y).check(.gif, message: message) { break }
            try row(UnsafePointer(pixels), Int(y))
            try pacer.advance()
        }
    }
}
