/// The pipeline's stages one by one, for the Benchmarks package (`Benchmarks/`, its own package)
/// and nothing else: visible only to `@_spi(Benchmarks) import ImageColors`.
///
/// A facade rather than `@_spi` on the stages themselves: SPI declarations are hidden from
/// `@testable import`, so the tests, which use the internal types, would lose them.
@_spi(Benchmarks) public enum BenchmarkHooks {
    /// Receives decoded RGBA rows. The pipeline's own sinks (`PixelSink`, internal) refine this
    /// protocol, so its two requirements are declared here and nowhere else.
    ///
    /// A row may be sparse: an Adam7 pass delivers every `dx`-th pixel of an image row,
    /// starting at `x0`.
    public protocol RowSink {
        /// Called once, before any row, with the size rows will arrive at (after DCT scaling).
        /// - Parameters:
        ///   - width: Decoded width.
        ///   - height: Decoded height.
        ///   - rowsInOrder: `false` when rows arrive in several passes (interlaced PNG).
        mutating func begin(width: Int, height: Int, rowsInOrder: Bool) throws
        /// Adds `count` pixels from `row` at `(x0 + i·dx, y)`.
        mutating func consume(row: UnsafePointer<UInt8>, y: Int, x0: Int, dx: Int, count: Int)
    }

    /// Decodes an image file into `sink`, as the pipeline does: the JPEG and WebP decoders may shrink
    /// by 1/2, 1/4 or 1/8 while decoding as long as the long side stays at least `minimumLongSide`
    /// (`nil`: full size). Default limits, no memory budget.
    /// - Returns: The size rows were delivered at.
    /// - Throws: ``LoadingError``, ``ImageDecodingError``, or what `sink` throws.
    @discardableResult
    public static func decode<Sink: RowSink>(
        fileAt path: String, minimumLongSide: Int?,
        into sink: inout Sink
    ) throws -> (width: Int, height: Int) {
        var options = DecodeOptions()
        options.minimumLongSide = minimumLongSide
        var adapter = SinkAdapter(sink: sink)
        defer { sink = adapter.sink }
        let info = try ImageDecoding.decode(SourceProbe(.file(path)), options: options, into: &adapter)
        return (info.decodedWidth, info.decodedHeight)
    }

    /// The pipeline's box-filter downscaler (no memory budget).
    public struct Downscaler: RowSink {
        var base: ImageColors.Downscaler

        /// A downscaler to `targetLongSide` (`nil`: keep the size).
        public init(targetLongSide: Int?) {
            base = ImageColors.Downscaler(targetLongSide: targetLongSide)
        }

        public mutating func begin(width: Int, height: Int, rowsInOrder: Bool) throws {
            try base.begin(width: width, height: height, rowsInOrder: rowsInOrder)
        }

        public mutating func consume(row: UnsafePointer<UInt8>, y: Int, x0: Int, dx: Int, count: Int) {
            base.consume(row: row, y: y, x0: x0, dx: dx, count: count)
        }

        /// The downscaled image.
        public mutating func finish() -> RGBAImage {
            base.finish()
        }
    }

    /// `analyze(_:)` without the `async` wrapper: the same pipeline on the calling thread (so
    /// that callgrind, which follows one thread, counts all of it).
    /// - Throws: As ``ImageColorAnalyzer/analyze(_:)``, except `CancellationError`.
    public static func analyzeSynchronously(_ analyzer: ImageColorAnalyzer, _ source: ImageSource) throws
        -> ColorAnalysis
    {
        try analyzer.analyzeNow(source)
    }

    /// Hands the decoder's calls on to a ``RowSink``.
    struct SinkAdapter<Sink: RowSink>: PixelSink {
        var sink: Sink

        mutating func begin(width: Int, height: Int, rowsInOrder: Bool) throws {
            try sink.begin(width: width, height: height, rowsInOrder: rowsInOrder)
        }

        mutating func consume(row: UnsafePointer<UInt8>, y: Int, x0: Int, dx: Int, count: Int) {
            sink.consume(row: row, y: y, x0: x0, dx: dx, count: count)
        }
    }
}
