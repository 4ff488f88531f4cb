/// Reads the code lengths of one prefix code (RFC 9649, section 3.7.2.1): a simple code of one
/// or two symbols, or lengths coded with a code-length code, repeats included.
enum VP8LCodeLengths {
    /// The order in which the code-length code's own lengths are stored.
    private static let order = [17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]

    /// Reads the lengths of a code of `alphabet` symbols into `lengths` (at least 256 long, so
    /// that a simple code's symbol past a small alphabet lands there and is ignored, as libwebp
    /// ignores it).
    /// - Throws: ``ImageDecodingError/corrupt(_:detail:)`` for lengths no code allows.
    static func read(
        alphabet: Int, into lengths: UnsafeMutableBufferPointer<UInt8>, reader: inout VP8LBitReader
    ) throws {
        lengths.update(repeating: 0)
        if reader.read(1) == 1 {
            let symbols = reader.read(1) + 1
            let first = reader.read(reader.read(1) == 0 ? 1 : 8)
            lengths[first] = 1
            if symbols == 2 { lengths[reader.read(8)] = 1 }
            return
        }
        var codeLengthLengths = [UInt8](repeating: 0, count: order.count)
        let stored = reader.read(4) + 4
        for index in 0..<stored { codeLengthLengths[order[index]] = UInt8(reader.read(3)) }
        var tables = VP8LPrefixCodeTables()
        let built = codeLengthLengths.withUnsafeBufferPointer { tables.add($0) }
        guard built != nil else { throw VP8LDecoder.corrupt("a code-length code that is not a prefix code") }
        var limit = alphabet
        if reader.read(1) == 1 {
            let bits = 2 + 2 * reader.read(3)
            limit = 2 + reader.read(bits)
            guard limit <= alphabet else {
                throw VP8LDecoder.corrupt("\(limit) code lengths for an alphabet of \(alphabet) symbols")
            }
        }
        var previous: UInt8 = 8
        var symbol = 0
        try tables.entries.withUnsafeBufferPointer { table in
            let table = table.baseAddress!
            while symbol < alphabet && limit > 0 {
                limit -= 1
                let code = reader.readSymbol(table)
                if code < 16 {
                    lengths[symbol] = UInt8(code)
                    symbol += 1
                    if code != 0 { previous = UInt8(code) }
                    continue
                }
                let repeats = code == 16 ? reader.read(2) + 3 : code == 17 ? reader.read(3) + 3 : reader.read(7) + 11
                guard symbol + repeats <= alphabet else {
                    throw VP8LDecoder.corrupt("code lengths repeated past an alphabet of \(alphabet) symbols")
                }
                let length = code == 16 ? previous : 0
                for index in symbol..<(symbol + repeats) { lengths[index] = length }
                symbol += repeats
            }
        }
    }
}
