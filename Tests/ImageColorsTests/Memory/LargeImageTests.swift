import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// Large images the tests write themselves through libpng: decoded within the budget, with
/// interlaced and plain files giving the same colours.
@Suite("Large images", .serialized)
struct LargeImageTests {
    /// Writes an 8000×8000 RGB PNG: a diagonal gradient with a 400 px navy frame.
    static func writeLarge(interlaced: Bool) throws -> String {
        let side = 8000
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("imagecolors-large-\(interlaced ? "i" : "n")-\(UUID()).png").path
        try PNGWriter.write(to: path, width: side, height: side, layout: .rgb, interlaced: interlaced) { y, row in
            for x in 0..<side {
                let frame = x < 400 || y < 400 || x >= side - 400 || y >= side - 400
                row[x * 3] = frame ? 0x1d : UInt8((x + y) * 255 / (2 * side))
                row[x * 3 + 1] = frame ? 0x2b : UInt8(x * 255 / side)
                row[x * 3 + 2] = frame ? 0x3a : 0xc0
            }
        }
        return path
    }

    @Test("an 8000×8000 PNG, plain and interlaced, analyses within the default budget")
    func largePNG() async throws {
        var results: [ColorAnalysis] = []
        for interlaced in [false, true] {
            let path = try Self.writeLarge(interlaced: interlaced)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let analysis = try await ImageColorAnalyzer().analyze(fileAt: path)
            #expect(analysis.width == 8000 && analysis.height == 8000)
            let memory = try #require(analysis.memory)
            #expect(memory.accountedPeak <= memory.budget)
            results.append(analysis)
        }
        // The frame is the background either way, and both files give the same colours.
        #expect(results[0].background == RGBColor(hex: "#1d2b3a"))
        #expect(results[0].roles == results[1].roles)
    }
}
