import Foundation
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// Everything in the Apple recipe (Sources/ImageColorsImageIO, not compiled on Linux) after
/// Core Graphics has drawn: its buffer layout — premultiplied RGBA8 bytes in that order
/// (`premultipliedLast`, `byteOrder32Big`), packed rows, sRGB, upright — made here from a file
/// by our own decoder, premultiplied as Core Graphics rounds.
@Suite("Core: the ImageIO recipe's buffer layout")
struct ImageIORecipeLayoutTests {
    /// `image` as Core Graphics draws it into the recipe's context: each channel times alpha
    /// over 255, rounded.
    static func premultiplied(_ image: RGBAImage) -> [UInt8] {
        var out = image.pixels
        for p in stride(from: 0, to: out.count, by: 4) {
            let a = Int(out[p + 3])
            for c in 0..<3 { out[p + c] = UInt8((Int(out[p + c]) * a + 127) / 255) }
        }
        return out
    }

    /// The recipe's layout for a `width × height` drawing.
    static func recipeLayout(width: Int, height: Int) -> PixelLayout {
        PixelLayout(width: width, height: height, bytesPerRow: width * 4, alpha: .premultiplied, colorSpace: .sRGB)
    }

    static let samples = ["Samples/coffee.png", "Samples/chelsea.png", "Samples/camera.png", "Samples/horse.png"]
    static let translucent = ["Samples/horse.png", "Tests/Fixtures/GIF/transparent.gif"]

    @Test("opaque pictures in the recipe's layout get the pipeline's colours exactly", arguments: samples.dropLast())
    func opaque(relative: String) throws {
        // Given an opaque picture decoded by our decoder and laid out as the recipe draws it
        let path = TestFiles.root.appendingPathComponent(relative).path
        let (rows, _) = try PixelAnalyzerEqualityTests.decodedRows(path, options: AnalysisOptions())
        #expect(stride(from: 3, to: rows.pixels.count, by: 4).allSatisfy { rows.pixels[$0] == 255 })
        // When the core analyses it and the pipeline analyses the file
        let core = try PixelAnalyzer().analyze(
            Self.premultiplied(rows), layout: Self.recipeLayout(width: rows.width, height: rows.height))
        let pipeline = try ImageColorAnalyzer(executor: nil).analyzeNow(.file(path))
        // Then the colours and the title are the pipeline's
        #expect(core.roles == pipeline.roles)
        #expect(core.title == pipeline.title)
        #expect(core.appearances == pipeline.appearances)
    }

    @Test(
        "translucent pictures in the recipe's layout get the pipeline's colours to within premultiplied rounding",
        arguments: translucent)
    func translucentPictures(relative: String) throws {
        // Given a picture with transparent and translucent pixels, premultiplied as drawn
        let path = TestFiles.root.appendingPathComponent(relative).path
        let (rows, _) = try PixelAnalyzerEqualityTests.decodedRows(path, options: AnalysisOptions())
        #expect(stride(from: 3, to: rows.pixels.count, by: 4).contains { rows.pixels[$0] < 255 })
        // When the core analyses it and the pipeline analyses the file
        let core = try PixelAnalyzer().analyze(
            Self.premultiplied(rows), layout: Self.recipeLayout(width: rows.width, height: rows.height))
        let pipeline = try ImageColorAnalyzer(executor: nil).analyzeNow(.file(path))
        // Then each role is within ΔE_OK 0.02 (a just-visible step) and the title is the same
        let roles = { (a: ColorAnalysis) in [a.background, a.primary, a.secondary, a.detail] }
        for (a, b) in zip(roles(core), roles(pipeline)) { #expect(ColorDistance.deltaE(a, b) < 0.02, "\(a) vs \(b)") }
        #expect(core.title.text == pipeline.title.text)
    }
}
