/// Decodes an entropy-coded image's ARGB values (RFC 9649, section 5.2): literals, backward
/// references (LZ77) and colour cache hits, into a buffer that is either the whole image or a
/// ring that keeps the last pixels a backward reference can reach.
struct VP8LPixelDecoder {
    private let coding: VP8LEntropyCoding
    private let width: Int
    private let height: Int
    /// The colour cache (RFC 9649, section 5.2.3), empty without one.
    private var cache: [UInt32]

    init(coding: VP8LEntropyCoding, width: Int, height: Int) {
        self.coding = coding
        self.width = width
        self.height = height
        cache = [UInt32](repeating: 0, count: coding.cacheBits > 0 ? 1 << coding.cacheBits : 0)
    }

    /// (y, x) offsets of the 120 short distance codes (RFC 9649, section 5.2.2), as
    /// `yoffset << 4 | (8 - xoffset)`.
    private static let planeCodes: [UInt8] = [
        0x18, 0x07, 0x17, 0x19, 0x28, 0x06, 0x27, 0x29, 0x16, 0x1a, 0x26, 0x2a, 0x38, 0x05, 0x37, 0x39, 0x15, 0x1b,
        0x36, 0x3a, 0x25, 0x2b, 0x48, 0x04, 0x47, 0x49, 0x14, 0x1c, 0x35, 0x3b, 0x46, 0x4a, 0x24, 0x2c, 0x58, 0x45,
        0x4b, 0x34, 0x3c, 0x03, 0x57, 0x59, 0x13, 0x1d, 0x56, 0x5a, 0x23, 0x2d, 0x44, 0x4c, 0x55, 0x5b, 0x33, 0x3d,
        0x68, 0x02, 0x67, 0x69, 0x12, 0x1e, 0x66, 0x6a, 0x22, 0x2e, 0x54, 0x5c, 0x43, 0x4d, 0x65, 0x6b, 0x32, 0x3e,
        0x78, 0x01, 0x77, 0x79, 0x53, 0x5d, 0x11, 0x1f, 0x64, 0x6c, 0x42, 0x4e, 0x76, 0x7a, 0x21, 0x2f, 0x75, 0x7b,
        0x31, 0x3f, 0x63, 0x6d, 0x52, 0x5e, 0x00, 0x74, 0x7c, 0x41, 0x4f, 0x10, 0x20, 0x62, 0x6e, 0x30, 0x73, 0x7d,
        0x51, 0x5f, 0x40, 0x72, 0x7e, 0x61, 0x6f, 0x50, 0x71, 0x7f, 0x60, 0x70,
    ]

    /// A length or distance prefix symbol's value (RFC 9649, section 5.2.2).
    @inline(__always)
    private static func prefixValue(_ symbol: Int, _ reader: inout VP8LBitReader) -> Int {
        if symbol < 4 { return symbol + 1 }
        let extra = (symbol - 2) >> 1
        let offset = (2 + (symbol & 1)) << extra
        return offset + reader.read(extra) + 1
    }

    /// Decodes every pixel into `pixels` (pixel `i` at `i & mask`), calling `rowDone` with each
    /// row's number once its last pixel is written.
    /// - Throws: ``ImageDecodingError/corrupt(_:detail:)`` for a reference before the first
    ///   pixel or past the last, or a cache index without a cache;
    ///   ``ImageDecodingError/truncated(_:detail:)`` when the stream ends first; what `rowDone` throws.
    mutating func decode(
        into pixels: UnsafeMutablePointer<UInt32>, mask: Int, reader stream: inout VP8LBitReader,
        rowDone: (Int) throws -> Void
    ) throws {
        // A local copy: the optimizer keeps its state in registers rather than writing it back
        // after every read (the pixels' pointer could alias the caller's reader).
        var reader = stream
        defer { stream = reader }
        let width = width
        let total = width * height
        let blockBits = coding.blockBits
        let blocksPerRow = coding.blocksPerRow
        let blockMask = coding.blockGroups.isEmpty ? Int.max : (1 << blockBits) - 1
        let cacheShift = UInt32(32 - coding.cacheBits)
        let hasCache = coding.cacheBits > 0
        let cacheLimit = 256 + 24 + cache.count
        // The ring's size: `mask + 1`, or the whole image when it does not wrap.
        let ringSize = mask == Int.max ? total : mask + 1
        try coding.tables.entries.withUnsafeBufferPointer { entries in
            try coding.groups.withUnsafeBufferPointer { groups in
                try coding.blockGroups.withUnsafeBufferPointer { blockGroups in
                    try cache.withUnsafeMutableBufferPointer { cache in
                        let tables = entries.baseAddress!
                        var position = 0
                        var x = 0
                        var y = 0
                        var group = 0
                        @inline(__always) func groupAt(_ x: Int, _ y: Int) -> Int {
                            blockGroups.isEmpty
                                ? 0 : 5 * Int(blockGroups[(y >> blockBits) * blocksPerRow + (x >> blockBits)])
                        }
                        @inline(__always) func put(_ pixel: UInt32) {
                            pixels[position & mask] = pixel
                            if hasCache { cache[Int((pixel &* 0x1e35_a7bd) >> cacheShift)] = pixel }
                            position += 1
                        }
                        while position < total {
                            if x & blockMask == 0 { group = groupAt(x, y) }
                            let code = reader.readSymbol(tables + groups[group])
                            if code < 256 {
                                let red = Self.readLiteral(tables + groups[group + 1], &reader)
                                let blue = Self.readLiteral(tables + groups[group + 2], &reader)
                                let alpha = Self.readLiteral(tables + groups[group + 3], &reader)
                                put(UInt32(alpha << 24 | red << 16 | code << 8 | blue))
                                x += 1
                            } else if code < 256 + 24 {
                                let length = Self.prefixValue(code - 256, &reader)
                                let symbol = reader.readSymbol(tables + groups[group + 4])
                                let distanceCode = Self.prefixValue(symbol, &reader)
                                var distance = distanceCode - 120
                                if distanceCode <= 120 {
                                    let plane = Int(Self.planeCodes[distanceCode - 1])
                                    distance = max(1, (plane >> 4) * width + 8 - (plane & 0xf))
                                }
                                guard distance <= position, length <= total - position else {
                                    throw Self.badReference(
                                        length: length, distance: distance, position: position, total: total,
                                        pastEnd: reader.isPastEnd)
                                }
                                let target = position & mask
                                let source = (position - distance) & mask
                                if target + length <= ringSize && source + length <= ringSize {
                                    // Neither side wraps: copy without masking, then fill the cache.
                                    Self.copy(length, from: pixels + source, to: pixels + target, distance: distance)
                                    if hasCache {
                                        Self.remember(
                                            pixels + target, count: length, repeats: distance == 1, cache, cacheShift)
                                    }
                                    position += length
                                } else {
                                    for _ in 0..<length { put(pixels[(position - distance) & mask]) }
                                }
                                x += length
                                while x >= width {
                                    x -= width
                                    y += 1
                                    try rowDone(y - 1)
                                    if reader.isPastEnd { throw VP8LDecoder.truncated }
                                }
                                if position < total { group = groupAt(x, y) }
                                continue
                            } else if code < cacheLimit {
                                put(cache[code - 256 - 24])
                                x += 1
                            } else {
                                throw Self.badGreen(code)
                            }
                            if x == width {
                                x = 0
                                y += 1
                                try rowDone(y - 1)
                                if reader.isPastEnd { throw VP8LDecoder.truncated }
                            }
                        }
                    }
                }
            }
        }
        if reader.isPastEnd { throw VP8LDecoder.truncated }
    }

    /// Copies a backward reference of `count` pixels `distance` back (`source` is `target` less
    /// `distance` in the stream, and neither range wraps the ring), as libwebp does: a run of one
    /// pixel is a fill, a reference that does not overlap what it writes (or reads ahead of it in
    /// the ring) one `memmove`, and a short overlapping one is repeated a period at a time.
    @inline(__always)
    private static func copy(
        _ count: Int, from source: UnsafeMutablePointer<UInt32>, to target: UnsafeMutablePointer<UInt32>,
        distance: Int
    ) {
        if distance == 1 {
            target.update(repeating: source[0], count: count)
        } else if source > target || target - source >= count {
            // Reading ahead of the writes (the ring wrapped between them): a forward copy, which
            // `memmove` does when its target comes first.
            target.update(from: source, count: count)
        } else if distance < 8 {
            for index in 0..<count { target[index] = source[index] }
        } else {
            // Each period's copy reads only pixels written before it.
            var done = 0
            while done < count {
                let step = min(distance, count - done)
                (target + done).update(from: source + done, count: step)
                done += step
            }
        }
    }

    /// Adds `count` pixels from `pixels` to the colour cache; `repeats`: they are all the same.
    @inline(__always)
    private static func remember(
        _ pixels: UnsafeMutablePointer<UInt32>, count: Int, repeats: Bool, _ cache: UnsafeMutableBufferPointer<UInt32>,
        _ shift: UInt32
    ) {
        for index in 0..<(repeats ? 1 : count) {
            let pixel = pixels[index]
            cache[Int((pixel &* 0x1e35_a7bd) >> shift)] = pixel
        }
    }

    /// Reads a red, blue or alpha symbol. A code of one symbol (an opaque image's alpha, often)
    /// consumes no bits: its symbol is taken from the table's first entry without waiting for
    /// the bits the symbols before it consumed, which the next lookup would otherwise depend on.
    @inline(__always)
    private static func readLiteral(_ table: UnsafePointer<UInt32>, _ reader: inout VP8LBitReader) -> Int {
        let first = table[0]
        // Only a one-symbol code has entries of no bits (and no link).
        if first >> 16 == 0 { return Int(first & 0xffff) }
        return reader.readSymbol(table)
    }

    /// A backward reference before the first pixel or past the last (built out of line: the
    /// message's formatting stays out of the decoding loop).
    @inline(never)
    private static func badReference(length: Int, distance: Int, position: Int, total: Int, pastEnd: Bool) -> Error {
        pastEnd
            ? VP8LDecoder.truncated
            : VP8LDecoder.corrupt(
                "a backward reference of \(length) pixels from \(distance) back at pixel \(position) of \(total)")
    }

    /// A green symbol past its alphabet (a cache index without a cache).
    @inline(never)
    private static func badGreen(_ code: Int) -> Error {
        VP8LDecoder.corrupt("green symbol \(code) past the alphabet")
    }
}
