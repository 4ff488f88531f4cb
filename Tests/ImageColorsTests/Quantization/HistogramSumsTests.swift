import TestSupport
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// The histogram's per-bin counts and channel sums against a plain count: the hot loop packs
/// each pixel's offsets within its bin into one word with a multiply, which holds only for
/// offsets of 4 bits or fewer, and takes blocks of eight pixels by several paths.
@Suite("Histogram sums")
struct HistogramSumsTests {
    @Test(
        """
        Given every triple of 4-bit offsets, pixel by pixel alternating between two bins, when counted, then every \
        bin's channel sums are the plain sums
        """,
        arguments: [3, 4, 5, 6])
    func everyOffsetTriple(bits: Int) {
        // 8,192 pixels, 128×64: bins alternate pixel by pixel, so no block of 8 is one bin and
        // each pixel is added on its own.
        var pixels: [UInt8] = []
        for i in 0..<4096 {
            let f0 = UInt8(i & 15)
            let f1 = UInt8((i >> 4) & 15)
            let f2 = UInt8(i >> 8)
            pixels += [0x50 | f0, 0x30 | f1, 0xa0 | f2, 255, 0xc0 | f2, 0x10 | f0, 0x70 | f1, 255]
        }
        let image = RGBAImage(width: 128, height: 64, pixels: pixels)
        let histogram = ColorHistogram(image: image, bitsPerChannel: bits)
        #expect(histogram.packedSums)
        expectPlainCount(histogram, of: pixels)
    }

    /// The kinds of block of eight pixels the hot loop tells apart.
    enum Block: CaseIterable {
        /// All eight in one bin: added as a run.
        case uniform
        /// The first two in one bin and opaque, the other six in others: the block's second
        /// test decides.
        case firstTwoAgree
        /// Every pixel a random colour: added pixel by pixel.
        case busy
        /// Busy, one pixel transparent: pixel by pixel with the alpha test.
        case oneTransparent
        /// All eight transparent, in one bin: a transparent run.
        case transparentRun
    }

    @Test(
        """
        Given blocks of eight that are uniform, agree only in their first two pixels, are busy, hold a transparent \
        pixel or are all transparent, in random order, when counted, then every bin's count and sums are the plain ones
        """,
        arguments: [3, 4, 5], [1, 2, 3] as [UInt64])
    func mixedBlocks(bits: Int, seed: UInt64) {
        var random = SplitMix64(seed: seed)
        func color() -> [UInt8] { (0..<3).map { _ in UInt8.random(in: 0...255, using: &random) } }
        func opaque(_ count: Int) -> [UInt8] { (0..<count).flatMap { _ in color() + [255] } }
        var pixels: [UInt8] = []
        // 125 blocks, then a tail of 3 that the loop takes one pixel at a time.
        for _ in 0..<125 {
            let base = color()
            switch Block.allCases.randomElement(using: &random)! {
            case .uniform: pixels += (0..<8).flatMap { _ in base + [255] }
            case .firstTwoAgree: pixels += base + [255] + base + [200] + opaque(6)
            case .busy: pixels += opaque(8)
            case .oneTransparent: pixels += (0..<8).flatMap { i in color() + [i == 5 ? 127 : 128] }
            case .transparentRun: pixels += (0..<8).flatMap { _ in base + [0] }
            }
        }
        pixels += opaque(3)
        let image = RGBAImage(width: 1003, height: 1, pixels: pixels)
        expectPlainCount(ColorHistogram(image: image, bitsPerChannel: bits), of: pixels)
    }

    /// Expects `histogram` to hold exactly the plain count of the pixels (RGBA) whose alpha is at
    /// least ``ColorHistogram/minimumAlpha``.
    private func expectPlainCount(
        _ histogram: ColorHistogram, of pixels: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var expected: [Int: (count: Int, red: Int, green: Int, blue: Int)] = [:]
        for p in stride(from: 0, to: pixels.count, by: 4) where pixels[p + 3] >= ColorHistogram.minimumAlpha {
            let color = RGBColor(red: pixels[p], green: pixels[p + 1], blue: pixels[p + 2])
            var sums = expected[histogram.binIndex(of: color), default: (0, 0, 0, 0)]
            sums.count += 1
            sums.red += Int(color.red)
            sums.green += Int(color.green)
            sums.blue += Int(color.blue)
            expected[histogram.binIndex(of: color)] = sums
        }
        #expect(histogram.pixelCount == expected.values.reduce(0) { $0 + $1.count }, sourceLocation: sourceLocation)
        #expect(histogram.occupiedBinCount == expected.count, sourceLocation: sourceLocation)
        for (bin, sums) in expected {
            let counted = histogram.channelSums(ofBin: bin)
            #expect(histogram.count(ofBin: bin) == sums.count, "bin \(bin)", sourceLocation: sourceLocation)
            #expect(
                counted.red == sums.red && counted.green == sums.green && counted.blue == sums.blue, "bin \(bin)",
                sourceLocation: sourceLocation)
        }
    }
}
