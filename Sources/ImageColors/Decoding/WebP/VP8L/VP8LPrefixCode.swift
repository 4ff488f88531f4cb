/// Canonical prefix (Huffman) codes of a VP8L stream as lookup tables (RFC 9649, section 3.7.1),
/// all kept in one array of entries.
///
/// A code's table starts with ``rootBits`` bits of root entries; a code longer than that goes
/// through a second-level table of its own for the root entry's prefix. An entry holds the
/// symbol (or the second-level table's offset from the root) in its low 16 bits, the bits to
/// consume (or the second level's width) in bits 16–23, and ``link`` for a second level.
struct VP8LPrefixCodeTables {
    /// Bits looked up at once.
    static let rootBits = 8
    /// Marks an entry that points to a second-level table.
    static let link: UInt32 = 1 << 31
    /// The longest code VP8L allows.
    static let maxLength = 15

    /// Every table's entries.
    private(set) var entries: [UInt32] = []

    /// Entries that `lengths` would take (in the root and second-level tables), or `nil` when
    /// the lengths are not a prefix code: none, one over ``maxLength``, or a code that is
    /// incomplete or over-subscribed (a single symbol is a complete code of no bits, as in libwebp).
    static func size(of lengths: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let plan = Plan(lengths) else { return nil }
        return plan.size
    }

    /// Adds the table for `lengths` and returns where it starts, or `nil` when they are not a
    /// prefix code (see ``size(of:)``).
    mutating func add(_ lengths: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let plan = Plan(lengths) else { return nil }
        let root = entries.count
        entries.append(contentsOf: repeatElement(0, count: plan.size))
        entries.withUnsafeMutableBufferPointer { all in
            let table = all.baseAddress! + root
            if let only = plan.single {
                for index in 0..<(1 << Self.rootBits) { table[index] = UInt32(only) }
                return
            }
            for (prefix, offset) in plan.secondLevel.enumerated() where offset != 0 {
                table[prefix] = Self.link | UInt32(plan.longest[prefix] - Self.rootBits) << 16 | UInt32(offset)
            }
            var next = plan.firstCodes
            for symbol in lengths.indices where lengths[symbol] != 0 {
                let length = Int(lengths[symbol])
                let code = Self.reversed(next[length], length)
                next[length] += 1
                if length <= Self.rootBits {
                    for index in stride(from: code, to: 1 << Self.rootBits, by: 1 << length) {
                        table[index] = UInt32(length) << 16 | UInt32(symbol)
                    }
                } else {
                    let prefix = code & ((1 << Self.rootBits) - 1)
                    let width = plan.longest[prefix] - Self.rootBits
                    let second = table + plan.secondLevel[prefix]
                    for index in stride(from: code >> Self.rootBits, to: 1 << width, by: 1 << (length - Self.rootBits))
                    {
                        second[index] = UInt32(length - Self.rootBits) << 16 | UInt32(symbol)
                    }
                }
            }
        }
        return root
    }

    /// `code`'s low `length` bits in reverse order (codes are read least significant bit first).
    private static func reversed(_ code: Int, _ length: Int) -> Int {
        var result = 0
        var code = code
        for _ in 0..<length {
            result = result << 1 | code & 1
            code >>= 1
        }
        return result
    }

    /// The layout of one code's table.
    private struct Plan {
        var size = 1 << VP8LPrefixCodeTables.rootBits
        /// The only symbol of a one-symbol code.
        var single: Int?
        /// The first canonical code of each length.
        var firstCodes = [Int](repeating: 0, count: VP8LPrefixCodeTables.maxLength + 1)
        /// Per root prefix: the longest code under it and its second-level table's offset (0: none).
        var longest = [Int](repeating: 0, count: 1 << VP8LPrefixCodeTables.rootBits)
        var secondLevel = [Int](repeating: 0, count: 1 << VP8LPrefixCodeTables.rootBits)

        init?(_ lengths: UnsafeBufferPointer<UInt8>) {
            let maxLength = VP8LPrefixCodeTables.maxLength
            let rootBits = VP8LPrefixCodeTables.rootBits
            var counts = [Int](repeating: 0, count: maxLength + 1)
            var used = 0
            for (symbol, length) in lengths.enumerated() where length != 0 {
                guard length <= maxLength else { return nil }
                counts[Int(length)] += 1
                used += 1
                single = symbol
            }
            guard used > 0 else { return nil }
            if used == 1 { return }
            single = nil
            // Kraft's sum: a complete code, neither short of nor over the code space.
            var left = 1
            for length in 1...maxLength {
                left = left << 1 - counts[length]
                guard left >= 0 else { return nil }
            }
            guard left == 0 else { return nil }
            var code = 0
            for length in 1...maxLength {
                code = (code + counts[length - 1] * (length > 1 ? 1 : 0)) << 1
                firstCodes[length] = code
            }
            guard counts[(rootBits + 1)...].contains(where: { $0 > 0 }) else { return }
            var next = firstCodes
            for length in lengths where Int(length) > rootBits {
                let code = VP8LPrefixCodeTables.reversed(next[Int(length)], Int(length))
                next[Int(length)] += 1
                let prefix = code & ((1 << rootBits) - 1)
                longest[prefix] = max(longest[prefix], Int(length))
            }
            for prefix in longest.indices where longest[prefix] > 0 {
                secondLevel[prefix] = size
                size += 1 << (longest[prefix] - rootBits)
            }
        }
    }
}
