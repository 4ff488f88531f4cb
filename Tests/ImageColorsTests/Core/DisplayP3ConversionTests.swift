import Foundation
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// The core's Display P3 input, converted in Swift, against LittleCMS converting an embedded
/// Display P3 profile.
@Suite("Core: Display P3 pixels")
struct DisplayP3ConversionTests {
    @Test("within one level of LittleCMS and the Display P3 ICC profile on every colour of an 86³ grid")
    func matchesLittleCMS() throws {
        // Given the grid converted by LittleCMS from the Display P3 profile
        let context = try LCMSContext(ledger: nil)
        let profile = try ColorProfile(try ColorFixtures.data("display-p3.icc"), context: context)
        let reference = try MatrixShaperConversionTests.convert(profile, direct: false)
        // When the core converts it from its own primaries
        let grid = MatrixShaperConversionTests.grid
        var converted = [UInt8](repeating: 0, count: grid.count)
        let conversion = try DisplayP3Conversion(ledger: nil)
        grid.withUnsafeBufferPointer { conversion.convert($0.baseAddress!, into: &converted, count: grid.count / 4) }
        // Then no channel differs by more than one level, and alpha is carried over
        let (largest, differing) = MatrixShaperConversionTests.channelDifferences(converted, reference)
        #expect(largest <= 1)
        #expect(differing * 100 <= converted.count / 4 * 3, "\(differing) channel values differ")
        #expect(stride(from: 3, to: grid.count, by: 4).allSatisfy { converted[$0] == grid[$0] })
    }

    @Test("a Display P3 PNG's untagged pixels, tagged Display P3 in the layout, get the pipeline's colours")
    func taggedBuffer() throws {
        // Given a PNG with an embedded Display P3 profile, decoded without colour management
        let path = TestFiles.root.appendingPathComponent("Tests/Fixtures/ColorManagement/synthetic-p3.png").path
        var raw = AnalysisOptions()
        raw.colorManagement = false
        let (rows, _) = try PixelAnalyzerEqualityTests.decodedRows(path, options: raw)
        // When the core analyses those pixels as Display P3, and the pipeline the file
        let layout = PixelLayout(width: rows.width, height: rows.height, colorSpace: .displayP3)
        let core = try PixelAnalyzer().analyze(rows.pixels, layout: layout)
        let pipeline = try ImageColorAnalyzer(executor: nil).analyzeNow(.file(path))
        let untagged = try PixelAnalyzer().analyze(
            rows.pixels, layout: PixelLayout(width: rows.width, height: rows.height))
        // Then the roles agree to within a level's rounding, unlike the pixels taken as sRGB, and
        // the result names the conversion
        let roles = { (a: ColorAnalysis) in [a.background, a.primary, a.secondary, a.detail] }
        for (a, b) in zip(roles(core), roles(pipeline)) { #expect(ColorDistance.deltaE(a, b) < 0.01, "\(a) vs \(b)") }
        #expect(core.title.text == pipeline.title.text)
        #expect(zip(roles(untagged), roles(pipeline)).contains { ColorDistance.deltaE($0, $1) > 0.02 })
        #expect(core.colorProfile == "Display P3")
        #expect(untagged.colorProfile == nil)
    }

    @Test("with colour management off, Display P3 pixels are taken as sRGB")
    func colorManagementOff() throws {
        // Given a vivid buffer tagged Display P3
        let pixels = [UInt8](repeating: 0, count: 64 * 4).enumerated().map {
            UInt8($0.offset % 4 == 3 ? 255 : ($0.offset * 37) % 256)
        }
        let tagged = PixelLayout(width: 8, height: 8, colorSpace: .displayP3)
        var off = AnalysisOptions()
        off.colorManagement = false
        // When analysed with colour management off
        let result = try PixelAnalyzer(options: off).analyze(pixels, layout: tagged)
        // Then it is the untagged answer
        let untagged = try PixelAnalyzer(options: off).analyze(pixels, layout: PixelLayout(width: 8, height: 8))
        #expect(result == untagged)
        #expect(result.colorProfile == nil)
    }
}
