import Foundation
import TestSupport
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// The README's "Pixels you decoded yourself" example, compiled and run with a buffer laid out as
/// Core Graphics draws one (premultiplied RGBA, rows padded), and checked against the README.
@Suite("README examples: the core")
struct CoreReadmeExampleTests {
    struct Entry {
        var background = ""
        var titleColor = ""
    }

    /// The example, with what an app would have: the drawn bytes and their size.
    static func buildEntry(pixels: [UInt8], width: Int, height: Int, bytesPerRow: Int) throws -> Entry {
        var entry = Entry()
        // README core example begins
        let layout = PixelLayout(
            width: width, height: height, bytesPerRow: bytesPerRow,
            alpha: .premultiplied, colorSpace: .sRGB, orientation: .up)
        let colors = try PixelAnalyzer(options: .init(quality: .high)).analyze(pixels, layout: layout)
        entry.background = colors.background.hex // "#b86533" for Samples/coffee.png
        entry.titleColor = colors.title.color.hex
        // README core example ends
        return entry
    }

    @Test(
        "Given coffee.png drawn into a padded premultiplied buffer, when the example runs, then it gets its colours"
    )
    func runs() throws {
        let path = TestFiles.samples.appendingPathComponent("coffee.png").path
        let (rows, _) = try PixelAnalyzerEqualityTests.decodedRows(path, options: AnalysisOptions())
        let bytesPerRow = rows.width * 4 + 32
        let padded = PixelAnalyzerTests.padded(
            RGBAImage(width: rows.width, height: rows.height, pixels: ImageIORecipeLayoutTests.premultiplied(rows)),
            padding: 32)
        let entry = try Self.buildEntry(
            pixels: padded, width: rows.width, height: rows.height, bytesPerRow: bytesPerRow)
        #expect(entry.background == "#b86533")
        #expect(entry.titleColor == "#ffffff")
    }

    @Test("Given the README, when its core example is read, then it is exactly the code compiled here")
    func readmeMatches() throws {
        let example = try ReadmeSnippets.example(named: "README core example", in: #filePath)
        #expect(try ReadmeSnippets.readme().contains(example), "README.md must contain:\n\(example)")
    }
}
