import Foundation

// What the colour-quality report (Benchmarks/Sources/imagecolors-quality) needs besides the
// public API: the full decoded image, and the encoders, to make re-encoded and cropped copies.
@_spi(Benchmarks) extension BenchmarkHooks {
    /// Decodes an image file at full size, as stored (EXIF orientation not applied, no
    /// colour management), with default limits and no memory budget.
    /// - Throws: ``LoadingError`` or ``ImageDecodingError``.
    public static func decodeFullSize(fileAt path: String) throws -> RGBAImage {
        var downscaler = Downscaler(targetLongSide: nil)
        try decode(fileAt: path, minimumLongSide: nil, into: &downscaler)
        return downscaler.finish()
    }

    /// Encodes an image as a baseline JPEG at `quality` (1–100), transparency composited onto
    /// `backdrop`.
    /// - Throws: ``ImageDecodingError`` when the image is empty or libjpeg fails.
    public static func encodeJPEG(_ image: RGBAImage, quality: Int, backdrop: RGBColor) throws -> Data {
        try ImageEncoder.jpeg(image, quality: quality, backdrop: backdrop)
    }

    /// Encodes an image as an 8-bit RGBA PNG.
    /// - Throws: ``ImageDecodingError`` when the image is empty or libpng fails.
    public static func encodePNG(_ image: RGBAImage) throws -> Data {
        try ImageEncoder.png(image)
    }
}
