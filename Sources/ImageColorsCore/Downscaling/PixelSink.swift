/// Receives decoded pixels row by row, as the decoder produces them: the downscaler in the
/// pipeline, a full-image collector in tests.
///
/// Rows are RGBA8 with straight alpha. A row may be sparse: an Adam7 pass delivers every
/// `dx`-th pixel of an image row, starting at `x0`.
package protocol PixelSink {
    /// Called once, before any row, with the size rows will arrive at (after DCT scaling).
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

// Defaults for the colour-management and animation requirements: a sink that does not manage
// colour takes the RGBA rows as they are, and sees an animation's frames one over the other.
extension PixelSink {
    package var readsColorProfiles: Bool { false }

    package mutating func colorSpace(_ space: SourceColorSpace) throws -> Bool { false }

    package mutating func beginFrame(_ index: Int, share: FrameShare) {}
}
