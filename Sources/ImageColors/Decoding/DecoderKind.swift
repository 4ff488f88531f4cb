/// The decoders behind ``DecodedImageInfo``.
enum DecoderKind: String, Sendable, Hashable {
    /// libjpeg, libpng, libwebp, giflib or libheif (the whole image), through the C shim.
    case library
    /// The Swift reader of a progressive JPEG's DC scans, at 1/8 scale.
    case progressiveDC = "progressive-dc"
    /// The Swift reader of a sequential (baseline) JPEG's DC coefficients, at 1/8 scale.
    case sequentialDC = "sequential-dc"
    /// libheif decoding a HEIC or AVIF file's embedded thumbnail instead of its image.
    case heifThumbnail = "heif-thumbnail"
}
