import CImageCodecs

extension WebPDecoder {
    /// Every frame of an animation (`FramePolicy.all`), composited on a canvas at the decoded
    /// size the way libwebp's own `WebPAnimDecoder` does (anim_decode.c) — key frames start
    /// from a transparent canvas, blending is its non-premultiplied formula, disposal clears to
    /// transparent (the ANIM background colour is ignored, as browsers ignore it) — then handed
    /// to the sink whole, once per frame, with the frame's share of the analysed pixels.
    ///
    /// The frame count and pixel totals are checked against `ImageLimits` from the frame
    /// headers before anything is decoded; the canvas is reserved before it is allocated.
    static func decodeEveryFrame(
        _ frames: [ic_webp_frame], canvas size: Canvas, decoding: inout FrameDecoding, into sink: inout some PixelSink
    ) throws {
        try decoding.options.limits.checkAnimation(
            frameAreas: frames.map { Int($0.width) * Int($0.height) }, canvas: (size.width, size.height), format: .webp)
        let shares = FrameShare.shares(
            displayTimes: frames.map { FrameShare.displayTime(milliseconds: Int($0.duration_ms)) })
        let canvas = try AnimationCanvas(
            width: size.decodedWidth, height: size.decodedHeight, ledger: decoding.options.ledger,
            purpose: "the animation's canvas (\(size.decodedWidth)×\(size.decodedHeight))")
        try sink.begin(width: size.decodedWidth, height: size.decodedHeight, rowsInOrder: true)
        let whole = CanvasRect(x: 0, y: 0, width: size.decodedWidth, height: size.decodedHeight)
        var previous: (frame: ic_webp_frame, rect: CanvasRect, keyFrame: Bool)?
        for (index, frame) in frames.enumerated() {
            let rect = size.scaled(frame)
            let keyFrame = isKeyFrame(frame, previous: previous.map { ($0.frame, $0.keyFrame) }, canvas: size)
            // The previous frame's disposal, then this frame over what is left.
            var cleared = CanvasRect.empty
            if let previous, previous.frame.dispose != 0 {
                canvas.clear(previous.rect)
                cleared = previous.rect
            }
            if keyFrame { canvas.clear(whole) }
            let drawing: AnimationCanvas.Drawing = keyFrame || frame.blend == 0 ? .replace : .blend(keep: cleared)
            // A lossless frame is streamed by VP8LDecoder and shrunk row by row (libwebp would
            // hold it whole); one its rectangle would enlarge (a frame of a pixel or two, whose
            // rounded-out edges grow) goes through libwebp, whose scaler enlarges.
            if frame.lossless != 0 && rect.width <= Int(frame.width) && rect.height <= Int(frame.height) {
                try decoding.decodeLossless(frame, scaledTo: rect) { row, r in
                    canvas.draw(row, count: rect.width, x: rect.x, y: rect.y + r, drawing: drawing)
                }
            } else {
                try decoding.decode(frame: index, frame, into: rect) { pixels, rows in
                    for r in rows {
                        canvas.draw(
                            pixels + r * rect.width * 4, count: rect.width, x: rect.x, y: rect.y + r, drawing: drawing)
                    }
                }
            }
            sink.beginFrame(index, share: shares[index])
            canvas.emit(into: &sink)
            try decoding.deadline.check(.webp)
            previous = (frame, rect, keyFrame)
        }
    }

    /// libwebp's `IsKeyFrame`: a frame that does not depend on the canvas before it — the
    /// first; one that covers the canvas and is opaque or not blended; or one after a frame
    /// disposed to background that covered the canvas or was itself a key frame.
    static func isKeyFrame(_ frame: ic_webp_frame, previous: (frame: ic_webp_frame, keyFrame: Bool)?, canvas: Canvas)
        -> Bool
    {
        func full(_ f: ic_webp_frame) -> Bool { Int(f.width) == canvas.width && Int(f.height) == canvas.height }
        guard let previous else { return true }
        if (frame.has_alpha == 0 || frame.blend == 0) && full(frame) { return true }
        return previous.frame.dispose != 0 && (full(previous.frame) || previous.keyFrame)
    }
}
