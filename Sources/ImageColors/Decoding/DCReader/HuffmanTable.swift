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
/// canonical `maxCode` limits, as JPEG's Annex F decoder does. An AC table also skips whole
/// coefficients (codes and extra bits), often several, with one look-up
/// (``Decoder/skip(next:)``); a DC table decodes a whole difference with one
/// (``Decoder/dcDifference(next:)``). The
/// tables live in one allocation that ``Decoder`` reads through plain pointers: the per-block
/// loop then copies no reference-counted value (ARC traffic was most of the scan's time with
/// arrays).
final class HuffmanTable {
    /// Bits resolved by the look-up table. DC codes are short (typically 2–9 bits), so 9 bits
    /// cover nearly every symbol in one step with a 1 kB table.
    static let lookupBits = 9
    /// Bits the skip table resolves: codes and their extra bits together. AC codes of photos
    /// are mostly 2–8 bits with 1–4 extra bits, DC differences alike, so 11 bits (an 8 kB
    /// table, within L1) take nearly every coefficient in one step.
    static let skipBits = 11

    /// Reads symbols through the owning table's memory; valid while the table lives. One
    /// pointer, the tables at fixed offsets from it: the MCU loop carries a decoder per scan
    /// component, and a small one stays in registers.
    struct Decoder {
        /// The start of the owning table's storage (layout: ``lookupOffset`` and the others).
        fileprivate let base: UnsafeRawPointer

        /// `length << 8 | symbol` for every `lookupBits`-bit prefix, 0 when the code is longer.
        private var lookup: UnsafePointer<UInt16> { (base + lookupOffset).assumingMemoryBound(to: UInt16.self) }
        /// The largest code of each length 1…16 (index = length), −1 when there is none.
        private var maxCode: UnsafePointer<Int32> { (base + maxCodeOffset).assumingMemoryBound(to: Int32.self) }
        /// What to add to a code of each length to index `symbols`.
        private var valueOffset: UnsafePointer<Int32> { (base + valueOffsetOffset).assumingMemoryBound(to: Int32.self) }
        /// The symbols in code order (256 slots, the unused ones 0).
        private var symbols: UnsafePointer<UInt8> { (base + symbolsOffset).assumingMemoryBound(to: UInt8.self) }
        /// A DC table's holds decoded differences (``dcDifference(next:)``). An AC table's holds,
        /// for every ``skipBits``-bit prefix, two readings of the same bits, 0 when the first
        /// coefficient alone needs more than ``skipBits`` bits:
        /// - the first coefficient, `withEnd << 12 | advance << 5 | bits`: `bits` is its code's
        ///   length plus its extra bits, `advance` how far the coefficient index moves (run + 1,
        ///   16 for ZRL, 64 for end of block), `withEnd` the bits of it and an end-of-block code
        ///   right after it when those fit too (else 0);
        /// - the run, `ends << 26 | runAdvance << 20 | runBits << 16`: as many whole coefficients
        ///   as fit, then the end-of-block code if it fits too (`ends`), with their bits and their
        ///   summed advance (at most 62; an end of block adds none).
        private var skipTable: UnsafePointer<UInt32> { (base + skipOffset).assumingMemoryBound(to: UInt32.self) }

        /// Skips the AC coefficients whose codes and extra bits fit the next ``skipBits`` bits.
        /// - Parameter bits: The next ``skipBits`` bits.
        /// - Returns: The entry (see ``skipTable``), read through ``SkipEntry``; `nil` when the
        ///   slow path (``decode(next16:)``, then the extra bits) must decide.
        @inline(__always)
        func skip(next bits: Int) -> SkipEntry? {
            let entry = skipTable[bits]
            return entry == 0 ? nil : SkipEntry(raw: entry)
        }

        /// Decodes a DC difference whose code and extra bits fit ``skipBits`` bits, from a DC
        /// table's skip table, which holds `difference << 8 | bits` (`bits` ≥ 1, so 0 is free).
        /// - Parameter bits: The next ``skipBits`` bits.
        /// - Returns: The bits to consume and the difference (T.81 F.2.2.1 EXTEND applied), or
        ///   `nil` when the slow path (``decode(next16:)``, then the extra bits) must decide.
        @inline(__always)
        func dcDifference(next bits: Int) -> (length: Int, difference: Int32)? {
            let entry = skipTable[bits]
            return entry == 0 ? nil : (Int(entry & 0xFF), Int32(bitPattern: entry) >> 8)
        }

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

    /// One skip-table entry: what the next ``skipBits`` bits hold, one coefficient at a time or
    /// as a run (layout in ``Decoder``'s `skipTable`).
    struct SkipEntry {
        let raw: UInt32

        /// The first coefficient's code and extra bits.
        var length: Int { Int(raw & 0x1F) }
        /// How far the first coefficient moves the index (64 for end of block).
        var advance: Int { Int((raw >> 5) & 0x7F) }
        /// The bits of the first coefficient and an end-of-block code behind it, 0 when none follows.
        var withEnd: Int { Int((raw >> 12) & 0xF) }
        /// The bits of the run of whole coefficients (and its end-of-block code, if any).
        var runLength: Int { Int((raw >> 16) & 0xF) }
        /// How far the run moves the index; valid only when the index stays below 64 after it
        /// (so that every coefficient of the run, and the end of block, is one libjpeg reads).
        var runAdvance: Int { Int((raw >> 20) & 0x3F) }
        /// Whether the run ends with the end-of-block code.
        var runEnds: Bool { raw & (1 << 26) != 0 }
    }

    /// All the tables, in one block.
    private let storage: UnsafeMutableRawPointer
    /// Reads through ``storage``.
    let decoder: Decoder

    /// Entries of the look-up table.
    private static let lookupCount = 1 << lookupBits
    /// Entries of the skip table (AC runs, or DC differences).
    private static let skipCount = 1 << skipBits
    /// Where each table starts in the storage: the look-up table (2 bytes an entry), `maxCode`
    /// and `valueOffset` (18 × 4 bytes each), the symbols, the skip table (4 bytes an entry).
    private static let lookupOffset = 0
    private static let maxCodeOffset = lookupOffset + lookupCount * 2
    private static let valueOffsetOffset = maxCodeOffset + 18 * 4
    private static let symbolsOffset = valueOffsetOffset + 18 * 4
    private static let skipOffset = symbolsOffset + 256
    private static let storageBytes = skipOffset + skipCount * 4

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
        var code = 0
        var index = 0
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
        // The skip table. A DC table's holds whole differences: one look-up instead of a code
        // look-up and then its extra bits, two dependent steps in every block.
        var skip = [UInt32](repeating: 0, count: Self.skipCount)
        for (i, length) in lengths.enumerated() where isDC && length + Int(definition.symbols[i]) <= Self.skipBits {
            let size = Int(definition.symbols[i])
            let total = length + size
            for fill in 0..<(1 << (Self.skipBits - length)) {
                let index = codes[i] << (Self.skipBits - length) | fill
                let raw = size == 0 ? 0 : (index >> (Self.skipBits - total)) & ((1 << size) - 1)
                // T.81 F.2.2.1 EXTEND: a leading 0 bit means negative.
                let difference = size == 0 || raw >= 1 << (size - 1) ? raw : raw - (1 << size) + 1
                skip[index] = UInt32(bitPattern: Int32(difference) << 8) | UInt32(total)
            }
        }
        for (i, length) in lengths.enumerated() where !isDC && length <= Self.skipBits {
            let symbol = Int(definition.symbols[i])
            let run = symbol >> 4
            let size = symbol & 15
            // As libjpeg's decode_mcu: extra bits move the index run + 1; ZRL (F0) moves 16; any
            // other symbol without extra bits ends the block.
            let advance = size > 0 ? run + 1 : run == 15 ? 16 : 64
            let total = length + size
            guard total <= Self.skipBits else { continue }
            let shift = Self.skipBits - length
            let entry = UInt32(advance << 5 | total)
            for fill in 0..<(1 << shift) { skip[codes[i] << shift | fill] = entry }
        }
        // A coefficient followed by the end-of-block code (symbol 00), within the bits looked
        // at, ends the block in the same step: most blocks of a photo end after a few small
        // coefficients, and each step is a dependent table load.
        if !isDC, let eob = definition.symbols.prefix(lengths.count).firstIndex(of: 0), lengths[eob] <= Self.skipBits {
            let eobLength = lengths[eob]
            let eobCode = codes[eob]
            for index in skip.indices where skip[index] != 0 {
                let used = Int(skip[index] & 0x1F)
                let advance = Int(skip[index] >> 5)
                guard advance < 64, used + eobLength <= Self.skipBits else { continue }
                if (index >> (Self.skipBits - used - eobLength)) & ((1 << eobLength) - 1) == eobCode {
                    skip[index] |= UInt32(used + eobLength) << 12
                }
            }
        }
        // Runs: several small coefficients per look-up (a smooth photo's blocks hold a few,
        // each a dependent step otherwise). Each step re-reads the single-coefficient entry of
        // the bits that follow, zero-filled: valid when the coefficient fits the bits left, since
        // a prefix code's length never depends on the bits after it.
        if !isDC {
            let mask = Self.skipCount - 1
            for index in skip.indices where skip[index] != 0 {
                var used = 0
                var advance = 0
                var ends = false
                while used < Self.skipBits {
                    let next = skip[(index << used) & mask]
                    let length = Int(next & 0x1F)
                    let step = Int((next >> 5) & 0x7F)
                    guard next != 0, length <= Self.skipBits - used else { break }
                    if step == 64 {
                        used += length
                        ends = true
                        break
                    }
                    guard advance + step <= 62 else { break }
                    used += length
                    advance += step
                }
                skip[index] |= UInt32(ends ? 1 : 0) << 26 | UInt32(advance) << 20 | UInt32(used) << 16
            }
        }
        var symbols = [UInt8](repeating: 0, count: 256)
        symbols.replaceSubrange(0..<lengths.count, with: definition.symbols.prefix(lengths.count))

        storage = UnsafeMutableRawPointer.allocate(byteCount: Self.storageBytes, alignment: 4)
        (storage + Self.lookupOffset).bindMemory(to: UInt16.self, capacity: Self.lookupCount)
            .initialize(from: lookup, count: Self.lookupCount)
        (storage + Self.maxCodeOffset).bindMemory(to: Int32.self, capacity: 18).initialize(from: maxCode, count: 18)
        (storage + Self.valueOffsetOffset).bindMemory(to: Int32.self, capacity: 18).initialize(
            from: valueOffset, count: 18)
        (storage + Self.symbolsOffset).bindMemory(to: UInt8.self, capacity: 256).initialize(from: symbols, count: 256)
        (storage + Self.skipOffset).bindMemory(to: UInt32.self, capacity: Self.skipCount)
            .initialize(from: skip, count: Self.skipCount)
        decoder = Decoder(base: UnsafeRawPointer(storage))
    }

    deinit {
        storage.deallocate()
    }
}
