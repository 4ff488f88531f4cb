import Foundation

/// One APNG frame as a PNG of its own, for libpng (which reads only a PNG's default image): the
/// signature, the canvas's IHDR at the frame's size, the `PLTE` and `tRNS` chunks, the frame's
/// data (its `IDAT` chunks, or its `fdAT` chunks without their sequence numbers, as `IDAT`) and
/// IEND. Every chunk read is CRC-checked first; the CRCs written are computed anew.
enum APNGFrameStream {
    /// The bytes the stream of `frame` takes.
    static func bytesNeeded(for frame: APNGCensus.Frame, in census: APNGCensus) -> Int {
        8 + 25 + census.paletteChunks.reduce(0) { $0 + $1.length + 12 } + frame.dataBytes + frame.chunks * 12 + 12
    }

    /// The stream of `frame`.
    /// - Throws: ``ImageDecodingError/corrupt(_:detail:)`` for a CRC error or a file that changed
    ///   since the census read it; ``ImageDecodingError/truncated(_:detail:)``.
    static func make(
        _ frame: APNGCensus.Frame, in census: APNGCensus, reader: PNGChunkReader, deadline: DecodeDeadline
    ) throws -> Data {
        var stream = Data(capacity: bytesNeeded(for: frame, in: census))
        stream.append(contentsOf: [137, 80, 78, 71, 13, 10, 26, 10])
        var header = census.header
        for (at, value) in [(0, frame.rect.width), (4, frame.rect.height)] {
            for i in 0..<4 { header[at + i] = UInt8(truncatingIfNeeded: value >> (24 - 8 * i)) }
        }
        append("IHDR", header, to: &stream)
        for chunk in census.paletteChunks {
            append(chunk.type, try reader.data(of: chunk), to: &stream)
        }
        let type = frame.isDefaultImage ? "IDAT" : "fdAT"
        let skip = frame.isDefaultImage ? 0 : 4
        let changed = ImageDecodingError.corrupt(.png, detail: "the file changed between two readings")
        var offset = frame.dataStart
        var found = 0
        var left = frame.dataBytes
        var walked = 0
        while found < frame.chunks, let chunk = try reader.chunk(at: offset) {
            offset = chunk.next
            walked += 1
            if walked % 1024 == 0 { try deadline.check(.png) }
            guard chunk.type == type else { continue }
            // Only what the census counted (and the budget reserved) is read.
            guard chunk.length >= skip, chunk.length - skip <= left else { throw changed }
            left -= chunk.length - skip
            append("IDAT", try reader.data(of: chunk, skipping: skip), to: &stream)
            found += 1
        }
        guard found == frame.chunks, left == 0 else { throw changed }
        append("IEND", [], to: &stream)
        return stream
    }

    private static func append(_ type: String, _ data: [UInt8], to stream: inout Data) {
        let length = data.count
        stream.append(contentsOf: (0..<4).map { UInt8(truncatingIfNeeded: length >> (24 - 8 * $0)) })
        let start = stream.count
        stream.append(contentsOf: Array(type.utf8))
        stream.append(contentsOf: data)
        let crc = PNGCRC.checksum(stream[(stream.startIndex + start)...])
        stream.append(contentsOf: (0..<4).map { UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32($0))) })
    }
}
