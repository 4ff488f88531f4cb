/// A Huffman table as a DHT segment defines it: how many codes of each length 1–16, and the
/// symbols in code order.
struct HuffmanDefinition: Equatable {
    /// `counts[i]` codes of length `i + 1`.
    let counts: [UInt8]
    /// The symbols, shortest codes first.
    let symbols: [UInt8]
}

/// A Huffman table ready for decoding, built and checked the way libjpeg's
/// `jpeg_make_d_derived_tbl` does when a scan first uses it.
///
/// Codes up to ``lookupBits`` long decode with one table look-up; longer ones walk the
/// canonical `maxCode` limits, as JPEG's Annex F decoder does. The tables live in one
/// allocation that ``Decoder`` reads through plain pointers: the per-block loop then copies no
/// reference-counted value (ARC traffic was most of the scan's time with arrays).
final class HuffmanTable {
    /// Bits resolved by the look-up table. DC codes are short (typically 2–9 bits), so 9 bits
    /// cover nearly every symbol in one step with a 1 kB table.
    static let lookupBits = 9

    /// Reads symbols through the owning table's memory; valid while the table lives.
    struct Decoder {
        /// `length << 8 | symbol` for every `lookupBits`-bit prefix, 0 when the code is longer.
        fileprivate let lookup: UnsafePointer<UInt16>
        /// The largest code of each length 1…16 (index = length), −1 when there is none.
        fileprivate let maxCode: UnsafePointer<Int32>
        /// What to add to a code of each length to index `symbols`.
        fileprivate let valueOffset: UnsafePointer<Int32>
        /// The symbols in code order (256 slots, the unused ones 0).
        fileprivate let symbols: UnsafePointer<UInt8>

        /// Decodes one symbol from the top of `bits` (the next 16 bits, left-aligned).
        /// - Returns: The symbol and its code length, or `nil` when no code matches (a corrupt
        ///   stream: libjpeg warns "corrupt JPEG data: bad Huffman code").
        @inline(__always)
        func decode(next16 bits: Int) -> (symbol: Int, length: Int)? {
            let entry = Int(lookup[bits >> (16 - HuffmanTable.lookupBits)])
            if entry != 0 { return (entry & 0xFF, entry >> 8) }
            var length = HuffmanTable.lookupBits + 1
            var code = Int32(bits >> (16 - length))
            while code > maxCode[length] {
                length += 1
                if length > 16 { return nil }
                code = Int32(bits >> (16 - length))
            }
            return (Int(symbols[Int(code + valueOffset[length])]), length)
        }
    }

    /// The look-up table, `maxCode` and `valueOffset` (18 each) and 256 symbols, in one block.
    private let storage: UnsafeMutableRawPointer
    /// Pointers into ``storage``.
    let decoder: Decoder

    /// Entries of the look-up table.
    private static let lookupCount = 1 << lookupBits
    /// The look-up table (2 bytes an entry), `maxCode` and `valueOffset` (18 × 4 bytes each), symbols.
    private static let storageBytes = lookupCount * 2 + 18 * 4 * 2 + 256

    /// Builds and checks a table.
    /// - Parameters:
    ///   - definition: The DHT data.
    ///   - isDC: DC tables may only hold symbols 0–15 (a difference's bit count).
    /// - Throws: ``ImageDecodingError/corrupt(_:detail:)`` when the counts overrun 256 symbols or
    ///   do not form a prefix code, or a DC symbol is over 15.
    init(_ definition: HuffmanDefinition, isDC: Bool) throws(ImageDecodingError) {
        let bad = ImageDecodingError.corrupt(.jpeg, detail: "bogus Huffman table definition")
        var lengths: [Int] = []
        for (index, count) in definition.counts.enumerated() {
            guard lengths.count + Int(count) <= 256 else { throw bad }
            lengths += repeatElement(index + 1, count: Int(count))
        }
        guard lengths.count <= definition.symbols.count else { throw bad }
        if isDC, definition.symbols.prefix(lengths.count).contains(where: { $0 > 15 }) { throw bad }

        // Canonical codes (T.81 Figure C.2); a length whose codes overflow its bit count is not a
        // prefix code (the all-ones code is reserved).
        var codes = [Int](repeating: 0, count: lengths.count)
        var code = 0, index = 0
        var maxCode = [Int32](repeating: -1, count: 18)
        var valueOffset = [Int32](repeating: 0, count: 18)
        for length in 1...16 {
            let first = index
            while index < lengths.count, lengths[index] == length {
                codes[index] = code
                code += 1
                index += 1
            }
            guard code < 1 << length else { throw bad }
            if index > first {
                valueOffset[length] = Int32(first - codes[first])
                maxCode[length] = Int32(code - 1)
            }
            code <<= 1
        }

        var lookup = [UInt16](repeating: 0, count: Self.lookupCount)
        for (i, length) in lengths.enumerated() where length <= Self.lookupBits {
            let shift = Self.lookupBits - length
            let entry = UInt16(length) << 8 | UInt16(definition.symbols[i])
            for fill in 0..<(1 << shift) { lookup[codes[i] << shift | fill] = entry }
        }
        var symbols = [UInt8](repeating: 0, count: 256)
        symbols.replaceSubrange(0..<lengths.count, with: definition.symbols.prefix(lengths.count))

        storage = UnsafeMutableRawPointer.allocate(byteCount: Self.storageBytes, alignment: 4)
        let lookupPointer = storage.bindMemory(to: UInt16.self, capacity: Self.lookupCount)
        lookupPointer.initialize(from: lookup, count: Self.lookupCount)
        let limits = (storage + Self.lookupCount * 2).bindMemory(to: Int32.self, capacity: 36)
        limits.initialize(from: maxCode, count: 18)
        (limits + 18).initialize(from: valueOffset, count: 18)
        let symbolPointer = (storage + Self.lookupCount * 2 + 144).bindMemory(to: UInt8.self, capacity: 256)
        symbolPointer.initialize(from: symbols, count: 256)
        decoder = Decoder(lookup: lookupPointer, maxCode: limits, valueOffset: limits + 18, symbols: symbolPointer)
    }

    deinit {
        storage.deallocate()
    }
}
