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
    /// For an animated GIF, WebP or PNG (APNG): its frames and how many were counted; `nil` for a still image.
    var frames: FrameReport?
}
