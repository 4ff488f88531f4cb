/// Reads the bits of one entropy-coded segment (the data of a scan between markers), undoing
/// byte stuffing (`FF 00` is the data byte `FF`) and stopping at the marker that ends it.
///
/// Past the marker it supplies zero bits, as libjpeg does, and records that bits were needed
/// there (``overran``): the scan ended before its last block, which the decoder reports.
///
/// A plain value that the decoder's MCU loop keeps in a local variable and hands only to
/// inlined code: refilling goes through a static function that takes and returns the state, so
/// the compiler keeps the state in registers. (Passing the reader `inout` to a call that is not
/// inlined pinned it to memory and made every bit operation a load and a store: that loop then
/// ran about twice as many instructions.)
struct EntropyBitReader {
    /// The next bits, left-aligned: the most significant bit is the next one.
    private var accumulator: UInt64 = 0
    /// Real bits in ``accumulator`` (below them are zeros); negative once more bits were consumed
    /// than the segment had.
    private(set) var count = 0
    /// The code of the marker that ended the segment, read from the input; `nil` until reached.
    private(set) var marker: UInt8?
    /// The input ended inside the segment (a truncated file).
    private(set) var endedInput = false

    /// Some bits consumed lay past the end of the segment (they read as zeros). ``fill(from:)``
    /// keeps at least 32 bits buffered while the segment lasts, and no block step consumes more
    /// between fills, so the count goes below zero only past the end.
    var overran: Bool { count < 0 }

    /// Makes at least 32 bits readable (a DC block needs at most 16 + 15, and so does an AC
    /// coefficient), loading bytes until more than 56 are buffered, unless the segment has
    /// ended. Refilling only below 32 bits loads several bytes at a time instead of one a block.
    @inline(__always)
    mutating func fill(from input: JPEGByteReader) throws {
        if count >= 32 || marker != nil || endedInput { return }
        // Fast path, inline: the next 8 bytes in one big-endian load when none is FF (no
        // stuffing, no marker), taking as many whole bytes as fit. Bits of the next byte that
        // land below `count` are that byte's own, so loading it again later ORs the same bits.
        let window = input.buffered
        if window.count >= 8, let base = window.baseAddress {
            let chunk = UInt64(bigEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self))
            // A byte is FF exactly when the complement has a zero byte there.
            let inverted = ~chunk
            if (inverted &- 0x0101_0101_0101_0101) & ~inverted & 0x8080_8080_8080_8080 == 0 {
                let bytes = (64 &- count) &>> 3
                accumulator |= chunk &>> UInt64(count)
                count &+= bytes &<< 3
                input.advance(bytes)
                return
            }
        }
        (accumulator, count, marker, endedInput) = try Self.refill(accumulator, count, from: input)
    }

    /// Loads bytes after the `count` bits of `accumulator` (count ≥ 0: the segment has not
    /// ended) until more than 56 are buffered, a marker ends the segment, or the input ends.
    /// - Returns: The new accumulator and count, the marker met, and whether the input ended.
    @inline(never)
    private static func refill(_ accumulator: UInt64, _ count: Int, from input: JPEGByteReader) throws
        -> (UInt64, Int, UInt8?, Bool)
    {
        var accumulator = accumulator
        var count = count
        // Fast path: plain data bytes straight from the reader's window, with no call per byte
        // (a baseline scan refills every few coefficients). It stops at an FF, which may be
        // stuffing or a marker, and at the window's end; the loop below handles both.
        let window = input.buffered
        if let base = window.baseAddress {
            var used = 0
            while count <= 56, used < window.count {
                let byte = base[used]
                if byte == 0xFF { break }
                accumulator |= UInt64(byte) &<< UInt64(56 - count)
                count += 8
                used += 1
            }
            input.advance(used)
        }
        while count <= 56 {
            guard var byte = try input.readByte() else { return (accumulator, count, nil, true) }
            if byte == 0xFF {
                // FF 00 is a data FF; FF FF … are fill bytes before a marker (libjpeg also
                // accepts FF FF 00 as a data FF); FF xx ends the segment.
                var next: UInt8?
                repeat { next = try input.readByte() } while next == 0xFF
                guard let code = next else { return (accumulator, count, nil, true) }
                if code != 0 { return (accumulator, count, code, false) }
                byte = 0xFF
            }
            accumulator |= UInt64(byte) &<< UInt64(56 - count)
            count += 8
        }
        return (accumulator, count, nil, false)
    }

    /// The next 16 bits (zeros past the end of the segment), without consuming them.
    @inline(__always)
    var next16: Int { Int(truncatingIfNeeded: accumulator &>> 48) }

    /// The next `length` bits (1…16, zeros past the end of the segment), without consuming them.
    @inline(__always)
    func peek(_ length: Int) -> Int { Int(truncatingIfNeeded: accumulator &>> UInt64(64 - length)) }

    /// Consumes `length` bits (1…31; 17 after a bad code, as libjpeg).
    @inline(__always)
    mutating func consume(_ length: Int) {
        accumulator &<<= UInt64(truncatingIfNeeded: length)
        count &-= length
    }

    /// Reads `length` bits (0…16) as an unsigned number.
    @inline(__always)
    mutating func read(_ length: Int) -> Int {
        guard length > 0 else { return 0 }
        let value = peek(length)
        consume(length)
        return value
    }

    /// Whole bytes buffered but never consumed; at a segment's end a valid stream has none
    /// (only the padding bits of its last byte remain).
    var unusedBytes: Int { max(count, 0) / 8 }

    /// Starts the next segment after a restart marker: the buffer is emptied and the marker
    /// forgotten.
    mutating func restart() {
        accumulator = 0
        count = 0
        marker = nil
    }
}
