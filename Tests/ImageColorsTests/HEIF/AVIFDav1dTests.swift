import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// AVIF images that are one av01 item go to the shim's own dav1d path (ic_heif_avif.c): dav1d
/// loaded at run time, the rows converted from its picture as they are read, no RGB image.
@Suite("AVIF on dav1d")
struct AVIFDav1dTests {
    /// Decodes `path` whole under a ledger of `budget`, returning the image, the header's plan
    /// and the ledger.
    static func decode(_ path: String, budget: MemoryBudget = .megabytes(2048)) throws -> (RGBAImage, MemoryLedger) {
        var sink = FullImageSink()
        var options = DecodeOptions()
        // A 48-tile grid in a debug build beside other suites takes longer than the default 10 s.
        options.limits = ImageLimits(decodeTimeout: .seconds(120))
        let ledger = MemoryLedger(budget: budget)
        options.ledger = ledger
        _ = try ImageDecoding.decode(try SourceProbe(.file(path)), options: options, into: &sink)
        return (sink.image, ledger)
    }

    @Test("a 1620×1080 web hero image (80 kB) is analysed within the default 30 MB budget")
    func heroWithinDefaultBudget() async throws {
        // Given avifenc -s 8 --min 20 --max 30's 1620×1080 file, which libaom through libheif
        // needed 45.1 MB to analyse (issue 40)
        let path = HEIFFixtures.path("hero-1620.avif")
        // When analysed with the defaults
        let analysis = try await ImageColorAnalyzer().analyze(fileAt: path)
        // Then it is analysed, and the accounted peak is within the budget
        #expect(analysis.width == 1620 && analysis.height == 1080)
        let memory = try #require(analysis.memory)
        #expect(memory.budget == MemoryBudget.default.bytes)
        #expect(memory.accountedPeak <= memory.budget)
    }

    @Test("a 4032×3024 8-bit 4:2:0 single AVIF (a phone photo's size) is analysed within the default budget")
    func phoneWithinDefaultBudget() async throws {
        // Given one av01 item of 4032×3024, whose dav1d picture alone is 19.3 MB (refused before:
        // "needs 35.7 MB", state reserved at 1 byte a pixel and a 4 MB allowance)
        let path = HEIFFixtures.path("phone-4032.avif")
        // When analysed with the defaults
        let analysis = try await ImageColorAnalyzer().analyze(fileAt: path)
        // Then it is analysed within the budget
        #expect(analysis.width == 4032 && analysis.height == 3024)
        let memory = try #require(analysis.memory)
        #expect(memory.budget == MemoryBudget.default.bytes)
        #expect(memory.accountedPeak <= memory.budget)
        #expect(memory.accountedPeak > 4032 * 3024 * 3 / 2)
    }

    @Test("the decode reserves dav1d's picture and state, not libheif's whole RGB decode")
    func reservation() throws {
        // Given the hero image (1620×1080; avifenc's default 4:4:4)
        let (_, ledger) = try Self.decode(HEIFFixtures.path("hero-1620.avif"))
        // Then the peak is the dav1d rule's (its picture 5.8 MB, state 1.5 MB at 0.5 bytes a padded
        // pixel and dav1d's context, 64 KB and the lists for the shim; the stream read in place)
        // and the encoded bytes, far below the 7 bytes a sample the libaom rule reserved (36.7 MB),
        // 1 byte a pixel of state and a 4 MB allowance (11.8 MB), and dav1d's copy of the stream
        // and 1 MB for the shim (8.4 MB), reserved before
        #expect(ledger.peak < 8_000_000, "\(ledger.peak)")
        #expect(ledger.peak > 1620 * 1080 * 3 / 2)
        #expect(ledger.reserved == 0)
    }

    /// Files made by avifenc from coffee.png (600×400) in the layouts the fixtures lack.
    static let layouts: [(name: String, arguments: [String])] = [
        ("4:4:4", ["-y", "444"]), ("4:2:2", ["-y", "422"]), ("monochrome", ["-y", "400"]),
        ("limited range", ["-r", "limited"]), ("10-bit 4:2:2 limited", ["-d", "10", "-y", "422", "-r", "limited"]),
        ("12-bit monochrome limited", ["-d", "12", "-y", "400", "-r", "limited"]),
        ("BT.709 matrix", ["--cicp", "1/13/1"]), ("chromaticity-derived matrix", ["--cicp", "12/13/12"]),
        ("clap, irot 1 and imir 0", ["--clap", "150,1,101,1,-10,1,7,2", "--irot", "1", "--imir", "0"]),
        ("irot 2 and imir 1", ["--irot", "2", "--imir", "1"]),
    ]

    @Test(
        "every layout, depth, range, matrix and transformation gives libheif's pixels within one level",
        arguments: layouts.map(\.name))
    func layoutsAgreeWithLibheif(layout: String) throws {
        // Given a file in that coding and heif-convert's decode of it (libheif 1.15's conversion
        // and transformations: the decoder the shim used before)
        let arguments = try #require(Self.layouts.first { $0.name == layout }).arguments
        let coffee = TestFiles.root.appendingPathComponent("Samples/coffee.png").path
        let path = try HEIFFixtures.avifenc(["-s", "8"] + arguments, input: coffee)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let oracle = try HEIFFixtures.heifConvert(path)
        // When decoded through the dav1d path
        let (image, _) = try Self.decode(path)
        // Then the sizes are libheif's and no channel is more than a level away
        #expect(image.width == oracle.width && image.height == oracle.height)
        #expect(HEIFFixtures.largestDifference(image, oracle) <= 1)
    }

    @Test(
        "fixtures give libheif's pixels within one level: depths, alpha, profiles, grids (by tile row)",
        arguments: [
            "coffee.avif", "coffee-10bit.avif", "coffee-12bit.avif", "horse-alpha.avif", "irot1.avif", "imir1.avif",
            "icc-p3.avif", "nclx-p3.avif", "hero-1620.avif", "grid.avif", "grid-8x6.avif",
        ])
    func fixturesAgreeWithLibheif(name: String) throws {
        let path = HEIFFixtures.path(name)
        let oracle = try HEIFFixtures.heifConvert(path)
        let (image, _) = try Self.decode(path)
        #expect(image.width == oracle.width && image.height == oracle.height)
        #expect(HEIFFixtures.largestDifference(image, oracle) <= 1)
    }

    @Test("an av1C that claims fewer bits than its stream is refused before dav1d's frame is allocated")
    func deeperThanItsHeader() throws {
        // Given coffee-10bit.avif with its av1C's high_bitdepth bit cleared (libheif then says
        // 8 bits, and the plan reserves an 8-bit picture)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: HEIFFixtures.path("coffee-10bit.avif"))))
        let marker = Array("av1C".utf8)
        let at = try #require((0..<bytes.count - 8).first { Array(bytes[$0..<$0 + 4]) == marker })
        bytes[at + 6] &= ~0x40
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-\(UUID()).avif").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When decoded, the shim's picture allocator refuses dav1d's 10-bit picture
        #expect {
            _ = try Self.decode(path)
        } throws: { error in
            guard let error = error as? ImageDecodingError else { return false }
            return error.code == "corrupt-image" && error.description.contains("deeper")
        }
    }
}
