/// An analysis fed row by row (``PixelAnalyzer/stream(_:)``): append every row, top to bottom,
/// then ``finish()``.
///
/// ```swift
/// var stream = try PixelAnalyzer().stream(PixelLayout(width: 640, height: 480))
/// for strip in strips { try stream.append(rows: strip.bytes, count: strip.rowCount) }
/// let colors = try stream.finish()
/// ```
///
/// Memory: the downscalers' accumulators (the preset's and the canonical one the background is
/// chosen on, ``AnalysisDownscaler``; sized from their outputs, not the input), one row of
/// scratch when rows need converting, and quantization, all within the options' budget.
public struct PixelStream: ~Copyable {
    /// The layout rows are read with.
    public let layout: PixelLayout
    /// Rows appended so far.
    public private(set) var rowsReceived = 0

    private let options: AnalysisOptions
    private let ledger: MemoryLedger
    private let quantizer: Quantizer
    private var downscaler: AnalysisDownscaler
    private var converter: PixelRowConverter

    init(layout: PixelLayout, options: AnalysisOptions) throws {
        let ledger = MemoryLedger(budget: options.memoryBudget)
        let quantizer = options.quantizer
        // As the codec pipeline does: quantization's memory first, so that rows cannot take it.
        try quantizer.reserveMemory(in: ledger)
        let converter = try PixelRowConverter(
            layout: layout, colorSpace: options.colorManagement ? layout.colorSpace : .sRGB, ledger: ledger)
        var downscaler = AnalysisDownscaler(targetLongSide: options.quality.longSide, ledger: ledger)
        try downscaler.begin(width: layout.width, height: layout.height, rowsInOrder: true)
        // Assigned together: a noncopyable value is initialised on one path or not at all.
        self.layout = layout
        self.options = options
        self.ledger = ledger
        self.quantizer = quantizer
        self.converter = converter
        self.downscaler = downscaler
    }

    /// Appends the next row.
    /// - Parameter row: At least `width × 4` bytes: the row's pixels; bytes past them are ignored.
    /// - Throws: ``PixelBufferError`` when the row is short or all rows have arrived.
    public mutating func append(row: UnsafeRawBufferPointer) throws {
        guard rowsReceived < layout.height else { throw PixelBufferError.tooManyRows(height: layout.height) }
        guard let base = row.baseAddress, row.count >= layout.width * 4 else {
            throw PixelBufferError.bufferTooShort(
                bytes: row.count, needed: layout.width * 4, width: layout.width, height: 1)
        }
        let pixels = converter.convert(base.assumingMemoryBound(to: UInt8.self))
        downscaler.consume(row: pixels, y: rowsReceived, x0: 0, dx: 1, count: layout.width)
        rowsReceived += 1
    }

    /// Appends `count` rows, ``PixelLayout/bytesPerRow`` apart.
    /// - Parameters:
    ///   - rows: At least `(count − 1) × bytesPerRow + width × 4` bytes.
    ///   - count: How many rows.
    /// - Throws: ``PixelBufferError`` when the buffer is short or holds more rows than remain.
    public mutating func append(rows: UnsafeRawBufferPointer, count: Int) throws {
        guard count > 0 else { return }
        guard count <= layout.height - rowsReceived else { throw PixelBufferError.tooManyRows(height: layout.height) }
        var strip = layout
        strip.height = count
        let needed = strip.minimumByteCount ?? Int.max
        guard let base = rows.baseAddress, rows.count >= needed else {
            throw PixelBufferError.bufferTooShort(bytes: rows.count, needed: needed, width: layout.width, height: count)
        }
        for i in 0..<count {
            try append(row: UnsafeRawBufferPointer(start: base + i * layout.bytesPerRow, count: layout.width * 4))
        }
    }

    /// Ends the analysis: the colours of the rows appended, which must be every row.
    /// - Throws: ``PixelBufferError/missingRows(received:height:)`` when rows are missing;
    ///   ``TitleRegionError``, ``PlaceholderError`` or ``MemoryBudgetError`` as for a decoded image.
    public consuming func finish() throws -> ColorAnalysis {
        guard rowsReceived == layout.height else {
            throw PixelBufferError.missingRows(received: rowsReceived, height: layout.height)
        }
        var images = AnalysisImages(downscaler.finish(), orientation: layout.orientation)
        converter.release()
        var description = ImageDescription(
            format: .pixels, width: layout.width, height: layout.height, orientation: layout.orientation)
        description.colorProfile = converter.profileName
        description.pictureLongSide = layout.pictureLongSide
        return try ColorAnalysis(
            analyzing: &images, described: description, options: options, quantizer: quantizer, ledger: ledger)
    }
}
