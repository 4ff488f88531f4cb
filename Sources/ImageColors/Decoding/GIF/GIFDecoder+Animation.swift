import CImageCodecs

extension GIFDecoder {
    /// Every frame (`FramePolicy.all`), composited on a canvas of the logical screen's size
    /// as browsers do: each frame's opaque pixels over the canvas, then its disposal — kept,
    /// cleared to transparent ("background": the file's background colour is ignored, as
    /// browsers and libwebp's gif2webp ignore it) or restored to what was under it
    /// ("previous") — and handed to the sink whole, once per frame, with the frame's share of
    /// the analysed pixels.
    ///
    /// `census` has already checked the limits; the canvas and the copy kept for "previous"
    /// disposals (the largest such frame) are reserved before they are allocated.
    static func decodeEveryFrame(
        _ census: GIFCensus, descriptor: ic_source_desc, options: DecodeOptions, into sink: inout some PixelSink
    ) throws {
        let (width, height) = census.screen
        let canvas = try AnimationCanvas(
            width: width, height: height, ledger: options.ledger,
            purpose: "the GIF animation's canvas (\(width)×\(height))")
        let restored =
            census.frames.filter { $0.disposal == 3 }
            .map { $0.rect.clipped(width: width, height: height) }
            .map { $0.width * $0.height * 4 }.max() ?? 0
        let widest = census.frames.map(\.rect.width).max() ?? 0
        let buffers = restored + widest * 5
        try options.ledger?.reserve(buffers, for: "the GIF animation's rows and restore buffer")
        defer { options.ledger?.release(buffers) }
        let saved = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, restored))
        defer { saved.deallocate() }

        let shares = FrameShare.shares(displayTimes: census.frames.map(\.displayTime))
        let deadline = DecodeDeadline(timeout: options.limits.decodeTimeout)
        let reader = try GIFReader(descriptor)
        try sink.begin(width: width, height: height, rowsInOrder: true)
        for (index, planned) in census.frames.enumerated() {
            guard let frame = try reader.nextFrame() else {
                throw ImageDecodingError.corrupt(.gif, detail: "the file's frames changed between two readings")
            }
            guard Int(frame.width) == planned.rect.width, Int(frame.height) == planned.rect.height else {
                throw ImageDecodingError.corrupt(.gif, detail: "the file's frames changed between two readings")
            }
            let rect = planned.rect
            if planned.disposal == 3 { canvas.save(rect, into: saved) }
            try reader.readRows(of: frame, checking: deadline, every: options.checkInterval) { pixels, row in
                canvas.draw(pixels, count: rect.width, x: rect.x, y: rect.y + row, drawing: .opaqueOver)
            }
            sink.beginFrame(index, share: shares[index])
            canvas.emit(into: &sink)
            try deadline.check(.gif)
            switch planned.disposal {
            case 2: canvas.clear(rect)
            case 3: canvas.restore(rect, from: saved)
            default: break
            }
        }
    }
}
