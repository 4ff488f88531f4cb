/// How an image of a VP8L stream is entropy-coded (RFC 9649, sections 3.6 and 3.7): its colour
/// cache, its groups of five prefix codes, and for the main image the entropy image that says
/// which group codes each block.
struct VP8LEntropyCoding {
    /// The alphabets of a group's five codes, before the colour cache adds to the first.
    private static let alphabets = [256 + 24, 256, 256, 256, 40]

    /// Every group's tables.
    private(set) var tables = VP8LPrefixCodeTables()
    /// For each group used, the starts of its green, red, blue, alpha and distance tables.
    private(set) var groups: [Int] = []
    /// The entropy image's group per block (already mapped to `groups`), or empty for one group.
    private(set) var blockGroups: [UInt32] = []
    /// Blocks are `1 << blockBits` pixels a side; the entropy image is `blocksPerRow` wide.
    private(set) var blockBits = 0
    private(set) var blocksPerRow = 0
    /// The colour cache's size in bits (0: none).
    let cacheBits: Int

    /// Reads the colour cache bits, then the entropy image when `mainImage` allows one, then the
    /// codes, for an image of `width` × `height`, reserving what it allocates from `memory`.
    init(width: Int, height: Int, mainImage: Bool, reader: inout VP8LBitReader, memory: VP8LMemory) throws {
        var cacheBits = 0
        if reader.read(1) == 1 {
            cacheBits = reader.read(4)
            guard (1...11).contains(cacheBits) else {
                throw VP8LDecoder.corrupt("a colour cache of \(cacheBits) bits (1 to 11 allowed)")
            }
        }
        self.cacheBits = cacheBits
        var groupCount = 1
        // Which of the entropy image's groups are used, and their index among those kept.
        var kept: [Int: Int] = [0: 0]
        if mainImage && reader.read(1) == 1 {
            blockBits = reader.read(3) + 2
            blocksPerRow = VP8LDecoder.subsampled(width, blockBits)
            let rows = VP8LDecoder.subsampled(height, blockBits)
            var image = try VP8LEntropyCoding.subImage(
                width: blocksPerRow, height: rows, what: "entropy image", reader: &reader, memory: memory)
            kept = [:]
            for index in image.indices {
                let group = Int((image[index] >> 8) & 0xffff)
                groupCount = max(groupCount, group + 1)
                let dense = kept[group] ?? kept.count
                kept[group] = dense
                image[index] = UInt32(dense)
            }
            blockGroups = image
        }
        let cacheSize = cacheBits > 0 ? 1 << cacheBits : 0
        var lengths = [UInt8](repeating: 0, count: 256 + 24 + 2048)
        var starts = [[Int]](repeating: [], count: kept.count)
        for group in 0..<groupCount {
            var codes: [Int] = []
            for (code, alphabet) in Self.alphabets.enumerated() {
                let size = alphabet + (code == 0 ? cacheSize : 0)
                try lengths.withUnsafeMutableBufferPointer { all in
                    try VP8LCodeLengths.read(alphabet: size, into: all, reader: &reader)
                    let used = UnsafeBufferPointer(rebasing: all[0..<size])
                    guard let entries = VP8LPrefixCodeTables.size(of: used) else {
                        throw reader.isPastEnd
                            ? VP8LDecoder.truncated : VP8LDecoder.corrupt("code lengths that are not a prefix code")
                    }
                    // A group no block uses is read and checked, not kept.
                    guard kept[group] != nil else { return }
                    try memory.reserve(entries * 4, for: "the lossless WebP's prefix codes")
                    codes.append(tables.add(used) ?? 0)
                }
            }
            if let dense = kept[group] { starts[dense] = codes }
        }
        groups = starts.flatMap { $0 }
        if reader.isPastEnd { throw VP8LDecoder.truncated }
    }

    /// Decodes a whole sub-image (a transform's data or the entropy image: no transforms, no
    /// entropy image of its own) after reserving its pixels.
    static func subImage(
        width: Int, height: Int, what: String, reader: inout VP8LBitReader, memory: VP8LMemory
    ) throws -> [UInt32] {
        try memory.reserve(width * height * 4, for: "the lossless WebP's \(what) (\(width)×\(height))")
        let coding = try VP8LEntropyCoding(
            width: width, height: height, mainImage: false, reader: &reader, memory: memory)
        var pixels = [UInt32](repeating: 0, count: width * height)
        try pixels.withUnsafeMutableBufferPointer { buffer in
            var decoder = VP8LPixelDecoder(coding: coding, width: width, height: height)
            try decoder.decode(into: buffer.baseAddress!, mask: Int.max, reader: &reader) { _ in }
        }
        return pixels
    }
}
