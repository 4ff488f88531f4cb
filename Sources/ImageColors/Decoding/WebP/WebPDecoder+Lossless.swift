import CImageCodecs

extension WebPDecoder.FrameDecoding {
    /// Decodes lossless frame `frame` at full size with ``VP8LDecoder``, calling `rowReady` with
    /// each row's RGBA bytes and number as it is complete: the frame never exists whole. The
    /// decoder's ring, rows, sub-images and codes are reserved before they are allocated and
    /// released when it returns.
    /// - Throws: ``ImageDecodingError`` for a damaged or short bitstream, or one whose size is not
    ///   the frame header's; `MemoryBudgetError`; the deadline's errors; what `rowReady` throws.
    func decodeLossless(_ frame: ic_webp_frame, rowReady: (UnsafePointer<UInt8>, Int) throws -> Void) throws {
        guard let start = frame.bitstream else { throw VP8LDecoder.truncated }
        let chunks = UnsafeRawBufferPointer(start: start, count: frame.bitstream_bytes)
        var decoder = try VP8LDecoder(Self.losslessPayload(chunks))
        guard decoder.width == Int(frame.width), decoder.height == Int(frame.height) else {
            throw VP8LDecoder.corrupt(
                "the bitstream is \(decoder.width)×\(decoder.height), its frame \(frame.width)×\(frame.height)")
        }
        let memory = VP8LMemory(ledger: options.ledger)
        defer { memory.releaseAll() }
        var pacer = DeadlinePacer(deadline, every: options.checkInterval, format: .webp)
        try decoder.decode(memory: memory) { row, y in
            try rowReady(row, y)
            try pacer.advance()
        }
    }

    /// Decodes lossless frame `frame` with ``VP8LDecoder`` at `rect`'s size, no larger than the
    /// frame (an animation's frame on its scaled canvas), calling `rowReady` with each output
    /// row and its number: rows are shrunk by ``RowBoxScaler`` as they are decoded, so only the
    /// decoder's window and one row of sums are held, where libwebp holds the whole frame.
    /// - Throws: What ``decodeLossless(_:rowReady:)`` throws; `MemoryBudgetError` for the sums.
    func decodeLossless(
        _ frame: ic_webp_frame, scaledTo rect: CanvasRect, rowReady: (UnsafePointer<UInt8>, Int) throws -> Void
    ) throws {
        let width = Int(frame.width)
        let height = Int(frame.height)
        guard rect.width != width || rect.height != height else { return try decodeLossless(frame, rowReady: rowReady) }
        let bytes = RowBoxScaler.bytesNeeded(inputWidth: width, outputWidth: rect.width)
        try options.ledger?.reserve(
            bytes, for: "shrinking a \(width)×\(height) lossless WebP frame to \(rect.width)×\(rect.height)")
        defer { options.ledger?.release(bytes) }
        var scaler = RowBoxScaler(
            inputWidth: width, inputHeight: height, outputWidth: rect.width, outputHeight: rect.height)
        try decodeLossless(frame) { row, y in try scaler.consume(row, y: y, rowReady: rowReady) }
    }

    /// The data of the VP8L chunk that `chunks` (a frame's chunks, as the demuxer gives them)
    /// starts with, up to the end of `chunks`: libwebp's decoder reads a stream on into the
    /// chunk's padding byte, so the same bits are read here (the fuzz target's oracle found it).
    static func losslessPayload(_ chunks: UnsafeRawBufferPointer) throws -> UnsafeRawBufferPointer {
        guard chunks.count >= 8 else { throw VP8LDecoder.truncated }
        guard chunks.prefix(4).elementsEqual("VP8L".utf8) else {
            throw VP8LDecoder.corrupt("the frame's bitstream is not a VP8L chunk")
        }
        let size = chunks[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }
        guard size <= chunks.count - 8 else { throw VP8LDecoder.truncated }
        return UnsafeRawBufferPointer(rebasing: chunks[8...])
    }
}
