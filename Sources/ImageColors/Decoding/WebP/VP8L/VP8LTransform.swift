/// One of a VP8L image's transforms (RFC 9649, section 4), with its data, undone a row at a time.
///
/// A transform works on images `inputWidth` wide (the width when it was read: colour indexing
/// narrows the image for the transforms read after it, which are undone before it) and gives
/// rows `outputWidth` wide.
struct VP8LTransform {
    enum Kind: Int {
        case predictor = 0
        case crossColor = 1
        case subtractGreen = 2
        case colorIndexing = 3
    }

    let kind: Kind
    let inputWidth: Int
    let outputWidth: Int
    /// Predictor and cross-colour: the block size in bits; colour indexing: pixels packed per
    /// index byte, in bits (0: one pixel a byte, 1: two, 2: four, 3: eight).
    let bits: Int
    /// Predictor and cross-colour: the sub-image (blocks per row wide); colour indexing: the
    /// palette, padded to `1 << (8 >> bits)` entries with transparent black (what an index past
    /// the colours gives, as in libwebp).
    let data: [UInt32]

    /// Reads a transform of `kind` for an image `width` × `height` (its data is a sub-image).
    init(kind: Kind, width: Int, height: Int, reader: inout VP8LBitReader, memory: VP8LMemory) throws {
        self.kind = kind
        outputWidth = width
        switch kind {
        case .predictor, .crossColor:
            bits = reader.read(3) + 2
            data = try VP8LEntropyCoding.subImage(
                width: VP8LDecoder.subsampled(width, bits), height: VP8LDecoder.subsampled(height, bits),
                what: kind == .predictor ? "predictor image" : "cross-colour image", reader: &reader, memory: memory)
            inputWidth = width
        case .subtractGreen:
            bits = 0
            data = []
            inputWidth = width
        case .colorIndexing:
            let colors = reader.read(8) + 1
            bits = colors > 16 ? 0 : colors > 4 ? 1 : colors > 2 ? 2 : 3
            var palette = try VP8LEntropyCoding.subImage(
                width: colors, height: 1, what: "palette", reader: &reader, memory: memory)
            for index in stride(from: 1, to: colors, by: 1) {
                palette[index] = VP8LPredictor.add(palette[index], palette[index - 1])
            }
            palette += repeatElement(0, count: (1 << (8 >> bits)) - colors)
            data = palette
            inputWidth = VP8LDecoder.subsampled(width, bits)
        }
    }

    /// Undoes the transform on row `y`: `row` holds ``inputWidth`` pixels and receives
    /// ``outputWidth`` (it has room for them); `scratch` has room for ``outputWidth`` pixels;
    /// `above` (predictor only) is the previous output row plus one pixel, updated here.
    func undo(
        _ row: UnsafeMutablePointer<UInt32>, y: Int, scratch: UnsafeMutablePointer<UInt32>,
        above: UnsafeMutablePointer<UInt32>
    ) {
        let width = outputWidth
        switch kind {
        case .predictor:
            data.withUnsafeBufferPointer { modes in
                let blocks = VP8LDecoder.subsampled(width, bits)
                VP8LPredictor.undo(
                    row, width: width, y: y, above: above, modes: modes.baseAddress! + (y >> bits) * blocks, bits: bits)
            }
            above.update(from: row, count: width)
        case .crossColor:
            data.withUnsafeBufferPointer { elements in
                let blocks = VP8LDecoder.subsampled(width, bits)
                let line = elements.baseAddress! + (y >> bits) * blocks
                for block in 0..<blocks {
                    Self.undoCrossColor(
                        row, from: block << bits, to: min(width, (block + 1) << bits), element: line[block])
                }
            }
        case .subtractGreen:
            for x in 0..<width {
                let green = (row[x] >> 8) & 0xff
                row[x] = VP8LPredictor.add(row[x], green << 16 | green)
            }
        case .colorIndexing:
            data.withUnsafeBufferPointer { palette in
                if bits == 0 {
                    for x in 0..<width { row[x] = palette[Int((row[x] >> 8) & 0xff)] }
                    return
                }
                let perByte = 1 << bits
                let indexBits = 8 >> bits
                let indexMask = (1 << indexBits) - 1
                for x in 0..<width {
                    let packed = Int((row[x >> bits] >> 8) & 0xff)
                    scratch[x] = palette[(packed >> ((x & (perByte - 1)) * indexBits)) & indexMask]
                }
                row.update(from: scratch, count: width)
            }
        }
    }

    /// libwebp's `VP8LTransformColorInverse` on `row[start..<end]`: red and blue regain what
    /// green (and, for blue, red) predicted, with the element's signed 3.5 fixed-point multipliers.
    @inline(__always)
    private static func undoCrossColor(
        _ row: UnsafeMutablePointer<UInt32>, from start: Int, to end: Int, element: UInt32
    ) {
        // 32-bit arithmetic (the values are bytes and their products, far from overflowing),
        // which the optimizer vectorises four pixels at a time.
        let greenToRed = Int32(Int8(truncatingIfNeeded: element))
        let greenToBlue = Int32(Int8(truncatingIfNeeded: element >> 8))
        let redToBlue = Int32(Int8(truncatingIfNeeded: element >> 16))
        for x in start..<end {
            let pixel = row[x]
            let green = Int32(Int8(truncatingIfNeeded: pixel >> 8))
            let red = (Int32((pixel >> 16) & 0xff) &+ (greenToRed &* green) &>> 5) & 0xff
            let toBlue = (greenToBlue &* green) &>> 5 &+ (redToBlue &* Int32(Int8(truncatingIfNeeded: red))) &>> 5
            let blue = (Int32(pixel & 0xff) &+ toBlue) & 0xff
            row[x] = pixel & 0xff00_ff00 | UInt32(truncatingIfNeeded: red) << 16 | UInt32(truncatingIfNeeded: blue)
        }
    }
}
