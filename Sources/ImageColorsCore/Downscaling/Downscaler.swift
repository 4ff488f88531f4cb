/// A box-filter downscaler fed row by row: the pipeline's pixel sink.
///
/// Each output pixel is the alpha-weighted mean of a whole-pixel box of input pixels (output
/// column `j` covers input columns `⌊j·W/w⌋ ..< ⌊(j+1)·W/w⌋`, rows alike), so every input pixel
/// counts exactly once. Colour is weighted by alpha: a transparent pixel adds no colour, and a
/// box that is entirely transparent stays transparent (colour 0, alpha 0), never black.
///
/// Memory: accumulators for one output row when rows arrive in order, for every output row when
/// they arrive in Adam7 passes; both are sized from the output, not the input. Everything is
/// reserved in the ledger before it is allocated; with no target of its own (`highest`), the
/// output shrinks until it fits the budget.
///
/// Animations whose every frame is counted arrive frame after frame (``beginFrame(_:share:)``):
/// each output pixel is then written by the one frame whose ``FrameShare`` holds it, so the
/// output is a mosaic of the frames in proportion to their display times.
package struct Downscaler: PixelSink {
    /// The long side to shrink to; `nil` keeps the input size unless the budget forces less.
    package let targetLongSide: Int?
    /// Where the buffers are reserved; `nil` for no budget.
    package let ledger: MemoryLedger?
    /// Keeps the first frame of an animation and ignores the others (a thumbnail shows the
    /// picture an entry starts with, not a mosaic).
    package let firstFrameOnly: Bool
    /// Bytes this downscaler has reserved.
    package private(set) var reservedBytes = 0

    package private(set) var inputWidth = 0
    package private(set) var inputHeight = 0
    package private(set) var outputWidth = 0
    package private(set) var outputHeight = 0

    /// Input column → output column.
    private var columnBin: [Int32] = []
    /// Input row → output row.
    private var rowBin: [Int32] = []
    /// Input columns in each output column.
    private var binWidths: [UInt32] = []
    /// Input rows in each output row.
    private var binHeights: [UInt32] = []
    /// Σ(r·a), Σ(g·a), Σ(b·a), Σa for each output pixel of the window. UInt64: a 65535-px side
    /// shrunk to 50 px puts 1.7 M pixels in a box, and 1.7 M × 255 × 255 overflows UInt32.
    private var sums: [UInt64] = []
    /// 1 (rows in order: one output row accumulates at a time) or `outputHeight`.
    private var windowRows = 1
    /// The output row accumulating when `windowRows == 1`.
    private var currentRow = -1
    private var output: [UInt8] = []
    /// The output pixels the current frame writes (all of them unless frames are counted).
    private var share = FrameShare.whole
    /// A frame after the first arrived and `firstFrameOnly` is set: rows are ignored.
    private var ignoringRows = false
    /// No box of ``addWholeRow(_:base:)`` has had a pixel with alpha under 255 yet: its boxes
    /// are summed by the opaque fast path (``sumWholeRow(_:widths:into:base:opaqueSoFar:)``).
    private var opaqueSoFar = true

    /// Creates a downscaler.
    /// - Parameters:
    ///   - targetLongSide: The output's long side; `nil` (or a larger value than the input's)
    ///     keeps the input size, budget permitting.
    ///   - ledger: Where buffers are reserved; default `nil`, no budget.
    ///   - firstFrameOnly: Ignore an animation's frames after the first; default `false`.
    package init(targetLongSide: Int?, ledger: MemoryLedger? = nil, firstFrameOnly: Bool = false) {
        self.targetLongSide = targetLongSide
        self.ledger = ledger
        self.firstFrameOnly = firstFrameOnly
    }

    /// Bytes the downscaler allocates for an input and output size: the column and row maps,
    /// the accumulators (8 bytes × 4 channels for each output pixel of the window) and the output
    /// twice (it and its upright copy after EXIF orientation).
    package static func bytesNeeded(
        input: (width: Int, height: Int), output: (width: Int, height: Int), rowsInOrder: Bool
    )
        -> Int
    {
        let maps = (input.width + input.height + output.width + output.height) * 4
        let window = rowsInOrder ? 1 : output.height
        return maps + output.width * window * 32 + output.width * output.height * 4 * 2
    }

    /// The output size for an input size: the long side becomes `targetLongSide`, the short
    /// side keeps the aspect ratio (rounded, at least 1). Never enlarges.
    package static func outputSize(width: Int, height: Int, targetLongSide: Int?) -> (width: Int, height: Int) {
        guard let target = targetLongSide, target > 0, max(width, height) > target else { return (width, height) }
        if width >= height {
            return (target, max(1, (height * target + width / 2) / width))
        }
        return (max(1, (width * target + height / 2) / height), target)
    }

    package mutating func begin(width: Int, height: Int, rowsInOrder: Bool) throws {
        inputWidth = width
        inputHeight = height
        var size = Self.outputSize(width: width, height: height, targetLongSide: targetLongSide)
        if let ledger {
            var needed = Self.bytesNeeded(input: (width, height), output: size, rowsInOrder: rowsInOrder)
            // `highest` has no size of its own: the budget decides how far to shrink.
            var longSide = max(size.width, size.height)
            while targetLongSide == nil, needed > ledger.available, longSide > 1 {
                longSide = longSide * 9 / 10
                size = Self.outputSize(width: width, height: height, targetLongSide: longSide)
                needed = Self.bytesNeeded(input: (width, height), output: size, rowsInOrder: rowsInOrder)
            }
            try ledger.reserve(needed, for: "downscaling \(width)×\(height) to \(size.width)×\(size.height)")
            reservedBytes = needed
        }
        (outputWidth, outputHeight) = size
        (columnBin, binWidths) = Self.bins(input: width, output: outputWidth)
        (rowBin, binHeights) = Self.bins(input: height, output: outputHeight)
        windowRows = rowsInOrder ? 1 : outputHeight
        sums = [UInt64](repeating: 0, count: outputWidth * windowRows * 4)
        output = [UInt8](repeating: 0, count: outputWidth * outputHeight * 4)
        currentRow = -1
        opaqueSoFar = true
    }

    /// The box rule: for `input` pixels shrunk to `output` (no more than `input`), the output
    /// pixel each input pixel falls in, and how many input pixels each output pixel covers.
    package static func bins(input: Int, output: Int) -> (map: [Int32], sizes: [UInt32]) {
        var map = [Int32](repeating: 0, count: input)
        var sizes = [UInt32](repeating: 0, count: output)
        for bin in 0..<output {
            let start = bin * input / output
            let end = (bin + 1) * input / output
            for i in start..<end { map[i] = Int32(bin) }
            sizes[bin] = UInt32(end - start)
        }
        return (map, sizes)
    }

    package mutating func beginFrame(_ index: Int, share: FrameShare) {
        // The previous frame's last output row is complete: write it before the next frame
        // starts accumulating from the top.
        if windowRows == 1, currentRow >= 0 { finalize(outputRow: currentRow, windowRow: 0) }
        currentRow = -1
        if firstFrameOnly {
            // The first frame whole; the others not at all.
            ignoringRows = index > 0
        } else {
            self.share = share
        }
    }

    package mutating func consume(row: UnsafePointer<UInt8>, y: Int, x0: Int, dx: Int, count: Int) {
        guard y >= 0, y < inputHeight, count > 0, !ignoringRows else { return }
        let outRow = Int(rowBin[y])
        let base: Int
        if windowRows == 1 {
            if outRow != currentRow {
                if currentRow >= 0 { finalize(outputRow: currentRow, windowRow: 0) }
                currentRow = outRow
            }
            base = 0
        } else {
            base = outRow * outputWidth * 4
        }
        let last = min(count, (inputWidth - x0 + dx - 1) / dx)
        if x0 == 0 && dx == 1 && last == inputWidth {
            addWholeRow(row, base: base)
            return
        }
        columnBin.withUnsafeBufferPointer { columns in
            sums.withUnsafeMutableBufferPointer { sums in
                var x = x0
                for i in 0..<last {
                    let p = row + i * 4
                    let a = UInt64(p[3])
                    let s = base + Int(columns[x]) * 4
                    sums[s] &+= UInt64(p[0]) &* a
                    sums[s + 1] &+= UInt64(p[1]) &* a
                    sums[s + 2] &+= UInt64(p[2]) &* a
                    sums[s + 3] &+= a
                    x += dx
                }
            }
        }
    }

    /// Adds a complete row (every input column, in order: all JPEG rows and non-interlaced PNG
    /// rows) to the window row at `base`: see ``sumWholeRow(_:widths:into:base:opaqueSoFar:)``.
    private mutating func addWholeRow(_ row: UnsafePointer<UInt8>, base: Int) {
        var opaqueSoFar = opaqueSoFar
        defer { self.opaqueSoFar = opaqueSoFar }
        binWidths.withUnsafeBufferPointer { widths in
            sums.withUnsafeMutableBufferPointer { sums in
                Self.sumWholeRow(row, widths: widths, into: sums, base: base, opaqueSoFar: &opaqueSoFar)
            }
        }
    }

    /// Turns the sums of one window row into output pixels and clears them; when frames are
    /// counted, only the pixels of the current frame's share are written.
    private mutating func finalize(outputRow: Int, windowRow: Int) {
        let height = UInt64(binHeights[outputRow])
        let share = share
        let everyPixel = share.isWhole
        let sumBase = windowRow * outputWidth * 4
        let outBase = outputRow * outputWidth * 4
        // Through buffer pointers: subscripting the arrays (stored properties) checked bounds
        // and uniqueness at every access.
        binWidths.withUnsafeBufferPointer { widths in
            sums.withUnsafeMutableBufferPointer { sums in
                output.withUnsafeMutableBufferPointer { output in
                    for column in 0..<widths.count {
                        let s = sumBase &+ column &* 4
                        let o = outBase &+ column &* 4
                        let alphaSum = sums[s &+ 3]
                        // Shares do not overlap: each pixel is written by one frame at most.
                        if alphaSum > 0 && (everyPixel || share.contains(x: column, y: outputRow)) {
                            let pixels = UInt64(widths[column]) &* height
                            // Each quotient is at most 255: a mean of values that are.
                            output[o] = UInt8(truncatingIfNeeded: (sums[s] &+ alphaSum / 2) / alphaSum)
                            output[o &+ 1] = UInt8(truncatingIfNeeded: (sums[s &+ 1] &+ alphaSum / 2) / alphaSum)
                            output[o &+ 2] = UInt8(truncatingIfNeeded: (sums[s &+ 2] &+ alphaSum / 2) / alphaSum)
                            output[o &+ 3] = UInt8(truncatingIfNeeded: (alphaSum &+ pixels / 2) / pixels)
                        }
                        sums[s] = 0
                        sums[s &+ 1] = 0
                        sums[s &+ 2] = 0
                        sums[s &+ 3] = 0
                    }
                }
            }
        }
    }

    /// The downscaled image. Output rows that received no input stay transparent.
    package mutating func finish() -> RGBAImage {
        if windowRows == 1 {
            if currentRow >= 0 { finalize(outputRow: currentRow, windowRow: 0) }
            currentRow = -1
        } else {
            for row in 0..<outputHeight { finalize(outputRow: row, windowRow: row) }
        }
        return RGBAImage(width: outputWidth, height: outputHeight, pixels: output)
    }
}
