import CImageCodecs
import Foundation

/// An APNG's frames composited on a canvas of IHDR's size as APNG 1.0 says and browsers show
/// them: each frame replaces the pixels under it (`blend_op` SOURCE) or is blended over them
/// (OVER), then is disposed of — kept, cleared to transparent (BACKGROUND) or restored to what
/// was under it (PREVIOUS) — and handed to the sink whole (``PixelSink/beginFrame(_:share:)``
/// first when there are several).
///
/// Memory: the canvas, a copy of the largest area restored to "previous" and the largest frame's
/// stream are reserved when the compositor is made, before any frame is decoded, and held until
/// it is released.
///
/// Lenient decoding (``DecodeOptions/warningsAreErrors`` false) gives way to less when a frame is
/// damaged (libpng cannot decode it, or its data's CRC is wrong), as it does for damaged
/// animation chunks: a first frame that is not the default image, to the default image (it is
/// drawn before the sink hears of the image, so nothing has reached it); a later frame, to the
/// first frame alone. The sink cannot take frames back, so for the latter the frames are decoded
/// once when the first frame leaves no pixel of the canvas transparent: a damaged later frame
/// then has the first frame decoded again and handed over with every output pixel as its share,
/// which covers whatever the frames before the damaged one wrote. A first frame with transparent
/// pixels cannot cover them (a downscaler writes no colour from a wholly transparent box), so
/// the later frames are then decoded once more before any frame reaches the sink, their rows
/// dropped, to find the damage first.
final class APNGCompositor {
    /// How compositing ended.
    enum Outcome {
        /// Every frame asked for reached the sink.
        case composited
        /// Lenient decoding: a later frame is damaged, and the first frame alone was counted.
        case firstFrame
        /// Lenient decoding: the first frame, not the default image, is damaged; nothing reached
        /// the sink, and the default image is to be decoded instead.
        case defaultImage
    }

    private let census: APNGCensus
    private let frames: [APNGCensus.Frame]
    private let reader: PNGChunkReader
    private let options: DecodeOptions
    private let deadline: DecodeDeadline
    private let canvas: AnimationCanvas
    /// What a frame disposed of by restoring covered, and the bytes reserved for it and the stream.
    private let saved: UnsafeMutablePointer<UInt8>
    private let buffers: Int

    /// Reserves and allocates the canvas and the buffers for `census`'s frames (all of them with
    /// `all`, else the first).
    /// - Throws: `MemoryBudgetError` when they do not fit.
    init(census: APNGCensus, all: Bool, reader: PNGChunkReader, options: DecodeOptions, deadline: DecodeDeadline)
        throws
    {
        let (width, height) = (census.width, census.height)
        let frames = all ? census.frames : [census.frames[0]]
        canvas = try AnimationCanvas(
            width: width, height: height, ledger: options.ledger,
            purpose: "the APNG animation's canvas (\(width)×\(height))")
        let restored = frames.filter { $0.dispose == 2 }.map { $0.rect.width * $0.rect.height * 4 }.max() ?? 0
        let stream = frames.map { APNGFrameStream.bytesNeeded(for: $0, in: census) }.max() ?? 0
        // The frame's chunks go from the reader's window straight into the stream.
        try options.ledger?.reserve(
            restored + stream,
            for: restored == 0
                ? "the APNG's largest frame"
                : "the APNG's largest frame (\(stream) bytes) and restore buffer (\(restored) bytes)")
        buffers = restored + stream
        saved = .allocate(capacity: max(1, restored))
        self.census = census
        self.frames = frames
        self.reader = reader
        self.options = options
        self.deadline = deadline
    }

    deinit {
        saved.deallocate()
        options.ledger?.release(buffers)
    }

    /// Draws the frames one after the other and hands the canvas to `sink` after each; `start`
    /// announces the image to the sink (its colour space, `begin`) once the first frame is drawn.
    /// - Throws: What decoding a frame throws (strict decoding: any damage, naming the frame),
    ///   a timeout, `MemoryBudgetError`.
    func composite<Sink: PixelSink>(into sink: inout Sink, start: (inout Sink) throws -> Void) throws -> Outcome {
        let lenient = !options.warningsAreErrors
        let opaque: Bool
        do {
            opaque = try draw(frames[0], number: 1, checkingOpacity: lenient && frames.count > 1)
        } catch let error as ImageDecodingError where lenient && error.isDamage && census.defaultImageHidden {
            return .defaultImage
        }
        var counted = frames
        if lenient, counted.count > 1, !opaque, let damaged = try firstDamagedLaterFrame() {
            try checkRestForDefaultImage(from: damaged)
            counted = [frames[0]]
        }
        try start(&sink)
        let shares = FrameShare.shares(displayTimes: counted.map(\.displayTime))
        for (index, frame) in counted.enumerated() {
            if index > 0 {
                do {
                    _ = try draw(frame, number: index + 1)
                } catch let error as ImageDecodingError where lenient && opaque && error.isDamage {
                    try checkRestForDefaultImage(from: index)
                    // The first frame again, every output pixel its share: it covers what the
                    // frames before this one wrote, none of its pixels being transparent.
                    canvas.clear(CanvasRect(x: 0, y: 0, width: canvas.width, height: canvas.height))
                    _ = try draw(frames[0], number: 1)
                    sink.beginFrame(0, share: .whole)
                    canvas.emit(into: &sink)
                    return .firstFrame
                }
            }
            if counted.count > 1 { sink.beginFrame(index, share: shares[index]) }
            canvas.emit(into: &sink)
            try deadline.check(.png)
            switch frame.dispose {
            case 1: canvas.clear(frame.rect)
            case 2: canvas.restore(frame.rect, from: saved)
            default: break
            }
        }
        return counted.count < frames.count ? .firstFrame : .composited
    }

    /// Draws `frame` (number `number`, from 1) on the canvas, first saving what it covers when it
    /// is to be restored. With `checkingOpacity`, returns whether the canvas then has no
    /// transparent pixel (asked of the first frame, drawn on a transparent canvas); else `false`.
    private func draw(_ frame: APNGCensus.Frame, number: Int, checkingOpacity: Bool = false) throws -> Bool {
        let rect = frame.rect
        if frame.dispose == 2 { canvas.save(rect, into: saved) }
        let drawing: AnimationCanvas.Drawing = frame.blend == 0 ? .replace : .over
        try PNGDecoder.decodeFrame(
            frame, number: number, census: census, reader: reader, options: options, deadline: deadline
        ) { pixels, position in
            let y = rect.y + Int(position.y)
            if position.dx == 1 {
                canvas.draw(pixels, count: Int(position.count), x: rect.x + Int(position.x0), y: y, drawing: drawing)
            } else {
                // An Adam7 pass: its pixels lie `dx` apart, each drawn once.
                for i in 0..<Int(position.count) {
                    let x = rect.x + Int(position.x0) + i * Int(position.dx)
                    canvas.draw(pixels + i * 4, count: 1, x: x, y: y, drawing: drawing)
                }
            }
        }
        guard checkingOpacity else { return false }
        for y in 0..<canvas.height {
            let row = canvas.row(y)
            for x in 0..<canvas.width where row[x * 4 + 3] == 0 { return false }
        }
        return true
    }

    /// The index of the first frame after the first that cannot be decoded (damage only), each
    /// decoded with its rows dropped into the stream reserved for compositing; `nil` when all can.
    private func firstDamagedLaterFrame() throws -> Int? {
        for index in frames.indices.dropFirst() {
            do {
                try PNGDecoder.decodeFrame(
                    frames[index], number: index + 1, census: census, reader: reader, options: options,
                    deadline: deadline
                ) { _, _ in }
            } catch let error as ImageDecodingError where error.isDamage {
                return index
            }
            try deadline.check(.png)
        }
        return nil
    }

    /// Before the first frame alone is counted for a damaged frame `index`: when the first frame
    /// is the default image, APNG's fallback is libpng reading that image's file through IEND,
    /// which refuses a bad CRC anywhere, so the CRCs of the chunks from that frame's data on (the
    /// census checked the others) are checked. A hidden default image's first frame reads no
    /// further than its own data, as with `--frames first`.
    /// - Throws: ``ImageDecodingError/corrupt(_:detail:)`` for a CRC error; what the reader throws.
    private func checkRestForDefaultImage(from index: Int) throws {
        guard !census.defaultImageHidden else { return }
        try APNGCensus.checkCRCs(from: frames[index].dataStart, reader: reader)
    }
}
