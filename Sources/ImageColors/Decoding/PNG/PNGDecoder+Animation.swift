import CImageCodecs
import Foundation

extension PNGDecoder {
    /// An APNG's frames composited on a canvas of IHDR's size as APNG 1.0 says and browsers
    /// show them: each frame replaces the pixels under it (`blend_op` SOURCE) or is blended over
    /// them (OVER), then is disposed of — kept, cleared to transparent (BACKGROUND) or restored
    /// to what was under it (PREVIOUS) — and handed to the sink whole. With `all` every frame is
    /// handed over, with its share of the analysed pixels; otherwise only the first (this path
    /// then serves a file whose default image is not part of the animation: the first frame is
    /// the first `fcTL`'s, not the default image).
    ///
    /// The colour space and orientation are the file's (its `iCCP`, `sRGB`, `gAMA`, `eXIf`),
    /// announced once. The caller checks the frame count and pixel totals against `ImageLimits`
    /// before anything is decoded; the canvas, a copy of the largest area restored to "previous"
    /// and the largest frame's stream are reserved before they are allocated.
    static func decodeAnimation(
        _ census: APNGCensus, all: Bool, source: ImageSource, reader: PNGChunkReader, options: DecodeOptions,
        deadline: DecodeDeadline, into sink: inout some PixelSink
    ) throws -> DecodedImageInfo {
        let frames = all ? census.frames : [census.frames[0]]
        let (width, height) = (census.width, census.height)
        try options.limits.check(width: width, height: height, format: .png)
        var orientation = Orientation.up
        // The file's own header, read by libpng up to its image data: the colour space, once.
        try withLibpng(source, options: options, deadline: deadline, rows: false) { header in
            if let exif = header.exif {
                orientation =
                    ExifReader.orientation(in: UnsafeRawBufferPointer(start: exif, count: header.exif_size)) ?? .up
            }
            let profileBytes = try ColorSpaceAnnouncement.announce(header, options: options, to: &sink)
            do {
                try composite(
                    frames, census: census, reader: reader, options: options, deadline: deadline, into: &sink)
            } catch {
                options.ledger?.release(profileBytes)
                throw error
            }
            return profileBytes
        }
        // With the first frame alone, the rest is not read: acTL's count is a claim, not a count.
        let report =
            all
            ? (frames.count > 1 ? FrameReport(count: frames.count, counted: frames.count) : nil)
            : (census.statedFrames > 1 ? FrameReport(count: nil, counted: 1) : nil)
        return DecodedImageInfo(
            format: .png, width: width, height: height, orientation: orientation, decodedWidth: width,
            decodedHeight: height, frames: report)
    }

    /// Draws `frames` one after the other on the canvas and hands the canvas to `sink` after
    /// each (``PixelSink/beginFrame(_:share:)`` first when there are several).
    private static func composite(
        _ frames: [APNGCensus.Frame], census: APNGCensus, reader: PNGChunkReader, options: DecodeOptions,
        deadline: DecodeDeadline, into sink: inout some PixelSink
    ) throws {
        let (width, height) = (census.width, census.height)
        let canvas = try AnimationCanvas(
            width: width, height: height, ledger: options.ledger,
            purpose: "the APNG animation's canvas (\(width)×\(height))")
        let restored = frames.filter { $0.dispose == 2 }.map { $0.rect.width * $0.rect.height * 4 }.max() ?? 0
        let stream = frames.map { APNGFrameStream.bytesNeeded(for: $0, in: census) }.max() ?? 0
        // The frame's chunks go from the reader's window straight into the stream.
        let buffers = restored + stream
        try options.ledger?.reserve(
            buffers,
            for: restored == 0
                ? "the APNG's largest frame"
                : "the APNG's largest frame (\(stream) bytes) and restore buffer (\(restored) bytes)")
        defer { options.ledger?.release(buffers) }
        let saved = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, restored))
        defer { saved.deallocate() }

        let shares = FrameShare.shares(displayTimes: frames.map(\.displayTime))
        try sink.begin(width: width, height: height, rowsInOrder: true)
        for (index, frame) in frames.enumerated() {
            let rect = frame.rect
            if frame.dispose == 2 { canvas.save(rect, into: saved) }
            let drawing: AnimationCanvas.Drawing = frame.blend == 0 ? .replace : .over
            try decodeFrame(
                frame, number: index + 1, census: census, reader: reader, options: options, deadline: deadline
            ) { pixels, position in
                let y = rect.y + Int(position.y)
                if position.dx == 1 {
                    canvas.draw(
                        pixels, count: Int(position.count), x: rect.x + Int(position.x0), y: y, drawing: drawing)
                } else {
                    // An Adam7 pass: its pixels lie `dx` apart, each drawn once.
                    for i in 0..<Int(position.count) {
                        let x = rect.x + Int(position.x0) + i * Int(position.dx)
                        canvas.draw(pixels + i * 4, count: 1, x: x, y: y, drawing: drawing)
                    }
                }
            }
            if frames.count > 1 { sink.beginFrame(index, share: shares[index]) }
            canvas.emit(into: &sink)
            try deadline.check(.png)
            switch frame.dispose {
            case 1: canvas.clear(rect)
            case 2: canvas.restore(rect, from: saved)
            default: break
            }
        }
    }
}
