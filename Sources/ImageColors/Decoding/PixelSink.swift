import CImageCodecs

/// Receives decoded pixels row by row, as the decoder produces them: the downscaler in the
/// pipeline, a full-image collector in tests.
///
/// Rows are RGBA8. A row may be sparse: an Adam7 pass delivers every `dx`-th pixel of an
/// image row, starting at `x0`.
protocol PixelSink {
    /// Called once, before any row, with the size rows will arrive at (after any DCT scaling).
    /// - Parameters:
    ///   - width: Decoded width.
    ///   - height: Decoded height.
    ///   - rowsInOrder: `false` when rows arrive in several passes (interlaced PNG).
    mutating func begin(width: Int, height: Int, rowsInOrder: Bool) throws
    /// Adds `count` pixels from `row` at `(x0 + i·dx, y)`.
    mutating func consume(row: UnsafePointer<UInt8>, y: Int, x0: Int, dx: Int, count: Int)
    /// Whether the decoder should read embedded colour profiles for this sink (default `false`;
    /// see SourceColorSpace.swift).
    var readsColorProfiles: Bool { get }
    /// Called once, before `begin`, with what the file says about its colours (default: ignored).
    /// - Returns: `true` to take a `.cmyk` image's rows as 4-byte CMYK as stored (C, M, Y, K;
    ///   inverted when `adobeInverted`) instead of RGBA; ignored for other colour spaces.
    mutating func colorSpace(_ space: SourceColorSpace) throws -> Bool
    /// When every frame of an animation is counted (``FramePolicy/all``): called after `begin`
    /// and before each frame's rows, which then cover the whole image again, in order. `share`
    /// says which output pixels the frame fills. Never called for a single frame (default:
    /// ignored, so a sink that ignores it sees the frames one over the other).
    mutating func beginFrame(_ index: Int, share: FrameShare)
}

/// What decoding found, besides the pixels.
struct DecodedImageInfo: Sendable, Hashable {
    /// The sniffed format.
    var format: ImageFormat
    /// Stored width, before orientation and scaling.
    var width: Int
    /// Stored height, before orientation and scaling.
    var height: Int
    /// The EXIF orientation, `.up` when none.
    var orientation: Orientation
    /// Width of the rows handed to the sink.
    var decodedWidth: Int
    /// Height of the rows handed to the sink.
    var decodedHeight: Int
    /// Which decoder produced the rows.
    var decoder: DecoderKind = .library
    /// For an animated GIF or WebP: its frames and how many were counted; `nil` for a still image.
    var frames: FrameReport?
}

/// The decoders behind ``DecodedImageInfo``.
enum DecoderKind: String, Sendable, Hashable {
    /// libjpeg or libpng, through the C shim.
    case library
    /// The Swift reader of a progressive JPEG's DC scans, at 1/8 scale.
    case progressiveDC = "progressive-dc"
    /// The Swift reader of a sequential (baseline) JPEG's DC coefficients, at 1/8 scale.
    case sequentialDC = "sequential-dc"
}

/// How to decode.
struct DecodeOptions {
    /// The decoder may reduce the image while decoding (libjpeg's DCT scaling) as long as its
    /// long side stays at least this; `nil` decodes at full size.
    var minimumLongSide: Int?
    /// When a progressive JPEG's libjpeg buffer would not fit the budget, the DC reader may still
    /// take it at 1/8 as long as the long side stays at least this; `nil` means half of
    /// ``minimumLongSide`` (the analyzer asks for twice its target, libvips' rule, so half is
    /// the target itself: the result is never upscaled, only averaged from fewer pixels).
    var budgetFallbackLongSide: Int?
    /// Turns libjpeg warnings ("premature end of data") into errors.
    var warningsAreErrors = true
    /// Header limits, the scan cap and the decode timeout.
    var limits = ImageLimits.default
    /// Where the decoder reserves its buffers; `nil` for no budget.
    var ledger: MemoryLedger?
    /// Checks cancellation and the deadline every this many rows.
    var checkInterval = 64
    /// Which frames of an animated GIF or WebP to decode.
    var frames = FramePolicy.first
}

/// The moment decoding must stop, on the shim's monotonic clock.
struct DecodeDeadline {
    /// Nanoseconds on `ic_monotonic_ns()`.
    let nanoseconds: Int64
    let timeout: Duration

    /// A deadline `timeout` from now.
    init(timeout: Duration) {
        self.timeout = timeout
        nanoseconds = ic_monotonic_ns() + timeout.timeoutNanoseconds
    }

    /// Throws when the deadline has passed or the task was cancelled.
    func check(_ format: ImageFormat) throws {
        try Task.checkCancellation()
        if ic_monotonic_ns() > nanoseconds { throw ImageDecodingError.timedOut(format, after: timeout) }
    }
}
