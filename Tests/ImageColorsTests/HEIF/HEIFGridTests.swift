import Foundation
import TestSupport
import Testing

@testable import ImageColors

/// libheif 1.15 makes a grid's canvas without clearing it and pastes each tile at the size it
/// decoded: the shim refuses a grid whose tiles would leave any of it unwritten
/// (ic_heif_grids.c), so no analysis reads uninitialised pixels.
@Suite("HEIF: grids fill their canvas")
struct HEIFGridTests {
    /// The first ispe of `size` (version and flags 0) in `bytes`, or nil.
    static func ispe(_ width: Int, _ height: Int, in bytes: [UInt8]) -> Int? {
        var needle = Array("ispe".utf8) + [0, 0, 0, 0]
        for value in [width, height] { needle += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        return bytes.indices.dropLast(needle.count).first { Array(bytes[$0..<$0 + needle.count]) == needle }
    }

    @Test("a tile whose stream is smaller than its cell is refused before decoding")
    func smallTile() async throws {
        // Given the review's grid.avif with tile 2's stream replaced by a 17×9 one (the tile's ispe
        // still 150×100): libheif left most of that cell unwritten, and the same file got
        // different colours twice in one batch
        let path = "Fuzz/crashes/heif-uninit-7902312d89a3cd288c5be0f5760edb666de65b3d"
        let data = try Data(contentsOf: TestFiles.root.appendingPathComponent(path))
        // When analysed
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(data: data)
        }
        // Then the tile is named with both sizes
        #expect(error?.code == "corrupt-image")
        #expect(
            error?.description.contains("tile 2 of grid item 1 decodes to 17×9, not the grid's 150×100 cells") == true,
            "\(error.map { "\($0)" } ?? "")")
    }

    @Test("cells that do not reach the canvas's edge are refused")
    func uncoveredCanvas() async throws {
        // Given grid.avif (2×2 tiles of 150×100) with its canvas and the grid's ispe made 300×201:
        // one row of pixels no tile reaches
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: HEIFFixtures.path("grid.avif"))))
        let grid = try #require(HEIFMemoryTests.gridDescriptor(in: bytes))
        HEIFMemoryTests.putBigEndian(201, in: &bytes, at: grid + 6, bytes: 2)
        let header = try #require(Self.ispe(300, 200, in: bytes))
        HEIFMemoryTests.putBigEndian(201, in: &bytes, at: header + 12)
        // When analysed
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(data: Data(bytes))
        }
        // Then the grid is refused, its cells and canvas named
        #expect(
            error?.description.contains("grid item 1's 2×2 cells of 150×100 do not cover its 300×201 canvas") == true,
            "\(error.map { "\($0)" } ?? "")")
    }

    @Test("an HEVC tile whose ispe differs from its stream's cropped size is refused")
    func hevcCellMismatch() async throws {
        // Given grid.heic (x265 codes each 150×100 tile as 152×104 and crops it with a
        // conformance window) with the tiles' ispe made 150×104, the coded size before the crop
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: HEIFFixtures.path("grid.heic"))))
        let tile = try #require(Self.ispe(150, 100, in: bytes))
        HEIFMemoryTests.putBigEndian(104, in: &bytes, at: tile + 12)
        // When analysed
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(data: Data(bytes))
        }
        // Then the shim read the stream's size after the crop, and refused the cells
        #expect(
            error?.description.contains("tile 1 of grid item 1 decodes to 150×100, not the grid's 150×104 cells")
                == true,
            "\(error.map { "\($0)" } ?? "")")
    }

    @Test("valid grids are analysed: HEVC with cropped tiles and AV1", arguments: ["grid.heic", "grid.avif"])
    func validGrids(name: String) async throws {
        // Given the grid fixtures (HEIFDecoderTests compares their pixels with heif-convert's)
        // When analysed, Then both give colours at the canvas's size
        let analysis = try await ImageColorAnalyzer().analyze(fileAt: HEIFFixtures.path(name))
        #expect(analysis.width == 300 && analysis.height == 200)
    }

    @Test(
        "tiles of another size than the first are refused",
        arguments: [
            // tile 2's ispe 150×120 (its stream too): libheif stepped the next row 20 rows lower
            (
                "heif-uninit-9019d231410b8caa78f4e6e160b48dd317c2767c",
                "tile 2 of grid item 1 is 150×120, not the first tile's 150×100"
            )
        ])
    func unevenTiles(name: String, message: String) async throws {
        // Given a second review's HEVC grids (made from grid.heic's tiles), each of which passed
        // the first form of the check and still left canvas unwritten (valgrind)
        let data = try Data(contentsOf: TestFiles.root.appendingPathComponent("Fuzz/crashes/\(name)"))
        // When analysed
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(data: data)
        }
        // Then the tile is named
        #expect(error?.description.contains(message) == true, "\(error.map { "\($0)" } ?? "")")
    }

    @Test(
        "a grid whose tiles carry the grid's own turn or mirror (libavif before 1.0) is the picture",
        arguments: [("grid-irot1.avif", "irot1.avif"), ("grid-imir1.avif", "imir1.avif")])
    func tileTransformsDropped(grid: String, single: String) throws {
        // Given avifenc 0.11's 2×2 grid of coffee.png with --irot 1 or --imir 1, which it writes
        // on the grid and on every tile (libheif turned each tile, then the canvas: the turned
        // grid was refused, the mirrored one scrambled), and the same picture as one image
        let (tiled, _) = try decodeFully(HEIFFixtures.path(grid))
        let (whole, _) = try decodeFully(HEIFFixtures.path(single))
        // When both are decoded
        // Then they are one picture: the same size, the same pixels but for the coding of the
        // tiles (a scrambled canvas is tens of levels off)
        #expect(tiled.width == whole.width && tiled.height == whole.height)
        let difference = zip(tiled.pixels, whole.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        let mean = Double(difference) / Double(max(1, tiled.pixels.count))
        #expect(mean < 4, "mean difference \(mean)")
    }

    @Test(
        "tiles' own crop or turn is dropped, and the canvas is the tiles as coded",
        arguments: [
            "heif-uninit-9d40f9bebd07c62a93aea0c8920346cf7f53a71a", // every tile with a clap of 140×90
            "heif-uninit-1fb42f32819db45cc182f0429c46e042fba11a47", // every tile turned a quarter
        ])
    func tileTransformsOfFuzzedGrids(name: String) async throws {
        // Given a second review's HEVC grids made from grid.heic's tiles (libheif pasted cropped
        // or turned tiles short of their cells, leaving canvas unwritten: refused until the
        // tiles' own transformations were dropped)
        let data = try Data(contentsOf: TestFiles.root.appendingPathComponent("Fuzz/crashes/\(name)"))
        // When analysed
        let analysis = try await ImageColorAnalyzer().analyze(data: data)
        // Then the whole canvas is the picture
        #expect(analysis.width == 300 && analysis.height == 200)
    }

    @Test("a damaged gain-map grid libheif does not decode with the image does not stop the photo")
    func auxiliaryGridIgnored() async throws {
        // Given grid.heic's shape with an HDR gain map whose own grid does not cover its canvas
        // (heif-convert decodes the photo whole; the first form of the check refused it)
        let path = HEIFFixtures.path("gainmap-grid-damaged.heic")
        // When analysed, Then the photo's colours come out
        let analysis = try await ImageColorAnalyzer().analyze(fileAt: path)
        #expect(analysis.format == .heic && analysis.width == 300 && analysis.height == 200)
    }
}
