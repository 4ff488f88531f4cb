import Foundation
@_spi(Benchmarks) import ImageColors

/// The copies of an image that should not change its colours: re-encoded as JPEG quality 75,
/// and cropped by its first row and column (which also shifts every downscaling cell).
struct Variants {
    var reencoded: String?
    var cropped: String?
    /// For an image with transparent pixels, a lossless copy flattened onto white: what the JPEG
    /// copy (which cannot keep alpha) is compared with, so that the row measures re-encoding, not
    /// the loss of transparency (transparent edges give a neutral fallback background; white
    /// edges give white).
    var flattened: String?

    /// Writes the copies of `path` into `folder` (named after `key`).
    static func make(_ path: String, key: String, in folder: String) -> Variants {
        guard let full = try? BenchmarkHooks.decodeFullSize(fileAt: path) else { return Variants() }
        var variants = Variants()
        // Transparency goes onto white, as a card would show it.
        if let data = try? BenchmarkHooks.encodeJPEG(full, quality: 75, backdrop: .white) {
            let file = folder + "/" + key + "-q75.jpg"
            if FileManager.default.createFile(atPath: file, contents: data) { variants.reencoded = file }
        }
        if full.pixels.enumerated().contains(where: { $0.offset % 4 == 3 && $0.element < 255 }) {
            var flat = full
            flat.composite(onto: .white)
            if let data = try? BenchmarkHooks.encodePNG(flat) {
                let file = folder + "/" + key + "-flat.png"
                if FileManager.default.createFile(atPath: file, contents: data) { variants.flattened = file }
            }
        }
        if full.width >= 2, full.height >= 2, let data = try? BenchmarkHooks.encodePNG(full.croppingFirstRowAndColumn())
        {
            let file = folder + "/" + key + "-crop.png"
            if FileManager.default.createFile(atPath: file, contents: data) { variants.cropped = file }
        }
        return variants
    }
}

extension RGBAImage {
    /// The image without its first row and first column.
    func croppingFirstRowAndColumn() -> RGBAImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity((width - 1) * (height - 1) * 4)
        for y in 1..<height {
            pixels += self.pixels[((y * width + 1) * 4)..<((y + 1) * width * 4)]
        }
        return RGBAImage(width: width - 1, height: height - 1, pixels: pixels)
    }
}
