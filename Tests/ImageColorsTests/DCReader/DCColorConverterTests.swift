import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// The YCbCr rows that go through chroma offsets against the general per-pixel conversion
/// (libjpeg's tables), which the djpeg oracle tests check on whole files.
@Suite("DC reader: YCbCr through chroma offsets")
struct DCColorConverterTests {
    static let converter = DCColorConverter(colorSpace: .yCbCr, invertedCMYK: false, rawCMYK: false)

    /// Converts `luma` with chroma samples `blue` and `red` (each covering `factor` pixels) both
    /// ways: the general loop (samples repeated across first, as DCRowWriter's general path
    /// does) and the offsets.
    static func bothWays(luma: [UInt8], blue: [UInt8], red: [UInt8], factor: Int) -> (
        general: [UInt8], offsets: [UInt8]
    ) {
        let width = luma.count
        func spread(_ samples: [UInt8]) -> [UInt8] { (0..<width).map { samples[$0 / factor] } }
        var lumaRow = luma
        var blueRow = spread(blue)
        var redRow = spread(red)
        var general = [UInt8](repeating: 0, count: 4 * width)
        var viaOffsets = general
        lumaRow.withUnsafeMutableBufferPointer { y in
            blueRow.withUnsafeMutableBufferPointer { cb in
                redRow.withUnsafeMutableBufferPointer { cr in
                    general.withUnsafeMutableBufferPointer { out in
                        converter.convert(
                            [y.baseAddress!, cb.baseAddress!, cr.baseAddress!], into: out.baseAddress!, width: width)
                    }
                }
            }
        }
        let offsets = DCColorConverter.ChromaOffsets(width: width)
        defer { offsets.deallocate() }
        blue.withUnsafeBufferPointer { cb in
            red.withUnsafeBufferPointer { cr in
                offsets.load(blue: cb.baseAddress!, red: cr.baseAddress!, repeat: factor)
            }
        }
        luma.withUnsafeBufferPointer { y in
            viaOffsets.withUnsafeMutableBytes {
                DCColorConverter.convert(luma: y.baseAddress!, offsets: offsets, into: $0.baseAddress!)
            }
        }
        return (general, viaOffsets)
    }

    @Test(
        """
        every luma value with Cb and Cr on a grid of every third value (ends included) converts as the general loop \
        does
        """
    )
    func everyValue() {
        // Given rows of all 256 luma values, one row per (Cb, Cr) pair of the grid
        let grid = Array(stride(from: 0, through: 255, by: 3))
        var differing: [(Int, Int)] = []
        for cb in grid {
            for cr in grid {
                // When both ways convert it
                let (general, viaOffsets) = Self.bothWays(
                    luma: Array(0...255), blue: [UInt8](repeating: UInt8(cb), count: 256),
                    red: [UInt8](repeating: UInt8(cr), count: 256), factor: 1)
                if general != viaOffsets { differing.append((cb, cr)) }
            }
        }
        // Then every byte agrees
        #expect(differing.isEmpty, "differs for (Cb, Cr) \(differing.prefix(5))")
    }

    @Test(
        "a chroma sample covers `factor` pixels, the last one only those left in an odd width",
        arguments: [(7, 2), (9, 4), (1, 2), (5, 1)])
    func partialLastSample(width: Int, factor: Int) {
        // Given distinct chroma samples, one per group of `factor` pixels, the last group short
        let samples = (width + factor - 1) / factor
        let blue = (0..<samples).map { UInt8(40 + 50 * $0 % 200) }
        let red = (0..<samples).map { UInt8(220 - 45 * $0 % 200) }
        let luma = (0..<width).map { UInt8(30 + 27 * $0 % 200) }
        // When both ways convert the row
        let (general, viaOffsets) = Self.bothWays(luma: luma, blue: blue, red: red, factor: factor)
        // Then they agree, pixel for pixel
        #expect(general == viaOffsets)
    }
}
