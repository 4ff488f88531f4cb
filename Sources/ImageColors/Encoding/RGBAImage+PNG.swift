import Foundation

extension RGBAImage {
    /// The image as an 8-bit RGBA PNG (libpng, through the shim): e.g. a placeholder drawn by
    /// `ThumbHash.image(from:)` to embed in a page.
    /// - Throws: ``EncodingError`` when the image is empty, too large for PNG, or libpng fails.
    public func pngData() throws -> Data {
        try ImageEncoder.png(self)
    }
}
