/// Receives decoded pixels row by row, as the decoder produces them: the downscaler in the
/// pipeline, a full-image collector in tests.
///
/// Rows are RGBA8. A row may be sparse: an Adam7 pass delivers every `dx`-th pixel of an
/// image row, starting at `x0`. The two row requirements, `begin(width:height:rowsInOrder:)`
/// and `consume(row:y:x0:dx:count:)`, are declared once, by ``BenchmarkHooks/RowSink`` (what
/// the benchmarks see of a sink); this protocol adds what only the pipeline's own sinks use.
protocol PixelSink: BenchmarkHooks.RowSink {
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

// Defaults for the colour-management and animation requirements: a sink that does not manage
// colour takes the RGBA rows as they are, and sees an animation's frames one over the other.
extension PixelSink {
    var readsColorProfiles: Bool { false }

    mutating func colorSpace(_ space: SourceColorSpace) throws -> Bool { false }

    mutating func beginFrame(_ index: Int, share: FrameShare) {}
}
