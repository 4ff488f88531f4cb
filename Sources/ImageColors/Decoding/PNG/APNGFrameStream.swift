import Foundation

/// One APNG frame as a PNG of its own, for libpng (which reads only a PNG's default image): the
/// signature, the canvas's IHDR at the frame's size, the `PLTE` and `tRNS` chunks libpng keeps
/// from the file (``APNGPaletteChunks``), the frame's data (its `IDAT` chunks, or its `fdAT`
/// chunks without their sequence numbers, as `IDAT`) and IEND. The frame's chunks are
/// CRC-checked as they are copied, from the file straight into the stream; the CRCs written are
/// computed anew.
enum APNGFrameStream {
    /// The bytes the stream of `frame` takes: all the memory making it needs.
    static func bytesNeeded(for frame: APNGCensus.Frame, in census: APNGCensus) -> Int {
        8 + 25 + census.paletteChunks.streamBytes + frame.dataBytes + frame.chunks * 12 + 12
    }

    /// The stream of `frame`.
    /// - Throws: ``ImageDecodingError/corrupt(_:detail:)`` for a CRC error or a file that changed
    ///   since the census read it; ``ImageDecodingError/truncated(_:detail:)``; what the reader
    ///   throws (a timeout: it checks the decode's deadline as it reads).
    static func make(_ frame: APNGCensus.Frame, in census: APNGCensus, reader: PNGChunkReader) throws -> Data {
        var stream = Data(capacity: bytesNeeded(for: frame, in: census))
        stream.append(contentsOf: [137, 80, 78, 71, 13, 10, 26, 10])
        var header = census.header
        for (at, value) in [(0, frame.rect.width), (4, frame.rect.height)] {
            for i in 0..<4 { header[at + i] = UInt8(truncatingIfNeeded: value >> (24 - 8 * i)) }
        }
        append("IHDR", length: header.count, to: &stream) { $0.append(contentsOf: header) }
        for (type, data) in census.paletteChunks.chunks {
            append(type, length: data.count, to: &stream) { $0.append(contentsOf: data) }
        }
        let type = frame.isDefaultImage ? "IDAT" : "fdAT"
        let skip = frame.isDefaultImage ? 0 : 4
        let changed = ImageDecodingError.corrupt(.png, detail: "the file changed between two readings")
        var offset = frame.dataStart
        var found = 0
        var left = frame.dataBytes
        while found < frame.chunks, let chunk = try reader.chunk(at: offset) {
            offset = chunk.next
            guard chunk.type == type else { continue }
            // Only what the census counted (and the budget reserved) is read.
            guard chunk.length >= skip, chunk.length - skip <= left else { throw changed }
            left -= chunk.length - skip
            try append("IDAT", length: chunk.length - skip, to: &stream) {
                try reader.appendData(of: chunk, skipping: skip, to: &$0)
            }
            found += 1
        }
        guard found == frame.chunks, left == 0 else { throw changed }
        append("IEND", length: 0, to: &stream) { _ in }
        return stream
    }

    /// Appends a chunk of `type` whose `length` bytes of data `data` appends.
    private static func append(
        _ type: String, length: Int, to stream: inout Data, data: (inout Data) throws -> Void
    ) rethrows {
        stream.append(contentsOf: (0..<4).map { UInt8(truncatingIfNeeded: length >> (24 - 8 * $0)) })
        let start = stream.count
        stream.append(contentsOf: Array(type.utf8))
        try data(&stream)
        let crc = stream.withUnsafeBytes { PNGCRC.checksum(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        stream.append(contentsOf: (0..<4).map { UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32($0))) })
    }
}
