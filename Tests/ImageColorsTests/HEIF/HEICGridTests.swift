import CImageCodecs
import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// HEIC grids (an iPhone photo's 512×512 HEVC tiles) on the shim's tile path
/// (ic_heif_hevc_tiles.c): libde265 decodes one tile at a time and a row of tiles is held as
/// copies of its pictures, where libheif 1.15 decoded the whole canvas and converted it to RGB.
@Suite("HEIC grids by tile row")
struct HEICGridTests {
    /// A grid of `columns` × `rows` tiles of 150×100 cut from Samples/coffee.png's top left, each
    /// encoded by heif-enc -q 80 and assembled by make-hevc-grid.py, with `transforms` (`--irot N`,
    /// `--imir AXIS`) on the grid item; its path (a temporary file). With `alpha`, each tile has a
    /// diagonal ramp of alpha across the canvas (0 at the top left), which heif-enc codes as an
    /// HEVC alpha item; the script makes those a second grid, the colour grid's alpha image.
    static func grid(columns: Int = 2, rows: Int = 2, transforms: [String] = [], alpha: Bool = false) throws -> String {
        let coffee = try decodeFully(TestFiles.root.appendingPathComponent("Samples/coffee.png").path).0
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-grid-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var tiles: [String] = []
        for index in 0..<columns * rows {
            let (x0, y0) = (index % columns * 150, index / columns * 100)
            let png = folder.appendingPathComponent("tile\(index).png").path
            try PNGWriter.write(to: png, width: 150, height: 100, layout: .rgba) { y, row in
                let start = ((y0 + y) * coffee.width + x0) * 4
                for i in 0..<150 * 4 { row[i] = coffee.pixels[start + i] }
                if alpha {
                    let span = columns * 150 + rows * 100
                    for x in 0..<150 { row[x * 4 + 3] = UInt8((x0 + x + y0 + y) * 255 / span) }
                }
            }
            let heic = folder.appendingPathComponent("tile\(index).heic").path
            let encoded = try runProcess(try HEIFFixtures.tool("heif-enc"), ["-q", "80", png, "-o", heic])
            guard encoded.status == 0 else { throw ImageDecodingError.corrupt(.heic, detail: encoded.stderr) }
            tiles.append(heic)
        }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-\(UUID()).heic").path
        let script = HEIFFixtures.folder.appendingPathComponent("make-hevc-grid.py").path
        let sizes = [columns, rows, 150, 100, columns * 150, rows * 100].map(String.init)
        let made = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", script] + transforms + (alpha ? ["--alpha"] : []) + sizes + tiles + [output])
        guard made.status == 0 else { throw ImageDecodingError.corrupt(.heic, detail: made.stderr) }
        return output
    }

    /// The header's plan for the primary image of the file at `path`.
    static func plan(_ path: String) throws -> ic_heif_image_info {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try data.withUnsafeBytes { raw in
            try HEIFContainer(raw, format: .heic, maxSide: ImageLimits().maxSide).info.primary
        }
    }

    @Test("a 4032×3024 grid of 512×512 tiles (an iPhone's layout) is analysed at the default budget")
    func phoneSizedGrid() async throws {
        // Given grid-8x6.heic (its RGBA canvas alone is 48.8 MB; libheif's whole decode was
        // reserved at 113.9 MB, 9 bytes a pixel and 4 MB)
        let path = HEIFFixtures.path("grid-8x6.heic")
        // When analysed with the default budget (30 MB); the deadline is raised, as 48 tiles in a
        // debug build beside other suites take longer than the default 10 s
        let analyzer = ImageColorAnalyzer(options: .init(limits: ImageLimits(decodeTimeout: .seconds(120))))
        let analysis = try await analyzer.analyze(fileAt: path)
        // Then it is analysed within the budget
        #expect(analysis.width == 4032 && analysis.height == 3024)
        let memory = try #require(analysis.memory)
        #expect(memory.budget == MemoryBudget.default.bytes)
        #expect(memory.accountedPeak <= memory.budget)
    }

    @Test("the reservation is one row of tiles and one tile's decode, not the canvas")
    func oneRowReserved() throws {
        // Given the 8×6 grid: a tile's copy is 512×512 at 1.5 bytes a pixel (393 kB), eight to a row
        let path = HEIFFixtures.path("grid-8x6.heic")
        let plan = try Self.plan(path)
        #expect(plan.dav1d == 1 && plan.dav1d_hevc == 1)
        #expect(plan.dav1d_picture_bytes == 8 * 512 * 512 * 3 / 2)
        #expect(plan.dav1d_frame_pixels == 512 * 512)
        // When decoded under a ledger
        let (_, ledger) = try AVIFDav1dTests.decode(path)
        // Then the peak is a row's copies, libde265's decode of one tile (4 bytes a pixel), the
        // streams, the allowance and the file: not the 113.9 MB libheif's decode was reserved
        #expect(ledger.peak > 8 * 512 * 512 * 3 / 2 + 512 * 512 * 4, "\(ledger.peak)")
        #expect(ledger.peak < 12_000_000, "\(ledger.peak)")
        #expect(ledger.reserved == 0)
    }

    @Test("a quarter turn holds a column of tiles, not the canvas")
    func quarterTurnHoldsAColumn() throws {
        // Given a 4×2 grid of 150×100 tiles (a copy is 22,500 bytes), as it is and turned
        let plain = try Self.grid(columns: 4, rows: 2)
        let turned = try Self.grid(columns: 4, rows: 2, transforms: ["--irot", "1"])
        defer { for path in [plain, turned] { try? FileManager.default.removeItem(atPath: path) } }
        // When planned
        let (row, column) = (try Self.plan(plain), try Self.plan(turned))
        // Then the plain grid holds a row of four tiles, the turned one a column of two
        #expect(row.dav1d_picture_bytes == 4 * 22_500)
        #expect(column.dav1d_picture_bytes == 2 * 22_500)
        #expect(column.width == 200 && column.height == 600)
    }

    @Test("fixtures give libheif's pixels exactly", arguments: ["grid.heic", "grid-8x6.heic"])
    func fixturesAgreeWithLibheif(name: String) throws {
        // Given an HEVC grid and heif-convert's decode of it (libheif 1.15 decoding the canvas whole)
        let path = HEIFFixtures.path(name)
        let oracle = try HEIFFixtures.heifConvert(path)
        // When decoded tile row by tile row
        let (image, _) = try AVIFDav1dTests.decode(path)
        // Then the pixels are libheif's, bit for bit
        #expect(try Self.plan(path).dav1d_hevc == 1)
        #expect(image.width == oracle.width && image.height == oracle.height)
        #expect(HEIFFixtures.largestDifference(image, oracle) == 0)
    }

    @Test("a grid with an alpha grid: both decoded by libde265 tile by tile, libheif's pixels and alpha exactly")
    func alphaGridAgreesWithLibheif() throws {
        // Given a 2×2 grid of HEVC tiles whose alpha image is a 2×2 grid of HEVC alpha tiles (an
        // alpha ramp), and heif-convert's decode of it
        let path = try Self.grid(columns: 2, rows: 2, alpha: true)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let oracle = try HEIFFixtures.heifConvert(path)
        // When decoded on the shim's tile path
        let plan = try Self.plan(path)
        #expect(plan.dav1d == 1 && plan.dav1d_hevc == 1 && plan.has_alpha == 1)
        // (a row of two colour tiles and two alpha tiles held: 22,500 bytes each)
        #expect(plan.dav1d_picture_bytes == 2 * 2 * 22_500)
        let (image, _) = try AVIFDav1dTests.decode(path)
        // Then the alpha is decoded (transparent at the top left, opaque at the bottom right) and
        // every pixel, alpha included, is libheif's
        #expect(image.width == 300 && image.height == 200)
        #expect(image.pixels[3] < 8 && image.pixels[image.pixels.count - 1] > 247)
        #expect(HEIFFixtures.largestDifference(image, oracle) == 0)
    }

    @Test(
        "turned and mirrored grids give libheif's pixels exactly",
        arguments: [
            ["--irot", "1"], ["--irot", "2"], ["--irot", "3"], ["--imir", "0"], ["--imir", "1"],
            ["--irot", "1", "--imir", "0"], ["--irot", "3", "--imir", "1"],
        ])
    func transformsAgreeWithLibheif(transforms: [String]) throws {
        // Given a 3×2 grid with the transformations on the grid item, and heif-convert's decode
        let path = try Self.grid(columns: 3, rows: 2, transforms: transforms)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let oracle = try HEIFFixtures.heifConvert(path)
        // When decoded by rows of tiles (a column of tiles at a time for a quarter turn)
        let (image, _) = try AVIFDav1dTests.decode(path)
        // Then the pixels are libheif's, bit for bit
        #expect(image.width == oracle.width && image.height == oracle.height)
        #expect(HEIFFixtures.largestDifference(image, oracle) == 0)
    }
}
