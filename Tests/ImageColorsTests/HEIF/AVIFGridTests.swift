import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// AVIF grids on the shim's dav1d path (ic_heif_avif_tiles.c): one row of tiles decoded and
/// held at a time, where libheif 1.15 decoded the whole canvas.
@Suite("AVIF grids by tile row")
struct AVIFGridTests {
    @Test("a 4032×3024 grid of 8×6 tiles is analysed at the default budget, below its RGBA canvas")
    func phoneSizedGrid() async throws {
        // Given avifenc -g 8x6's 4032×3024 grid (its RGBA canvas alone is 48.8 MB; libheif's whole
        // decode was reserved at 264 MB)
        let path = HEIFFixtures.path("grid-8x6.avif")
        // When analysed with the default budget (30 MB); the deadline is raised, as 48 tiles in a
        // debug build beside other suites take longer than the default 10 s
        let analyzer = ImageColorAnalyzer(options: .init(limits: ImageLimits(decodeTimeout: .seconds(120))))
        let analysis = try await analyzer.analyze(fileAt: path)
        // Then it is analysed within the budget
        #expect(analysis.width == 4032 && analysis.height == 3024)
        let memory = try #require(analysis.memory)
        #expect(memory.accountedPeak <= memory.budget)
        #expect(memory.budget < 4032 * 3024 * 4)
    }

    @Test("the reservation is one row of tiles, not the canvas")
    func oneRowReserved() throws {
        // Given the 8×6 grid: tiles of 504×504, dav1d's picture of one 1.5 bytes a pixel padded to
        // 512×512 (393 kB), eight to a row
        let (_, ledger) = try AVIFDav1dTests.decode(HEIFFixtures.path("grid-8x6.avif"))
        // Then the peak is a row's pictures, a tile's state and the allowance, not the 18.3 MB
        // of the whole canvas's pictures
        #expect(ledger.peak > 8 * 512 * 512 * 3 / 2, "\(ledger.peak)")
        #expect(ledger.peak < 12_000_000, "\(ledger.peak)")
        #expect(ledger.reserved == 0)
    }

    @Test("an alpha grid is streamed with its image")
    func alphaGrid() throws {
        // Given horse.png (400×328, transparent around the horse) as a 2×2 grid with an alpha grid
        let horse = TestFiles.root.appendingPathComponent("Samples/horse.png").path
        let path = try HEIFFixtures.avifenc(["-s", "8", "-g", "2x2"], input: horse)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let oracle = try HEIFFixtures.heifConvert(path)
        // When decoded
        let (image, _) = try AVIFDav1dTests.decode(path)
        // Then colours and alpha are libheif's
        #expect(image.width == 400 && image.height == 328)
        #expect(HEIFFixtures.largestDifference(image, oracle) <= 1)
        #expect(image.pixels.enumerated().contains { $0.offset % 4 == 3 && $0.element < 128 })
    }
}
