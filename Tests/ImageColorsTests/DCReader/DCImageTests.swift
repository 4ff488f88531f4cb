import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// ``DCImage``'s sample arithmetic, apart from any file.
@Suite("DC reader: samples")
struct DCImageTests {
    /// jdmaster.c `prepare_range_limit_table` as libjpeg indexes it after an IDCT (`x & 1023`).
    static func libjpegRangeLimit(_ value: Int32) -> UInt8 {
        let index = Int(value & 1023)
        switch index {
        case 0..<128: return UInt8(index + 128)
        case 128..<512: return 255
        case 512..<896: return 0
        default: return UInt8(index - 896)
        }
    }

    @Test("the computed range limit is libjpeg's table at every index, and wraps as it does beyond")
    func rangeLimit() {
        // Given every value two periods either side of zero, and the extremes of Int32
        let values = Array(Int32(-2048)...2048) + [Int32.min, Int32.min + 1, Int32.max - 1, Int32.max]
        // Then each maps as libjpeg's table maps it
        let differing = values.filter { DCImage.rangeLimit($0) != Self.libjpegRangeLimit($0) }
        #expect(differing.isEmpty, "differs at \(differing.prefix(5))")
    }
}
