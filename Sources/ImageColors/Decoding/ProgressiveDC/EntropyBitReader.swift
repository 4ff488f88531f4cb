/// Reads the bits of one entropy-coded segment (the data of a scan between markers), undoing
/// byte stuffing (`FF 00` is the data byte `FF`) and stopping at the marker that ends it.
///
/// Past the marker it supplies zero bits, as libjpeg does, and records that bits were needed
/// there (``overran``): the scan ended before its last block, which the decoder reports.
struct EntropyBitReader {
    /// The next bits, left-aligned: the most significant bit is the next one.
    private var accumulator: UInt64 = 0
    /// Real bits in ``accumulator``; below them are zeros.
    private(set) var count = 0
    /// The code of the marker that ended the segment, read from the input; `nil` until reached.
    private(set) var marker: UInt8?
    /// The input ended inside the segment (a truncated file).
    private(set) var endedInput = false
    /// Some bits consumed lay past the end of the segment (they read as zeros).
    private(set) var overran = false

    /// Makes at least 32 bits readable (a DC block needs at most 16 + 15), loading bytes until
    /// more than 56 are buffered, unless the segment has ended. Refilling only below 32 bits
    /// loads several bytes at a time instead of one a block.
    @inline(__always)
    mutating func fill(from input: JPEGByteReader) throws {
        if count >= 32 || marker != nil || endedInput { return }
        try refill(from: input)
    }

    private mutating func refill(from input: JPEGByteReader) throws {
        while count <= 56, marker == nil, !endedInput {
            guard var byte = try input.readByte() else {
                endedInput = true
                return
            }
            if byte == 0xFF {
                // FF 00 is a data FF; FF FF … are fill bytes before a marker (libjpeg also
                // accepts FF FF 00 as a data FF); FF xx ends the segment.
                var next: UInt8?
                repeat { next = try input.readByte() } while next == 0xFF
                guard let code = next else {
                    endedInput = true
                    return
                }
                if code != 0 {
                    marker = code
                    return
                }
                byte = 0xFF
            }
            accumulator |= UInt64(byte) << (56 - count)
            count += 8
        }
    }

    /// The next 16 bits (zeros past the end of the segment), without consuming them.
    @inline(__always)
    var next16: Int { Int(truncatingIfNeeded: accumulator >> 48) }

    /// Consumes `length` bits (1…16).
    @inline(__always)
    mutating func consume(_ length: Int) {
        accumulator <<= UInt64(length)
        if length > count {
            overran = true
            count = 0
        } else {
            count -= length
        }
    }

    /// Reads `length` bits (0…16) as an unsigned number.
    @inline(__always)
    mutating func read(_ length: Int) -> Int {
        guard length > 0 else { return 0 }
        let value = Int(truncatingIfNeeded: accumulator >> UInt64(64 - length))
        consume(length)
        return value
    }

    /// Whole bytes buffered but never consumed; at a segment's end a valid stream has none
    /// (only the padding bits of its last byte remain).
    var unusedBytes: Int { count / 8 }

    /// Starts the next segment after a restart marker: the buffer is emptied and the marker
    /// forgotten.
    mutating func restart() {
        accumulator = 0
        count = 0
        marker = nil
        overran = false
    }

    /// Hands over the marker code that ended the segment (after reading it elsewhere).
    mutating func takeMarker() -> UInt8? {
        defer { marker = nil }
        return marker
    }
}
