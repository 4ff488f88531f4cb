import Testing

@testable import ImageColorsCore

/// Whole rows (`x0` 0, every column) are summed box by box, opaque images two pixels at a time
/// in the 16-bit lanes of a word; rows handed over in pieces take the per-pixel rule. Both must
/// give the same image to the bit.
@Suite("Downscaler: whole rows")
struct DownscalerWholeRowTests {
    /// Feeds each row of `image` whole, or in two pieces (which takes the per-pixel rule).
    static func downscale(_ image: RGBAImage, to target: Int, inPieces: Bool) throws -> RGBAImage {
        var downscaler = Downscaler(targetLongSide: target)
        try downscaler.begin(width: image.width, height: image.height, rowsInOrder: true)
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<image.height {
                let row = pixels.baseAddress! + y * image.width * 4
                if inPieces {
                    let half = image.width / 2
                    downscaler.consume(row: row, y: y, x0: 0, dx: 1, count: half)
                    downscaler.consume(row: row + half * 4, y: y, x0: half, dx: 1, count: image.width - half)
                } else {
                    downscaler.consume(row: row, y: y, x0: 0, dx: 1, count: image.width)
                }
            }
        }
        return downscaler.finish()
    }

    /// A `width`×`height` image of pseudo-random bytes; opaque unless `alphaFrom` names a row
    /// from which on some pixels are translucent.
    static func noise(width: Int, height: Int, alphaFrom: Int? = nil) -> RGBAImage {
        var state: UInt32 = 2_463_534_242
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for i in pixels.indices {
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            if i % 4 != 3 {
                pixels[i] = UInt8(truncatingIfNeeded: state)
            } else if let alphaFrom, i / 4 / width >= alphaFrom, state % 3 == 0 {
                pixels[i] = UInt8(truncatingIfNeeded: state >> 8)
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    @Test(
        "Given an opaque image, when its rows come whole or in pieces, then the two images are the same",
        arguments: [
            (4032, 61, 250), // a photo's boxes: 16 columns, 2 at a time
            (1003, 17, 250), // boxes of 4 and 5 columns: a tail of one
            (7, 5, 3), // boxes of two and three pixels
            (3000, 3, 2), // boxes of 1 500 columns: far wider than the 16-bit lanes hold
            (1026, 4, 2), // boxes of 513 columns: one past the lanes' limit
            (1024, 4, 2), // boxes of 512 columns: the lanes' limit, full
        ])
    func opaque(width: Int, height: Int, target: Int) throws {
        // Given an opaque image of noise (the largest sums for its box sizes)
        let image = Self.noise(width: width, height: height)
        // When it is shrunk from whole rows and from rows in pieces
        let whole = try Self.downscale(image, to: target, inPieces: false)
        let pieces = try Self.downscale(image, to: target, inPieces: true)
        // Then the images are the same
        #expect(whole == pieces)
        #expect(whole.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
    }

    @Test(
        "Given a white image, when shrunk from whole rows, then every box is white: the lanes do not overflow",
        arguments: [1024, 1032])
    func white(width: Int) throws {
        // Given boxes of 512 columns of 255s (the most the 16-bit lanes hold: 256 × 255), or of
        // 516 (two words more, which must take the general rule)
        let image = RGBAImage(width: width, height: 2, filledWith: .white)
        // When shrunk to 2×1
        let out = try Self.downscale(image, to: 2, inPieces: false)
        // Then both boxes are white and opaque
        #expect(out.pixels == [UInt8](repeating: 255, count: 8))
    }

    @Test(
        "Given translucent pixels from some row on, when rows come whole or in pieces, then the images are the same",
        arguments: [0, 30, 59])
    func translucent(from row: Int) throws {
        // Given a noise image whose rows from `row` on have translucent pixels
        let image = Self.noise(width: 4032, height: 61, alphaFrom: row)
        // When it is shrunk from whole rows and from rows in pieces
        let whole = try Self.downscale(image, to: 250, inPieces: false)
        let pieces = try Self.downscale(image, to: 250, inPieces: true)
        // Then the images are the same, and some output pixels are translucent
        #expect(whole == pieces)
        #expect(whole.pixels.enumerated().contains { $0.offset % 4 == 3 && $0.element < 255 })
    }
}
