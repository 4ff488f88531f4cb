import Foundation
import TestSupport
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// Every HEVC picture, a grid's tiles and an alpha plane too, is decoded by the shim's libde265
/// plugin (ic_heif_hevc.c): libde265's buffers start grey, so a damaged picture decodes to the same
/// pixels every time, and the damage libde265 notices, or the part it left undecoded, fails strict
/// decoding.
@Suite("HEIF: the shim's HEVC plugin")
struct HEIFHEVCPluginTests {
    /// The fuzzer's damaged HEIC with alpha (kept in Fuzz/open until the plugin fixed it).
    static let fuzzed = "Fuzz/crashes/heif-uninit-02e618ee3970132dad30555aad1991dcfa0b4f14"

    /// Writes `data` to a new temporary file and returns its path.
    static func temporaryFile(_ data: Data) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-hevc-\(UUID()).heic")
        try data.write(to: url)
        return url.path
    }

    /// How many bytes of two same-sized decodes differ (a count, not the pictures, in a failure).
    static func differingBytes(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        guard a.width == b.width, a.height == b.height else { return max(a.pixels.count, b.pixels.count) }
        return zip(a.pixels, b.pixels).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
    }

    /// Allocates, fills with `byte` and frees blocks of 4 KB to 512 KB, so that memory an
    /// allocator hands out next held something else than before.
    static func stirHeap(with byte: UInt8) {
        for size in (0..<48).map({ 4096 << ($0 % 8) }) {
            let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
            block.initializeMemory(as: UInt8.self, repeating: byte, count: size)
            block.deallocate()
        }
    }

    @Test("a damaged picture decodes to the same pixels whatever memory held before", arguments: HEVCDamage.allCases)
    func samePixels(damage: HEVCDamage) throws {
        // Given a HEIC whose slice, tile or alpha plane is damaged (libde265 leaves part of the
        // picture undecoded; before the plugin, that part was whatever its buffers held: the
        // silent case got three different pictures after three different fills of the heap)
        let path = try Self.temporaryFile(try damage.bytes())
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When decoded leniently, twice, with the heap filled differently before each decode
        Self.stirHeap(with: 0x55)
        let (first, _) = try decodeFully(path, strict: false)
        Self.stirHeap(with: 0xAA)
        let (second, _) = try decodeFully(path, strict: false)
        // Then both decodes are the same picture
        #expect(Self.differingBytes(first, second) == 0)
    }

    @Test("the fuzzer's damaged HEIC decodes to the same pixels whatever memory held before")
    func samePixelsFuzzed() throws {
        // Given the fuzzed HEIC that got different colours in one batch
        let path = TestFiles.root.appendingPathComponent(Self.fuzzed).path
        // When decoded leniently twice, the heap filled differently before each
        Self.stirHeap(with: 0x00)
        let (first, _) = try decodeFully(path, strict: false)
        Self.stirHeap(with: 0xFF)
        let (second, _) = try decodeFully(path, strict: false)
        // Then both decodes are the same picture
        #expect(Self.differingBytes(first, second) == 0)
    }

    @Test("a damaged picture fails strict decoding, named", arguments: HEVCDamage.allCases)
    func strictRefusal(damage: HEVCDamage) async throws {
        // Given a HEIC whose slice, tile or alpha plane is damaged (libheif 1.15's plugin ignored
        // libde265's warnings, and libde265 reports some damage not at all, so strict decoding,
        // the default, analysed them)
        let data = try damage.bytes()
        // When analysed with the defaults
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(data: data)
        }
        // Then it is a damaged HEIC, named by libde265's warning or by the undecoded part
        #expect(error?.code == "corrupt-image", "\(error.map { "\($0)" } ?? "no error")")
        #expect(
            error?.description.contains("the HEVC stream is damaged: \(damage.damage)") == true,
            "\(error.map { "\($0)" } ?? "")")
        // And leniently, it is analysed
        let lenient = try await ImageColorAnalyzer(options: AnalysisOptions(strictDecoding: false)).analyze(data: data)
        #expect(lenient.format == .heic)
    }

    @Test("the fuzzer's damaged HEIC fails strict decoding with libde265's warning")
    func strictRefusalFuzzed() async throws {
        // Given the fuzzed HEIC (a slice of its alpha plane ends without its end-of-substream bit,
        // and libde265 warns of its colour image too: the tile path refuses the first damaged
        // picture, the colour image, where libheif's decode named the last, the alpha plane)
        let data = try Data(contentsOf: TestFiles.root.appendingPathComponent(Self.fuzzed))
        // When analysed with the defaults
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(data: data)
        }
        // Then the message is libde265's warning, marked as strict mode's
        #expect(
            error?.description.hasSuffix(
                "the HEVC stream is damaged: CTB outside of image area (concealing stream error...)"
                    + " (a decoding warning, an error in strict mode)"
            ) == true, "\(error.map { "\($0)" } ?? "")")
    }

    @Test(
        "a valid picture holding the buffers' starting checkerboard is decoded, not refused",
        arguments: ["checkerboard.heic", "checkerboard-lossless.heic", "checkerboard-10bit.heic"])
    func checkerboardPicture(name: String) async throws {
        // Given a valid HEIC whose grey is a 1-pixel checkerboard of mid-grey ± 1, the luma the
        // plugin's buffers start with (x265 keeps it exactly, at quality 80 as losslessly: the
        // first undecoded-area check refused all three as damaged)
        let path = HEIFFixtures.path(name)
        let oracle = try HEIFFixtures.heifConvert(path)
        // When decoded strictly (the default)
        let (image, _) = try decodeFully(path)
        // Then it is heif-convert's picture (10 bits rounded to 8: within one level)
        #expect(HEIFFixtures.largestDifference(image, oracle) <= (name.contains("10bit") ? 1 : 0))
        // And the analyzer analyses it with its defaults
        let result = try await ImageColorAnalyzer().analyze(fileAt: path)
        #expect(result.format == .heic)
    }

    @Test("a valid HEIC's decode does not depend on what memory held", arguments: ["coffee.heic", "coffee-10bit.heic"])
    func validUnchanged(name: String) throws {
        // Given a valid 8- or 10-bit HEIC and heif-convert's decode of it (libheif's own plugin)
        let path = HEIFFixtures.path(name)
        let oracle = try HEIFFixtures.heifConvert(path)
        // When decoded after the heap was filled
        Self.stirHeap(with: 0x33)
        let (image, _) = try decodeFully(path)
        // Then it is heif-convert's picture (10 bits rounded to 8: within one level)
        #expect(HEIFFixtures.largestDifference(image, oracle) <= (name.contains("10bit") ? 1 : 0))
    }
}
