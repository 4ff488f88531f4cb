import TestSupport
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// The AC skip table's runs (several coefficients per look-up) against a decoder that reads one
/// symbol at a time, as libjpeg's `decode_mcu` does, over random entropy-coded data: every
/// symbol, run length and block end (at coefficient 63 too) occurs, and a block step that
/// consumed one bit too many or too few would shift every DC value after it.
@Suite("DC reader: skipping AC coefficients")
struct ACSkipTests {
    /// T.81 Annex K.3 luminance DC table.
    static let dcTable = HuffmanDefinition(
        counts: [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0],
        symbols: Array(0...11))
    /// T.81 Annex K.3 luminance AC table: 2-bit codes for ±1 and ±2-3 coefficients, a 4-bit end of block.
    static let annexK = HuffmanDefinition(
        counts: [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7D],
        symbols: [
            0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07,
            0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xA1, 0x08, 0x23, 0x42, 0xB1, 0xC1, 0x15, 0x52, 0xD1, 0xF0,
            0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0A, 0x16, 0x17, 0x18, 0x19, 0x1A, 0x25, 0x26, 0x27, 0x28,
            0x29, 0x2A, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3A, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49,
            0x4A, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5A, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69,
            0x6A, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7A, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89,
            0x8A, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9A, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7,
            0xA8, 0xA9, 0xAA, 0xB2, 0xB3, 0xB4, 0xB5, 0xB6, 0xB7, 0xB8, 0xB9, 0xBA, 0xC2, 0xC3, 0xC4, 0xC5,
            0xC6, 0xC7, 0xC8, 0xC9, 0xCA, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xD9, 0xDA, 0xE1, 0xE2,
            0xE3, 0xE4, 0xE5, 0xE6, 0xE7, 0xE8, 0xE9, 0xEA, 0xF1, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7, 0xF8,
            0xF9, 0xFA,
        ])
    /// A small table with a 2-bit end of block, a 3-bit ZRL and long runs of zeros: runs of
    /// coefficients that jump far (ZRL moves 16), and codes that match nothing (1111x).
    static let runsAndZRL = HuffmanDefinition(
        counts: [0, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        symbols: [0x00, 0x01, 0xF0, 0x02, 0x11, 0x21, 0x03, 0xE1])

    /// One block, symbol by symbol (libjpeg's `decode_mcu` and `decode_mcu_DC_first`).
    /// - Returns: The DC difference, and whether a code matched nothing (a bad DC code reads as
    ///   a zero difference, and the AC coefficients follow; a bad AC code ends the block).
    static func referenceBlock(
        _ bits: inout EntropyBitReader, input: JPEGByteReader,
        dc: HuffmanTable.Decoder, ac: HuffmanTable.Decoder
    ) throws -> (Int32, Bool) {
        var difference: Int32 = 0
        var size = 0
        var bad = false
        if let (symbol, length) = dc.decode(next16: bits.next16) {
            bits.consume(length)
            size = symbol
        } else {
            // libjpeg reads 17 bits, warns, and goes on with a zero difference.
            bits.consume(17)
            bad = true
        }
        if size > 0 {
            let raw = Int32(bits.read(size))
            difference = raw < 1 << (size - 1) ? raw - (1 << size) + 1 : raw
        }
        var k = 1
        while k < 64 {
            try bits.fill(from: input)
            guard let (symbol, length) = ac.decode(next16: bits.next16) else {
                bits.consume(17)
                return (difference, true)
            }
            bits.consume(length)
            let run = symbol >> 4
            let size = symbol & 15
            if size > 0 {
                bits.consume(size)
                k += run + 1
            } else if run == 15 {
                k += 16
            } else {
                break
            }
        }
        return (difference, bad)
    }

    /// Decodes `data` block by block with the sequential block step and with ``referenceBlock``.
    /// - Returns: Each side's DC differences (`Int32.min` for a block with a bad code), up to
    ///   the block that ran past the end of the segment.
    static func decodeBoth(_ data: [UInt8], dc: HuffmanTable, ac: HuffmanTable) throws -> (
        stepped: [Int32], reference: [Int32]
    ) {
        func decodeAll(_ block: (inout EntropyBitReader, JPEGByteReader) throws -> (Int32, Bool)) throws -> [Int32] {
            try data.withUnsafeBytes { raw in
                let input = JPEGByteReader(memory: raw)
                var bits = EntropyBitReader()
                var values: [Int32] = []
                while true {
                    try bits.fill(from: input)
                    let (value, bad) = try block(&bits, input)
                    if bits.overran { break }
                    values.append(bad ? Int32.min : value)
                }
                return values
            }
        }
        let predictions = UnsafeMutableBufferPointer<Int32>.allocate(capacity: 1)
        defer { predictions.deallocate() }
        predictions[0] = 0
        let step = SequentialStep(dc: FirstScanStep(predictions: predictions, al: 0))
        var previous: Int32 = 0
        let stepped = try decodeAll { bits, input in
            var coefficient: Int16 = 0
            let problem = try step.decode(
                &bits, input: input, component: 0, dc: dc.decoder, ac: ac.decoder, into: &coefficient)
            defer { previous = predictions[0] }
            return (predictions[0] - previous, problem == .badCode)
        }
        let reference = try decodeAll { bits, input in
            try referenceBlock(&bits, input: input, dc: dc.decoder, ac: ac.decoder)
        }
        return (stepped, reference)
    }

    @Test(
        "runs skip exactly the bits and coefficients a symbol-at-a-time decode does",
        arguments: [("Annex K", annexK), ("short EOB and ZRL", runsAndZRL)])
    func runsMatchSymbolBySymbol(name: String, table: HuffmanDefinition) throws {
        // Given 64 kB of pseudo-random scan data (no FF, so no stuffing or markers)
        var random = SplitMix64(seed: 0x9E37_79B9_7F4A_7C15)
        let data: [UInt8] = (0..<65_536).map { _ in min(random.byte(), 0xFE) }
        // When the sequential block step and the reference each decode it block by block
        let (stepped, reference) = try Self.decodeBoth(
            data, dc: HuffmanTable(Self.dcTable, isDC: true),
            ac: HuffmanTable(table, isDC: false))
        // Then both read the same blocks, with the same DC differences and the same bad codes
        #expect(reference.count > 5_000)
        #expect(stepped.count == reference.count)
        let first = Array(zip(stepped, reference)).firstIndex { $0 != $1 }
        #expect(first == nil, "first differing block: \(first ?? -1)")
    }

    @Test(
        "runs match a symbol-at-a-time decode on random valid tables, with stuffing and markers",
        arguments: 0..<8)
    func randomTables(seed: UInt64) throws {
        // Given 40 pairs of random prefix-code tables — 1- to 16-bit codes, DC codes whose extra
        // bits end exactly at the skip table's 11, AC symbols that end a block without being 00
        // (10, E0…), ZRL — each over 2 kB of random data with FF 00 stuffing, some cut by a marker
        var random = SplitMix64(seed: 0xC0FF_EE00 &+ seed)
        var blocks = 0
        for trial in 0..<40 {
            let dc = try HuffmanTable(Self.randomDefinition(&random, isDC: true), isDC: true)
            let ac = try HuffmanTable(Self.randomDefinition(&random, isDC: false), isDC: false)
            var data: [UInt8] = []
            while data.count < 2_048 {
                let byte = random.byte()
                data.append(byte)
                if byte == 0xFF { data.append(random.below(8) == 0 ? 0xD9 : 0x00) }
            }
            // When both decoders read it
            let (stepped, reference) = try Self.decodeBoth(data, dc: dc, ac: ac)
            // Then they agree block for block
            let first = Array(zip(stepped, reference)).firstIndex { $0 != $1 }
            #expect(
                stepped.count == reference.count && first == nil,
                "trial \(trial): \(stepped.count) and \(reference.count) blocks, first difference at \(first ?? -1)")
            blocks += reference.count
        }
        #expect(blocks > 1_000)
    }

    /// A random valid table: code counts that leave the all-ones code free (as libjpeg
    /// requires), symbols 0–15 for DC, for AC a shuffle of 0–255 that often puts the
    /// interesting ones first (00, F0, block-ending 10 and E0, short runs).
    static func randomDefinition(_ random: inout SplitMix64, isDC: Bool) -> HuffmanDefinition {
        while true {
            var counts = [UInt8](repeating: 0, count: 16)
            var code = 0
            var total = 0
            let longest = 1 + random.below(16)
            let wanted = 1 + random.below(isDC ? 16 : (random.below(2) == 0 ? 20 : 160))
            for length in 1...16 {
                let free = (1 << length) - 1 - code
                var count = 0
                if free > 0, total < wanted, length <= longest {
                    count = random.below(3) == 0 ? 0 : min(free, wanted - total, 1 + random.below(min(free, 8)))
                    if length == longest { count = min(free, wanted - total) }
                }
                counts[length - 1] = UInt8(count)
                total += count
                code = (code + count) << 1
            }
            guard total > 0 else { continue }
            var pool = (0...(isDC ? 15 : 255)).map { UInt8($0) }
            for i in stride(from: pool.count - 1, to: 0, by: -1) { pool.swapAt(i, random.below(i + 1)) }
            if !isDC {
                let special: [UInt8] = [0x00, 0xF0, 0x01, 0x02, 0x11, 0x10, 0xE0, 0xF1, 0x0F, 0x03]
                let first = Array(special.shuffled(using: &random).prefix(random.below(special.count + 1)))
                pool = first + pool.filter { !first.contains($0) }
            }
            guard total <= pool.count else { continue }
            return HuffmanDefinition(counts: counts, symbols: Array(pool.prefix(total)))
        }
    }
}

// The hostile-input tests' seeded generator, so every run draws the same inputs.
extension SplitMix64 {
    fileprivate mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next() >> 56) }
    fileprivate mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
