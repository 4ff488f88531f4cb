import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// The histogram's per-bin channel sums against a plain count: the hot loop packs each pixel's
/// offsets within its bin into one word with a multiply, which holds only for offsets of 4 bits
/// or fewer.
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
        var expected: [Int: (count: Int, red: Int, green: Int, blue: Int)] = [:]
        for p in stride(from: 0, to: pixels.count, by: 4) {
            let color = RGBColor(red: pixels[p], green: pixels[p + 1], blue: pixels[p + 2])
            var sums = expected[histogram.binIndex(of: color), default: (0, 0, 0, 0)]
            sums.count += 1
            sums.red += Int(color.red)
            sums.green += Int(color.green)
            sums.blue += Int(color.blue)
            expected[histogram.binIndex(of: color)] = sums
        }
        #expect(histogram.occupiedBinCount == expected.count)
        for (bin, sums) in expected {
            let counted = histogram.channelSums(ofBin: bin)
            #expect(histogram.count(ofBin: bin) == sums.count)
            #expect(counted.red == sums.red && counted.green == sums.green && counted.blue == sums.blue, "bin \(bin)")
        }
    }
}
