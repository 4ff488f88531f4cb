/// Decides the colours of a card from pixels the caller already has: the core's entry point,
/// for apps whose platform decodes and downsamples images itself (ImageIO's thumbnails,
/// Android's `inSampleSize`, a browser canvas).
///
/// ```swift
/// let analyzer = PixelAnalyzer(options: AnalysisOptions(quality: .high))
/// let layout = PixelLayout(width: 2, height: 1, alpha: .premultiplied)
/// let colors = try analyzer.analyze([255, 0, 0, 255, 0, 0, 255, 255], layout: layout)
/// print(colors.background.hex, colors.title.text)
/// ```
///
/// The pixels go through the same steps as a decoded file's rows in `ImageColors`: converted to
/// sRGB and straight alpha, downscaled to ``AnalysisOptions/quality``'s size by the same box
/// filter, turned upright, then counted. Handed the rows a decoder gives, it answers exactly
/// what `ImageColorAnalyzer` answers for the file (`PixelAnalyzerEqualityTests`).
///
/// It runs on the calling thread, and holds at most ``AnalysisOptions/memoryBudget`` besides the
/// caller's buffer (the downscaler's rows, quantization, placeholders). Options that concern
/// decoding (``AnalysisOptions/strictDecoding``, ``AnalysisOptions/frames``, the decode timeout)
/// do not apply to pixels; ``AnalysisOptions/colorManagement`` `false` takes every buffer as sRGB.
public struct PixelAnalyzer: Sendable {
    /// The options every analysis uses.
    public var options: AnalysisOptions

    /// Creates an analyzer.
    /// - Parameter options: Default `AnalysisOptions()`: every option at its default.
    public init(options: AnalysisOptions = AnalysisOptions()) {
        self.options = options
    }

    /// Analyses a whole buffer.
    /// - Parameters:
    ///   - pixels: At least ``PixelLayout/minimumByteCount`` bytes, laid out as `layout` says.
    ///   - layout: The buffer's size, row stride, alpha, colour space and orientation.
    /// - Throws: ``PixelBufferError`` when the layout or the buffer is unusable;
    ///   ``MemoryBudgetError`` when the analysis does not fit the budget; ``TitleRegionError`` or
    ///   ``PlaceholderError`` as for a decoded image.
    public func analyze(_ pixels: UnsafeRawBufferPointer, layout: PixelLayout) throws -> ColorAnalysis {
        try layout.validate(limits: options.limits)
        let needed = layout.minimumByteCount ?? Int.max
        guard let base = pixels.baseAddress, pixels.count >= needed else {
            throw PixelBufferError.bufferTooShort(
                bytes: pixels.count, needed: needed, width: layout.width, height: layout.height)
        }
        var stream = try stream(layout)
        for y in 0..<layout.height {
            try stream.append(
                row: UnsafeRawBufferPointer(start: base + y * layout.bytesPerRow, count: layout.width * 4))
        }
        return try stream.finish()
    }

    /// Analyses a whole buffer held in an array.
    /// - Parameters:
    ///   - pixels: At least ``PixelLayout/minimumByteCount`` bytes, laid out as `layout` says.
    ///   - layout: The buffer's size, row stride, alpha, colour space and orientation.
    /// - Throws: As the buffer-pointer `analyze(_:layout:)`.
    public func analyze(_ pixels: [UInt8], layout: PixelLayout) throws -> ColorAnalysis {
        try pixels.withUnsafeBytes { try analyze($0, layout: layout) }
    }

    /// Starts an analysis fed row by row, for a caller that decodes in strips: rows are
    /// downscaled as they arrive, so the whole image is never held.
    /// - Parameter layout: The image's size, alpha, colour space and orientation (its
    ///   ``PixelLayout/bytesPerRow`` is used by ``PixelStream/append(rows:count:)``).
    /// - Throws: ``PixelBufferError`` when the layout is unusable; ``MemoryBudgetError`` when the
    ///   downscaler or quantization does not fit the budget.
    public func stream(_ layout: PixelLayout) throws -> PixelStream {
        try layout.validate(limits: options.limits)
        return try PixelStream(layout: layout, options: options)
    }
}
