import Foundation

extension RGBAImage {
    /// The image as an 8-bit RGBA PNG (libpng, through the shim): e.g. a placeholder drawn by
    /// ``ThumbHash/image(from:)`` to embed in a page.
    /// - Throws: ``ImageDecodingError`` when the image is empty or libpng fails.
    public func pngData() throws -> Data {
        try ImageEncoder.png(self)
    }
}
