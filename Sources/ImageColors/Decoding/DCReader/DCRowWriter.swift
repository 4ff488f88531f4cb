/// Sends a ``DCImage`` to a sink as 1/8-scale RGBA rows, top to bottom: for each output row,
/// each component's block row (repeated down the rows it covers, maxV / v) is turned into
/// samples once and repeated across (maxH / h), then converted. JFIF's usual layouts take a
/// shorter way: each chroma row becomes a row of R, G and B offsets once
/// (``DCColorConverter/ChromaOffsets``), which every luma row it covers then adds to.
///
/// Memory: one RGBA row, one sample row per component and three 16-bit chroma rows, all
/// output-wide (reserved by the decoder through ``bytesNeeded(for:)``).
enum DCRowWriter {
    /// Bytes the rows take for `frame`.
    static func bytesNeeded(for frame: JPEGFrame) -> Int {
        (frame.width + 7) / 8 * (4 + frame.components.count + 3 * MemoryLayout<Int16>.size)
    }

    /// Writes every row of `image` into `sink` (after `sink.begin`).
    /// - Parameters:
    ///   - converter: Colour conversion for the image's colour space.
    ///   - options: Its ``DecodeOptions/checkInterval`` spaces the deadline checks.
    ///   - deadline: Checked (with cancellation) every `checkInterval` rows.
    static func write(
        _ image: DCImage, converter: DCColorConverter, into sink: inout some PixelSink,
        options: DecodeOptions, deadline: DecodeDeadline
    ) throws {
        let frame = image.frame
        let width = (frame.width + 7) / 8
        let height = (frame.height + 7) / 8
        let rgba = UnsafeMutablePointer<UInt8>.allocate(capacity: width * 4)
        defer { rgba.deallocate() }
        let rows = frame.components.map { _ in UnsafeMutablePointer<UInt8>.allocate(capacity: width) }
        defer { for row in rows { row.deallocate() } }
        let repeatX = frame.components.map { frame.maxH / $0.h }
        let repeatY = frame.components.map { frame.maxV / $0.v }
        // JFIF's usual layout (full-resolution luma, Cb and Cr sampled alike): each chroma pair
        // becomes its three offsets once per chroma row, and every pixel is then three adds and
        // clamps in a loop the compiler vectorizes. The general loop below looks the offsets up
        // per pixel, about 4× the instructions (24 MP: 25 M instead of 6 M).
        if converter.colorSpace == .yCbCr, repeatX[0] == 1, repeatY[0] == 1,
            repeatX[1] == repeatX[2], repeatY[1] == repeatY[2]
        {
            let offsets = DCColorConverter.ChromaOffsets(width: width)
            defer { offsets.deallocate() }
            var chromaRow = -1
            for y in 0..<height {
                image.samples(of: 0, blockRow: y, into: rows[0])
                if chromaRow != y / repeatY[1] {
                    chromaRow = y / repeatY[1]
                    image.samples(of: 1, blockRow: chromaRow, into: rows[1])
                    image.samples(of: 2, blockRow: chromaRow, into: rows[2])
                    offsets.load(blue: rows[1], red: rows[2], repeat: repeatX[1])
                }
                DCColorConverter.convert(luma: rows[0], offsets: offsets, into: UnsafeMutableRawPointer(rgba))
                sink.consume(row: rgba, y: y, x0: 0, dx: 1, count: width)
                if (y + 1) % max(1, options.checkInterval) == 0 { try deadline.check(.jpeg) }
            }
            return
        }
        var loaded = [Int](repeating: -1, count: rows.count)
        for y in 0..<height {
            for c in rows.indices where loaded[c] != y / repeatY[c] {
                loaded[c] = y / repeatY[c]
                image.samples(of: c, blockRow: loaded[c], into: rows[c])
                repeatAcross(rows[c], width: width, by: repeatX[c])
            }
            converter.convert(rows, into: rgba, width: width)
            sink.consume(row: rgba, y: y, x0: 0, dx: 1, count: width)
            if (y + 1) % max(1, options.checkInterval) == 0 { try deadline.check(.jpeg) }
        }
    }

    /// Spreads the samples at the start of `row` so that pixel x gets sample x / `factor`
    /// (libjpeg's plain upsampling), in place: right to left, each read lies left of every write.
    /// Walks the samples, not the pixels: no division per pixel (a 64-bit divide costs tens of
    /// cycles, and 4:2:0 chroma at 24 MP meant 377,000 of them).
    private static func repeatAcross(_ row: UnsafeMutablePointer<UInt8>, width: Int, by factor: Int) {
        guard factor > 1, width > 0 else { return }
        var source = (width - 1) / factor
        var end = width
        while source >= 0 {
            let value = row[source]
            var x = source &* factor
            while x < end {
                row[x] = value
                x &+= 1
            }
            end = source &* factor
            source -= 1
        }
    }
}
