/// Limits checked from the image header alone, before any pixel work, and the decode deadline.
///
/// The defaults admit every real photo (a 150 MP medium-format frame is 14204×10652) while
/// refusing decompression bombs at once. For comparison: Pillow warns above 89 MP and refuses
/// 179 MP; ImageMagick's stock policy caps sides at 16 K and area at 128 MP; libvips sets no
/// limit because it streams, as ImageColors does. Streaming keeps memory independent of the
/// pixel count (the budget guards the rest), so the pixel limit bounds *time*: decoding
/// 250 MP takes seconds, not minutes.
public struct ImageLimits: Sendable, Hashable {
    /// The longest side accepted, in pixels; default 65 500 (JPEG's own maximum).
    public var maxSide: Int
    /// The most pixels accepted; default 250 000 000 (250 MP, e.g. 20 000 × 12 500).
    public var maxPixels: Int
    /// The most scans a JPEG may have; default 100 (Chromium's cap). Each scan of a progressive
    /// file is a full pass over the coefficient buffer, so a flood of tiny scans is a DoS.
    public var maxScans: Int
    /// How long decoding one image may take; default 10 seconds.
    public var decodeTimeout: Duration
    /// The most frames an animated GIF, WebP or APNG may have when every frame is counted
    /// (``FramePolicy/all``); default 1 000 (a 40-second GIF at 25 frames a second). Checked
    /// from the file's frame headers before any frame is decoded; the default policy reads only
    /// the first frame and never checks it.
    public var maxFrames: Int
    /// The most pixels counting every frame of an animation may produce, default 500 000 000
    /// (500 MP): the frames' own areas added up (what the decoder decompresses) and the canvas
    /// area once per frame (what is composited and downscaled) must each stay within it.
    /// Checked with ``maxFrames``, before any frame is decoded: a few seconds of work at most.
    public var maxAnimationPixels: Int

    /// Creates limits.
    /// - Parameters:
    ///   - maxSide: Default 65 500.
    ///   - maxPixels: Default 250 000 000 (250 MP).
    ///   - maxScans: Default 100.
    ///   - decodeTimeout: Default 10 seconds.
    ///   - maxFrames: Default 1 000.
    ///   - maxAnimationPixels: Default 500 000 000 (500 MP).
    public init(
        maxSide: Int = 65_500, maxPixels: Int = 250_000_000, maxScans: Int = 100,
        decodeTimeout: Duration = .seconds(10), maxFrames: Int = 1_000,
        maxAnimationPixels: Int = 500_000_000
    ) {
        self.maxSide = maxSide
        self.maxPixels = maxPixels
        self.maxScans = maxScans
        self.decodeTimeout = decodeTimeout
        self.maxFrames = maxFrames
        self.maxAnimationPixels = maxAnimationPixels
    }

    /// The default limits.
    public static let `default` = ImageLimits()

    /// "250 MP", "89.5 MP", "1000 pixel" (decimal megapixels, as cameras count them).
    package static func pixelCount(_ pixels: Int) -> String {
        guard pixels >= 1_000_000 else { return "\(pixels) pixel" }
        let tenths = (pixels + 50_000) / 100_000
        return tenths % 10 == 0 ? "\(tenths / 10) MP" : "\(tenths / 10).\(tenths % 10) MP"
    }
}
