import CImageCodecs
import Foundation

/// Encodes small images (thumbnails) to JPEG or PNG in memory through libjpeg/libpng (via the shim).
enum ImageEncoder {
    /// Encodes `image` as a baseline JPEG, compositing any transparency onto `backdrop` first
    /// (JPEG has no alpha).
    static func jpeg(_ image: RGBAImage, quality: Int, backdrop: RGBColor) throws(ImageDecodingError) -> Data {
        var opaque = image
        opaque.composite(onto: backdrop)
        return try encode(.jpeg, opaque.pixels, image.width, image.height) { pixels, out, size in
            ic_jpeg_encode_rgba(
                pixels, UInt32(image.width), UInt32(image.height), image.width * 4,
                Int32(min(100, max(1, quality))), out, size)
        }
    }

    /// Encodes `image` as an 8-bit RGBA PNG.
    static func png(_ image: RGBAImage) throws(ImageDecodingError) -> Data {
        try encode(.png, image.pixels, image.width, image.height) { pixels, out, size in
            ic_png_encode_rgba(pixels, UInt32(image.width), UInt32(image.height), image.width * 4, out, size)
        }
    }

    private static func encode(
        _ format: ImageFormat, _ pixels: [UInt8], _ width: Int, _ height: Int,
        _ call: (UnsafePointer<UInt8>, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int>) ->
            ic_status
    ) throws(ImageDecodingError) -> Data {
        guard width > 0, height > 0 else { throw .corrupt(format, detail: "cannot encode an empty image") }
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = pixels.withUnsafeBufferPointer { call($0.baseAddress!, &out, &size) }
        defer { ic_free(out) }
        try status.check(format) { "out of memory while encoding" }
        guard let out else { throw .outOfMemory(format, detail: "the encoder returned no data") }
        return Data(bytes: out, count: size)
    }
}
