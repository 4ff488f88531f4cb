import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// The memory plan from the header: the thumbnail path, the whole decode reserved or refused,
/// and header bombs refused before libheif allocates for them.
@Suite("HEIF memory plan and limits")
struct HEIFMemoryTests {
    /// Decodes `name` with `minimumLongSide` (the analysis target is half of it, as the analyzer
    /// asks) and an optional budget.
    static func decode(_ name: String, target: Int?, budget: MemoryBudget? = nil) throws -> (
        RGBAImage, DecodedImageInfo, MemoryLedger?
    ) {
        var sink = FullImageSink()
        var options = DecodeOptions()
        options.minimumLongSide = target.map { $0 * 2 }
        options.budgetFallbackLongSide = target
        let ledger = budget.map { MemoryLedger(budget: $0) }
        options.ledger = ledger
        let info = try ImageDecoding.decode(
            try SourceProbe(.file(HEIFFixtures.path(name))), options: options, into: &sink)
        return (sink.image, info, ledger)
    }

    @Test("an embedded thumbnail at least the analysis size is decoded instead of the image")
    func thumbnailPath() throws {
        // Given coffee-thumb.heic: 600×400 with a 320×212 thumbnail
        // When analysed for a 250 px target
        let (image, info, _) = try Self.decode("coffee-thumb.heic", target: 250)
        // Then only the thumbnail was decoded, and the image's own size is reported
        #expect(info.decoder == .heifThumbnail)
        #expect(image.width == 320 && info.decodedWidth == 320 && info.width == 600 && info.height == 400)
        // And its pixels are heif-convert's decode of the thumbnail's item: its colours are the image's
        let (full, _, _) = try Self.decode("coffee-thumb.heic", target: nil)
        let (r1, g1, b1) = Self.mean(image)
        let (r2, g2, b2) = Self.mean(full)
        #expect(abs(r1 - r2) < 3 && abs(g1 - g2) < 3 && abs(b1 - b2) < 3)
    }

    @Test(
        "a thumbnail smaller than the target, or no downscale asked, decodes the image",
        arguments: [400, nil] as [Int?])
    func thumbnailTooSmall(target: Int?) throws {
        let (image, info, _) = try Self.decode("coffee-thumb.heic", target: target)
        #expect(info.decoder == .library)
        #expect(image.width == 600 && image.height == 400)
    }

    @Test("the whole decode is reserved from the header: the ledger's peak covers the estimate")
    func reserved() throws {
        // Given coffee.heic, 300×200, 8-bit 4:2:0, no alpha
        // When decoded with a 30 MB budget
        let (_, _, ledger) = try Self.decode("coffee.heic", target: nil, budget: .megabytes(30))
        // Then at least the tile path's rule (the picture's copy, 1.5 bytes a pixel; libde265's
        // decode, 3.5; its allowance) was reserved, and less than libheif's whole decode was
        // (9 bytes a pixel)
        let peak = try #require(ledger).peak
        #expect(peak >= 300 * 200 * (3 + 7) / 2 + HEIFDecoder.hevcAllowance, "\(peak)")
        #expect(peak < 300 * 200 * 9 + HEIFDecoder.hevcAllowance, "\(peak)")
        #expect(ledger!.reserved == 0)
    }

    @Test("an image whose decode does not fit the budget is refused before libheif decodes it")
    func refused() throws {
        // Given a budget below coffee-thumb.heic's full decode (600×400: 5.8 MB on the tile path)
        // but above its thumbnail's (320×212: 4.8 MB)
        let budget = MemoryBudget(bytes: 5_300_000)
        // When decoded at full size, it is refused with the over-budget error naming libheif
        #expect {
            _ = try Self.decode("coffee-thumb.heic", target: nil, budget: budget)
        } throws: { error in
            guard case .overBudget(let purpose, let needed, _, _) = error as? MemoryBudgetError else { return false }
            return purpose.contains("600×400") && needed > 5_300_000
        }
        // And analysed for a small target, the thumbnail fits
        let (_, info, _) = try Self.decode("coffee-thumb.heic", target: 250, budget: budget)
        #expect(info.decoder == .heifThumbnail)
    }

    @Test("a huge ispe (a header bomb) is refused from the header", arguments: ["coffee.heic", "coffee.avif"])
    func hugeImageSpatialExtents(name: String) async throws {
        // Given the file with its ispe box patched to 60000×60000 (0.36 gigapixels over the
        // default limits; the data stays 300×200)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: HEIFFixtures.path(name))))
        let ispe = try #require(Self.find("ispe", in: bytes))
        Self.putBigEndian(60_000, in: &bytes, at: ispe + 8)
        Self.putBigEndian(60_000, in: &bytes, at: ispe + 12)
        // When analysed
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(data: Data(bytes))
        }
        // Then it was refused from the header, by the pixel limit, before libheif decoded
        // anything (the CLI takes 0.05 s on it: DocC "Formats"; speed is not timed in tests)
        #expect(error?.code == "image-too-large")
    }

    @Test(
        "a grid that claims 256×256 tiles (the most its 8-bit fields allow) is refused before decoding",
        arguments: [(65_535, "over-limit"), (300, "corrupt-image")])
    func gridBomb(side: Int, code: String) async throws {
        // Given grid.avif (2×2 tiles of 150×100) with its grid descriptor patched to 256×256
        // tiles, and its output size (and the first ispe) to `side` × `side` when that is not 300
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: HEIFFixtures.path("grid.avif"))))
        let grid = try #require(Self.gridDescriptor(in: bytes))
        bytes[grid + 2] = 255
        bytes[grid + 3] = 255
        if side != 300 {
            Self.putBigEndian(side, in: &bytes, at: grid + 4, bytes: 2)
            Self.putBigEndian(side, in: &bytes, at: grid + 6, bytes: 2)
            let ispe = try #require(Self.find("ispe", in: bytes))
            Self.putBigEndian(side, in: &bytes, at: ispe + 8)
            Self.putBigEndian(side, in: &bytes, at: ispe + 12)
        }
        // When analysed
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(data: Data(bytes))
        }
        // Then it was refused before any tile was decoded: by libheif's size limit (65,500 px a
        // side) while it reads the boxes, or because the tiles are missing (0.05–0.07 s with
        // the CLI: DocC "Formats")
        #expect(error?.code == code)
    }

    @Test(
        "a bitstream larger than its ispe header is refused, not analysed past the plan",
        arguments: ["coffee.heic", "coffee.avif"])
    func headerSmallerThanBitstream(name: String) async throws {
        // Given the 300×200 file with its ispe patched to 16×16 (the plan would reserve for that)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: HEIFFixtures.path(name))))
        let ispe = try #require(Self.find("ispe", in: bytes))
        Self.putBigEndian(16, in: &bytes, at: ispe + 8)
        Self.putBigEndian(16, in: &bytes, at: ispe + 12)
        // When analysed
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(data: Data(bytes))
        }
        // Then the stream's own size (x265 codes 304 columns and crops 4) is refused when the file
        // is opened, before the codec decodes it (libheif 1.15 holds the codec to the header only
        // after decoding: HEIFStreamTests)
        let coded = name.hasSuffix(".heic") ? "304×200" : "300×200"
        #expect(error?.code == "corrupt-image")
        #expect(
            error?.description.contains("stream's picture (\(coded))") == true
                && error?.description.contains("(16×16)") == true, "\(error?.description ?? "no error")")
    }

    @Test("a file of nothing but its ftyp box is a damaged image, not an unsupported format")
    func ftypOnly() async {
        let bytes = [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(data: Data(bytes))
        }
        #expect(error?.code == "corrupt-image")
        #expect(error?.description.contains("HEIC") == true)
    }

    @Test(
        "a colour box with codes libheif does not know is read as no nclx (libheif's leak there avoided)")
    func unknownNCLX() async throws {
        // Given the fuzzer's input whose nclx box holds codes libheif 1.15 rejects after
        // allocating the profile (the shim frees it; shim-check.sh watches under valgrind)
        let path = TestFiles.root.appendingPathComponent(
            "Fuzz/crashes/heif-leak-b0ff742542de08aea92951b47a5c0fe60d466613"
        ).path
        // When analysed, Then it gives colours, as an untagged (sRGB) image
        let analysis = try await ImageColorAnalyzer().analyze(fileAt: path)
        #expect(analysis.format == .avif && analysis.colorProfile == nil)
    }

    @Test(
        "the fuzzer's findings fail typed: an unknown nclx matrix and a damaged frame, an empty AV1 bitstream",
        arguments: [
            "heif-leak-c7f2defb0e2ddbd289c90c7072407e268b07a3a8", "heif-leak-da5fa9abfb693ad5710121a7f42cbb39fd792fb1",
        ])
    func fuzzFindings(name: String) async throws {
        // Given inputs on which libheif 1.15 leaked (its strict mode; dav1d's empty-input path,
        // which also printed to stderr): the shim now applies strictness itself and decodes AV1
        // with libaom through its own plugin (Fuzz/run.sh replays them under LeakSanitizer,
        // shim-check.sh under valgrind; HEIFAV1PluginTests has the tiles' and alpha's)
        let path = TestFiles.root.appendingPathComponent("Fuzz/crashes/\(name)").path
        // When analysed, Then each is a damaged AVIF
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(fileAt: path)
        }
        #expect(error?.code == "corrupt-image" && error?.description.contains("AVIF") == true)
    }

    /// A file whose grid or overlay canvas the test makes larger than the image's header.
    enum CanvasBomb: String, CaseIterable, CustomTestStringConvertible {
        /// The fuzzer's HEIC: an overlay (iovl) with an ispe of 200×164 and, in the item's data, a
        /// canvas of 57244×53468. libheif 1.15 allocated a 3 GB plane for it and crashed filling it.
        case fuzzedOverlay
        /// The same with both ispe boxes patched to 57244×1: every side within the header's
        /// longest, so only the canvas's area gives it away.
        case thinOverlay
        /// grid.avif (300×200, its grid descriptor in idat) with the grid's output patched to 600×400.
        case grownGrid

        var testDescription: String { rawValue }

        func bytes() throws -> [UInt8] {
            switch self {
            case .fuzzedOverlay, .thinOverlay:
                let path = TestFiles.root.appendingPathComponent(
                    "Fuzz/crashes/heif-oom-0d5504059ec7913689963b61dc8b67033eea6e10"
                ).path
                var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
                if self == .thinOverlay {
                    var from = 0
                    while let ispe = HEIFMemoryTests.find("ispe", in: Array(bytes[from...])).map({ $0 + from }) {
                        HEIFMemoryTests.putBigEndian(57_244, in: &bytes, at: ispe + 8)
                        HEIFMemoryTests.putBigEndian(1, in: &bytes, at: ispe + 12)
                        from = ispe + 4
                    }
                }
                return bytes
            case .grownGrid:
                var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: HEIFFixtures.path("grid.avif"))))
                let grid = try #require(HEIFMemoryTests.gridDescriptor(in: bytes))
                HEIFMemoryTests.putBigEndian(600, in: &bytes, at: grid + 4, bytes: 2)
                HEIFMemoryTests.putBigEndian(400, in: &bytes, at: grid + 6, bytes: 2)
                return bytes
            }
        }

        /// What the error must name: the canvas, then the header.
        var named: [String] {
            switch self {
            case .fuzzedOverlay: ["overlay's canvas (57244×53468)", "(200×164)"]
            case .thinOverlay: ["overlay's canvas (57244×53468)", "(57244×1)"]
            case .grownGrid: ["grid's canvas (600×400)", "(300×200)"]
            }
        }
    }

    @Test(
        "a grid or overlay canvas larger than the image's header is refused from the boxes",
        arguments: CanvasBomb.allCases)
    func canvasBomb(_ bomb: CanvasBomb) async throws {
        // Given a file whose canvas exceeds its header (Fuzz/run.sh replays the fuzzed one with a
        // 64 MB malloc limit)
        let bytes = try bomb.bytes()
        // When analysed
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(data: Data(bytes))
        }
        // Then it is damaged data naming both sizes, refused before libheif decoded anything
        #expect(error?.code == "corrupt-image")
        for text in bomb.named {
            #expect(error?.description.contains(text) == true, "\(error?.description ?? "no error") names \(text)")
        }
    }

    static func mean(_ image: RGBAImage) -> (Double, Double, Double) {
        var sums = (0.0, 0.0, 0.0)
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            sums.0 += Double(image.pixels[i])
            sums.1 += Double(image.pixels[i + 1])
            sums.2 += Double(image.pixels[i + 2])
        }
        let count = Double(image.width * image.height)
        return (sums.0 / count, sums.1 / count, sums.2 / count)
    }

    /// The offset of a box's type `fourCC` (its size is 4 bytes before), or `nil`.
    static func find(_ fourCC: String, in bytes: [UInt8]) -> Int? {
        let needle = Array(fourCC.utf8)
        return bytes.indices.dropLast(4).first { Array(bytes[$0..<$0 + 4]) == needle }
    }

    /// The grid item's data (version, flags, rows - 1, columns - 1, sizes): avifenc stores it in
    /// the idat box; found as the 8 bytes "00 00 01 01" + 16-bit 300, 200 (a 2×2 grid of 300×200).
    static func gridDescriptor(in bytes: [UInt8]) -> Int? {
        let needle: [UInt8] = [0, 0, 1, 1, 0x01, 0x2C, 0x00, 0xC8]
        return bytes.indices.dropLast(8).first { Array(bytes[$0..<$0 + 8]) == needle }
    }

    static func putBigEndian(_ value: Int, in bytes: inout [UInt8], at offset: Int, bytes count: Int = 4) {
        for i in 0..<count { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * (count - 1 - i))) }
    }
}
