import CImageCodecs

/// Every frame header of a GIF, read before any frame is decoded when every frame is counted:
/// giflib skips the compressed data block by block, so this costs reading the file, not
/// decompressing it. It stops as soon as a limit is passed: more frames than
/// `ImageLimits.maxFrames`, a frame over `ImageLimits.maxSide` or `ImageLimits.maxPixels`,
/// or totals over `ImageLimits.maxAnimationPixels`.
struct GIFCensus {
    /// One frame: where it goes, how long it shows and how it is disposed of.
    struct Frame {
        var rect: CanvasRect
        /// Display time in milliseconds, after browsers' rule for short delays.
        var displayTime: Int
        var disposal: Int32
    }

    /// The canvas: the logical screen (see ``screen(_:firstFrame:)``).
    let screen: (width: Int, height: Int)
    let frames: [Frame]

    /// Reads the frame headers of `descriptor` through a reader of its own.
    init(_ descriptor: ic_source_desc, limits: ImageLimits) throws {
        let reader = try GIFReader(descriptor)
        var frames: [Frame] = []
        var screen = (width: Int(reader.info.width), height: Int(reader.info.height))
        while var frame = try reader.nextFrame() {
            if frames.isEmpty {
                screen = try Self.screen(reader.info, firstFrame: &frame)
                try limits.check(width: screen.width, height: screen.height, format: .gif)
            }
            try limits.check(width: Int(frame.width), height: Int(frame.height), format: .gif)
            if frames.count == limits.maxFrames {
                throw ImageDecodingError.tooManyFrames(.gif, limit: limits.maxFrames)
            }
            frames.append(
                Frame(
                    rect: CanvasRect(
                        x: Int(frame.x), y: Int(frame.y), width: Int(frame.width), height: Int(frame.height)),
                    displayTime: FrameShare.displayTime(milliseconds: Int(frame.delay_cs) * 10),
                    disposal: frame.disposal))
        }
        guard !frames.isEmpty else { throw ImageDecodingError.corrupt(.gif, detail: "the file holds no image") }
        try limits.checkAnimation(
            frameAreas: frames.map { $0.rect.width * $0.rect.height }, canvas: screen, format: .gif)
        self.screen = screen
        self.frames = frames
    }

    /// The canvas size for a file's logical screen and first frame, as Chromium and Firefox
    /// decide it: the screen, unless the first frame does not fit in it (or the screen is
    /// empty), in which case the canvas is the first frame's size and the frame moves to its
    /// top-left corner (`frame` is updated).
    /// - Throws: ``ImageDecodingError/corrupt(_:detail:)`` when that leaves no pixel.
    static func screen(_ info: ic_gif_info, firstFrame frame: inout ic_gif_frame) throws -> (width: Int, height: Int) {
        var size = (width: Int(info.width), height: Int(info.height))
        if frame.width > info.width || frame.height > info.height {
            frame.x = 0
            frame.y = 0
            size = (Int(frame.width), Int(frame.height))
        }
        guard size.width > 0, size.height > 0 else {
            throw ImageDecodingError.corrupt(
                .gif, detail: "the logical screen and the first frame are empty (\(size.width)×\(size.height))")
        }
        return size
    }
}
