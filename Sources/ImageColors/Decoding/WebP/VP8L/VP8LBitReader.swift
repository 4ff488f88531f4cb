/// Reads a VP8L bitstream's bits, least significant first (RFC 9649, section 3.1), from bytes
/// that outlive it.
///
/// Past the last byte it reads zeros and remembers it: ``isPastEnd`` then says the stream was
/// cut short, which the decoder checks at the end of every row (libwebp's end-of-stream rule:
/// any bit read past the data makes the image truncated).
struct VP8LBitReader {
    private let bytes: UnsafePointer<UInt8>
    private let count: Int
    /// The next byte to load (past `count` once zeros are loaded).
    private var position = 0
    /// Loaded bits, the next one at bit 0.
    private var value: UInt64 = 0
    /// How many bits of `value` are loaded.
    private var available = 0

    /// Reads `data`, which must stay valid while the reader is used; `nil` when it is empty.
    init?(_ data: UnsafeRawBufferPointer) {
        guard let base = data.baseAddress, !data.isEmpty else { return nil }
        bytes = base.assumingMemoryBound(to: UInt8.self)
        count = data.count
    }

    /// Whether more bits were read than the data holds.
    var isPastEnd: Bool { position * 8 - available > count * 8 }

    /// Loads bits until at least 56 are available.
    @inline(__always)
    mutating func fill() {
        if position + 8 <= count {
            // Eight bytes at once, keeping whole bytes: 56 to 63 bits are then loaded.
            let word = UInt64(littleEndian: UnsafeRawPointer(bytes + position).loadUnaligned(as: UInt64.self))
            value |= word &<< UInt64(available)
            position += (63 - available) >> 3
            available |= 56
        } else {
            while available <= 56 {
                let byte: UInt64 = position < count ? UInt64(bytes[position]) : 0
                value |= byte &<< UInt64(available)
                position += 1
                available += 8
            }
        }
    }

    /// The next `n` bits (at most 32) as a number.
    @inline(__always)
    mutating func read(_ n: Int) -> Int {
        if available < n { fill() }
        let bits = Int(truncatingIfNeeded: value & ((1 &<< UInt64(n)) &- 1))
        value &>>= UInt64(n)
        available -= n
        return bits
    }

    /// Reads one symbol of the prefix code whose table (``VP8LPrefixCodeTables``) starts at `table`:
    /// a root entry, or a link to a second-level entry whose bit count excludes the root's.
    // Transparent, not @inline(__always): with the latter Swift 6.3.1 still called it, out of
    // line, from the pixel loop (42% of a 24 MP photo's decoding, the reader's state going
    // through memory on every symbol); inlined, the whole decoding takes about a fifth less.
    @_transparent
    mutating func readSymbol(_ table: UnsafePointer<UInt32>) -> Int {
        if available < VP8LPrefixCodeTables.maxLength { fill() }
        let bits = UInt32(truncatingIfNeeded: value)
        var entry = table[Int(bits & 0xff)]
        var used = entry >> 16
        if entry & VP8LPrefixCodeTables.link != 0 {
            let width = used & 0xff
            entry = table[Int(entry & 0xffff) &+ Int((bits &>> 8) & ((1 &<< width) &- 1))]
            used = (entry >> 16) &+ UInt32(VP8LPrefixCodeTables.rootBits)
        }
        let n = Int(used & 0xff)
        value &>>= UInt64(n)
        available &-= n
        return Int(entry & 0xffff)
    }
}
