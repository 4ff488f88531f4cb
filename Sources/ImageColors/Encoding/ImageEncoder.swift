import CImageCodecs
import Foundation

/// Encodes small images (thumbnails) to JPEG or PNG in memory through libjpeg/libpng (via the shim).
enum ImageEncoder {
    /// The longest side JPEG stores (libjpeg's `JPEG_MAX_DIMENSION`).
    static let jpegMaximumSide = 65_500
    /// The longest side libpng writes (its default user limit, `PNG_USER_WIDTH_MAX`).
    static let pngMaximumSide = 1_000_000

    /// Encodes `image` as a baseline JPEG, compositing any transparency onto `backdrop` first
    /// (JPEG has no alpha).
    /// - Throws: ``EncodingError``.
    static func jpeg(_ image: RGBAImage, quality: Int, backdrop: RGBColor) throws(EncodingError) -> Data {
        try check(image, as: .jpeg, maximumSide: jpegMaximumSide)
        var opaque = image
        opaque.composite(onto: backdrop)
        return try encode(.jpeg, opaque) { pixels, out, size in
            ic_jpeg_encode_rgba(
                pixels, UInt32(image.width), UInt32(image.height), image.width * 4,
                Int32(min(100, max(1, quality))), out, size)
        }
    }

    /// Encodes `image` as an 8-bit RGBA PNG.
    /// - Throws: ``EncodingError``.
    static func png(_ image: RGBAImage) throws(EncodingError) -> Data {
        try check(image, as: .png, maximumSide: pngMaximumSide)
        return try encode(.png, image) { pixels, out, size in
            ic_png_encode_rgba(pixels, UInt32(image.width), UInt32(image.height), image.width * 4, out, size)
        }
    }

    /// Refuses what the encoder would refuse, before it is called.
    private static func check(_ image: RGBAImage, as format: ImageFormat, maximumSide: Int) throws(EncodingError) {
        guard image.width > 0, image.height > 0 else {
            throw .emptyImage(format, width: image.width, height: image.height)
        }
        guard max(image.width, image.height) <= maximumSide else {
            throw .tooLarge(format, width: image.width, height: image.height, limit: maximumSide)
        }
    }

    private static func encode(
        _ format: ImageFormat, _ image: RGBAImage,
        _ call: (UnsafePointer<UInt8>, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int>) ->
            ic_status
    ) throws(EncodingError) -> Data {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = image.pixels.withUnsafeBufferPointer { call($0.baseAddress!, &out, &size) }
        defer { ic_free(out) }
        let (width, height) = (image.width, image.height)
        try status.check { EncodingError($0, encoding: format, width: width, height: height) }
        guard let out else {
            throw .outOfMemory(format, width: width, height: height, detail: "the encoder returned no data")
        }
        return Data(bytes: out, count: size)
    }
}
