/// Shrinks an RGBA image arriving row by row, top to bottom, to a given smaller size, handing on
/// each output row as soon as its input rows are in: the rule of the pipeline's `Downscaler`
/// (output column `j` covers input columns `⌊j·W/w⌋ ..< ⌊(j+1)·W/w⌋`, rows alike; colour
/// weighted by alpha; an all-transparent box stays transparent), with sums for one output row.
///
/// An animation's lossless WebP frame is streamed at full size by ``VP8LDecoder`` (libwebp
/// would hold every pixel), and this brings it to its rectangle on the scaled canvas.
struct RowBoxScaler {
    let inputWidth: Int
    let inputHeight: Int
    let outputWidth: Int
    let outputHeight: Int
    /// Input column → output column.
    private let columnBin: [Int32]
    /// Input columns in each output column.
    private let binWidths: [UInt32]
    /// Σ(r·a), Σ(g·a), Σ(b·a), Σa for each pixel of the output row being summed.
    private var sums: [UInt64]
    /// The finished output row.
    private var row: [UInt8]
    /// The output row being summed; its input rows end before `(outputRow + 1) · H / h`.
    private var outputRow = 0
    /// The input rows summed into the output row so far.
    private var rowsSummed = 0

    /// The bytes a scaler from `inputWidth` to `outputWidth` columns allocates.
    static func bytesNeeded(inputWidth: Int, outputWidth: Int) -> Int {
        inputWidth * 4 + outputWidth * (4 + 4 * 8 + 4)
    }

    /// A scaler from `inputWidth` × `inputHeight` to `outputWidth` × `outputHeight`; each side of
    /// the output is at least 1 and at most the input's (callers check; it is clamped here).
    init(inputWidth: Int, inputHeight: Int, outputWidth: Int, outputHeight: Int) {
        self.inputWidth = max(1, inputWidth)
        self.inputHeight = max(1, inputHeight)
        self.outputWidth = min(max(1, outputWidth), self.inputWidth)
        self.outputHeight = min(max(1, outputHeight), self.inputHeight)
        (columnBin, binWidths) = Downscaler.bins(input: self.inputWidth, output: self.outputWidth)
        sums = [UInt64](repeating: 0, count: self.outputWidth * 4)
        row = [UInt8](repeating: 0, count: self.outputWidth * 4)
    }

    /// Adds input row `y` (`inputWidth` RGBA pixels; rows must come in order), then calls
    /// `rowReady` with the output row and its number when `y` was the last input row of it.
    mutating func consume(
        _ input: UnsafePointer<UInt8>, y: Int, rowReady: (UnsafePointer<UInt8>, Int) throws -> Void
    ) rethrows {
        guard y >= 0, y < inputHeight, outputRow < outputHeight else { return }
        sums.withUnsafeMutableBufferPointer { sums in
            columnBin.withUnsafeBufferPointer { bins in
                for x in 0..<inputWidth {
                    let p = input + x * 4
                    let a = UInt64(p[3])
                    let s = Int(bins[x]) * 4
                    sums[s] += UInt64(p[0]) * a
                    sums[s + 1] += UInt64(p[1]) * a
                    sums[s + 2] += UInt64(p[2]) * a
                    sums[s + 3] += a
                }
            }
        }
        rowsSummed += 1
        guard y + 1 >= (outputRow + 1) * inputHeight / outputHeight else { return }
        let height = UInt64(rowsSummed)
        for column in 0..<outputWidth {
            let s = column * 4
            let alphaSum = sums[s + 3]
            if alphaSum > 0 {
                let pixels = UInt64(binWidths[column]) * height
                row[s] = UInt8(truncatingIfNeeded: (sums[s] + alphaSum / 2) / alphaSum)
                row[s + 1] = UInt8(truncatingIfNeeded: (sums[s + 1] + alphaSum / 2) / alphaSum)
                row[s + 2] = UInt8(truncatingIfNeeded: (sums[s + 2] + alphaSum / 2) / alphaSum)
                row[s + 3] = UInt8(truncatingIfNeeded: (alphaSum + pixels / 2) / pixels)
            } else {
                row[s] = 0
                row[s + 1] = 0
                row[s + 2] = 0
                row[s + 3] = 0
            }
            sums[s] = 0
            sums[s + 1] = 0
            sums[s + 2] = 0
            sums[s + 3] = 0
        }
        let finished = outputRow
        outputRow += 1
        rowsSummed = 0
        try row.withUnsafeBufferPointer { buffer in
            // Never empty: the output is at least 1 pixel wide.
            guard let pixels = buffer.baseAddress else { return }
            try rowReady(pixels, finished)
        }
    }
}
