import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// The box filter: exact averages, alpha weighting, odd sizes, and pass order.
@Suite("Downscaler")
struct DownscalerTests {
    /// Feeds `image` row by row (or in the given row order) and returns the output.
    static func downscale(_ image: RGBAImage, to target: Int?, rowOrder: [Int]? = nil) throws -> RGBAImage {
        var downscaler = Downscaler(targetLongSide: target)
        try downscaler.begin(width: image.width, height: image.height, rowsInOrder: rowOrder == nil)
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in rowOrder ?? Array(0..<image.height) {
                downscaler.consume(
                    row: pixels.baseAddress! + y * image.width * 4, y: y, x0: 0, dx: 1, count: image.width)
            }
        }
        return downscaler.finish()
    }

    @Test("output size keeps the aspect ratio and never enlarges")
    func outputSize() {
        #expect(Downscaler.outputSize(width: 6000, height: 4000, targetLongSide: 250) == (250, 167))
        #expect(Downscaler.outputSize(width: 4000, height: 6000, targetLongSide: 250) == (167, 250))
        #expect(Downscaler.outputSize(width: 100, height: 1, targetLongSide: 50) == (50, 1))
        #expect(Downscaler.outputSize(width: 10000, height: 1, targetLongSide: 50) == (50, 1))
        #expect(Downscaler.outputSize(width: 200, height: 100, targetLongSide: 250) == (200, 100))
        #expect(Downscaler.outputSize(width: 200, height: 100, targetLongSide: nil) == (200, 100))
    }

    @Test("a 2×2 block becomes its rounded mean")
    func average() throws {
        var image = RGBAImage(width: 2, height: 2, filledWith: .black)
        image[0, 0] = (10, 20, 30, 255)
        image[1, 0] = (20, 30, 40, 255)
        image[0, 1] = (30, 40, 50, 255)
        image[1, 1] = (41, 51, 61, 255)
        let out = try Self.downscale(image, to: 1)
        #expect(out.width == 1 && out.height == 1)
        // (10+20+30+41)/4 = 25.25 → 25; (20+30+40+51)/4 = 35.25; (30+40+50+61)/4 = 45.25
        #expect(out[0, 0] == (25, 35, 45, 255))
    }

    @Test("transparent pixels add no colour, and a transparent box stays transparent")
    func alphaWeighting() throws {
        // Given a 4×2 image: the left 2×2 box has one opaque red pixel and three transparent
        // ones; the right box is fully transparent
        var image = RGBAImage(width: 4, height: 2, filledWith: .black, alpha: 0)
        image[0, 0] = (255, 0, 0, 255)
        let out = try Self.downscale(image, to: 2)
        #expect(out.width == 2 && out.height == 1)
        // Then the left pixel is pure red at a quarter alpha, not a dark red
        #expect(out[0, 0] == (255, 0, 0, 64))
        #expect(out[1, 0] == (0, 0, 0, 0))
    }

    @Test("half-transparent pixels weigh half")
    func partialAlpha() throws {
        var image = RGBAImage(width: 2, height: 1, filledWith: .black)
        image[0, 0] = (200, 0, 0, 255)
        image[1, 0] = (0, 0, 200, 85)
        let out = try Self.downscale(image, to: 1)
        // red: 200·255 / 340 = 150; blue: 200·85 / 340 = 50; alpha: 340 / 2 = 170
        #expect(out[0, 0] == (150, 0, 50, 170))
    }

    @Test(
        "odd sizes: every input pixel counts exactly once",
        arguments: [(7, 5, 3), (101, 37, 10), (13, 13, 4), (250, 3, 50)])
    func oddSizes(width: Int, height: Int, target: Int) throws {
        // Given an image whose pixel values encode their column, so sums are checkable
        var image = RGBAImage(width: width, height: height, filledWith: .black)
        for y in 0..<height { for x in 0..<width { image[x, y] = (UInt8(x % 256), UInt8(y % 256), 7, 255) } }
        let out = try Self.downscale(image, to: target)
        let expected = Downscaler.outputSize(width: width, height: height, targetLongSide: target)
        #expect(out.width == expected.width && out.height == expected.height)
        // Then a constant channel stays constant and every box is opaque
        for y in 0..<out.height {
            for x in 0..<out.width {
                #expect(out[x, y].blue == 7 && out[x, y].alpha == 255)
            }
        }
        // And the first output column averages the first ⌊W/w⌋ input columns
        let firstBox = width / out.width
        let meanX = Double((0..<firstBox).reduce(0, +)) / Double(firstBox)
        #expect(abs(Double(out[0, 0].red) - meanX) <= 0.5)
    }

    @Test("rows fed in Adam7-like pass order give the same image as rows in order")
    func passOrder() throws {
        var image = RGBAImage(width: 40, height: 30, filledWith: .black)
        for y in 0..<30 {
            for x in 0..<40 {
                image[x, y] = (UInt8(x * 6), UInt8(y * 8), UInt8((x * y) % 256), UInt8(128 + (x % 2) * 127))
            }
        }
        let order =
            Array(stride(from: 0, to: 30, by: 8)) + Array(stride(from: 4, to: 30, by: 8))
            + Array(stride(from: 2, to: 30, by: 4)) + Array(stride(from: 1, to: 30, by: 2))
        #expect(Set(order).count == 30)
        #expect(try Self.downscale(image, to: 9, rowOrder: order) == Self.downscale(image, to: 9))
    }

    @Test("no downscale keeps the pixels")
    func identity() throws {
        var image = RGBAImage(width: 3, height: 2, filledWith: RGBColor(red: 1, green: 2, blue: 3))
        image[2, 1] = (9, 8, 7, 255)
        #expect(try Self.downscale(image, to: nil) == image)
    }
}
