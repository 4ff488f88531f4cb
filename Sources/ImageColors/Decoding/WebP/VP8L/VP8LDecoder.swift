/// Decodes a lossless WebP bitstream (VP8L, RFC 9649) a row at a time, holding only what a
/// backward reference can reach rather than the image.
///
/// A backward reference reaches at most 2^20 − 120 pixels back with a long distance code, or 7
/// rows and 8 pixels with a short one (at most 114 696 pixels, VP8L images being at most 16 384
/// wide), so the entropy-coded ARGB values live in a ring of `min(width × height, 2^20)` pixels
/// (4 MB at most). As each row is complete it is copied out, the transforms are undone on it in
/// reverse order (the predictor keeps the previous output row), and its RGBA bytes go to the
/// caller. The transforms' sub-images, the entropy image and the prefix codes are small and
/// decoded whole, each reserved before it is allocated; the ring and the rows are reserved from
/// the header (``workingBytes(width:height:)``).
///
/// Every count and index the stream gives is checked: damage is ``ImageDecodingError/corrupt(_:detail:)``,
/// a stream that ends early ``ImageDecodingError/truncated(_:detail:)``, never a trap.
struct VP8LDecoder {
    /// The image's size and whether its header says alpha is used.
    let width: Int
    let height: Int
    let alphaIsUsed: Bool
    private var reader: VP8LBitReader

    /// The most pixels the ring holds: every backward reference reaches fewer back.
    static let window = 1 << 20
    /// The decoder's small structures (colour caches, code lengths, bookkeeping).
    static let fixedAllowance = 64 * 1024

    /// Reads the header of `payload` (a VP8L chunk's data), which must outlive the decoder.
    /// - Throws: ``ImageDecodingError/corrupt(_:detail:)`` for a wrong signature or version,
    ///   ``ImageDecodingError/truncated(_:detail:)`` for fewer than its 5 bytes.
    init(_ payload: UnsafeRawBufferPointer) throws {
        guard payload.count >= 5, var reader = VP8LBitReader(payload) else { throw Self.truncated }
        guard reader.read(8) == 0x2f else { throw Self.corrupt("the signature byte is not 0x2f") }
        width = reader.read(14) + 1
        height = reader.read(14) + 1
        alphaIsUsed = reader.read(1) == 1
        let version = reader.read(3)
        guard version == 0 else { throw Self.corrupt("version \(version), not 0") }
        self.reader = reader
    }

    /// What decoding an image of `width` × `height` reserves from its header: the ring, the row
    /// buffers (the row, scratch for colour indexing, the predictor's row above, the RGBA
    /// bytes) and ``fixedAllowance``. The sub-images and prefix codes are reserved as they are read.
    static func workingBytes(width: Int, height: Int) -> Int {
        4 * min(width * height, window) + 4 * (3 * width + 1) + 4 * width + fixedAllowance
    }

    /// Decodes every row, calling `rowReady` with its RGBA bytes (straight alpha) and its number.
    /// - Parameter memory: Where the working bytes and each sub-image and code table are reserved.
    /// - Throws: ``ImageDecodingError`` for a damaged or short stream; `MemoryBudgetError`;
    ///   what `rowReady` throws.
    mutating func decode(memory: VP8LMemory, rowReady: (UnsafePointer<UInt8>, Int) throws -> Void) throws {
        let (width, height) = (width, height)
        try memory.reserve(
            Self.workingBytes(width: width, height: height), for: "decoding a \(width)×\(height) lossless WebP")
        var transforms: [VP8LTransform] = []
        var codedWidth = width
        while reader.read(1) == 1 {
            guard let kind = VP8LTransform.Kind(rawValue: reader.read(2)) else {
                throw Self.corrupt("a transform type past 3")
            }
            guard !transforms.contains(where: { $0.kind == kind }) else {
                throw Self.corrupt("the \(kind) transform twice")
            }
            let transform = try VP8LTransform(
                kind: kind, width: codedWidth, height: height, reader: &reader, memory: memory)
            codedWidth = transform.inputWidth
            transforms.append(transform)
        }
        let coding = try VP8LEntropyCoding(
            width: codedWidth, height: height, mainImage: true, reader: &reader, memory: memory)
        let total = codedWidth * height
        let ringSize = min(total, Self.window)
        let mask = total <= Self.window ? Int.max : Self.window - 1
        let ring = UnsafeMutablePointer<UInt32>.allocate(capacity: ringSize)
        defer { ring.deallocate() }
        // The row, colour indexing's scratch, the predictor's row above (and its top-right).
        let rows = UnsafeMutablePointer<UInt32>.allocate(capacity: 3 * width + 1)
        defer { rows.deallocate() }
        rows.initialize(repeating: 0, count: 3 * width + 1)
        let row = rows
        let scratch = rows + width
        let above = rows + 2 * width
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 4 * width)
        defer { bytes.deallocate() }
        let undo = Array(transforms.reversed())
        var pixels = VP8LPixelDecoder(coding: coding, width: codedWidth, height: height)
        try pixels.decode(into: ring, mask: mask, reader: &reader) { y in
            let start = (y * codedWidth) & mask
            let first = min(codedWidth, ringSize - start)
            row.update(from: ring + start, count: first)
            if first < codedWidth { (row + first).update(from: ring, count: codedWidth - first) }
            for transform in undo {
                transform.undo(row, y: y, scratch: scratch, above: above)
            }
            // ARGB to R, G, B, A bytes: red and blue swap places in a little-endian word.
            let words = UnsafeMutableRawPointer(bytes)
            for x in 0..<width {
                let argb = row[x]
                let rgba = argb & 0xff00_ff00 | (argb >> 16) & 0xff | (argb & 0xff) << 16
                words.storeBytes(of: rgba.littleEndian, toByteOffset: 4 * x, as: UInt32.self)
            }
            try rowReady(bytes, y)
        }
    }

    /// A width or height in blocks of `1 << bits` pixels.
    static func subsampled(_ size: Int, _ bits: Int) -> Int { (size + (1 << bits) - 1) >> bits }

    /// Damage, in the stream's terms.
    static func corrupt(_ detail: String) -> ImageDecodingError {
        .corrupt(.webp, detail: "lossless bitstream: \(detail)")
    }

    /// A stream that ends before the image does.
    static let truncated = ImageDecodingError.truncated(
        .webp, detail: "the lossless bitstream ended before the image did")
}
