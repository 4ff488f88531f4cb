import Foundation
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// Which decoder a JPEG goes to: the DC reader only for Huffman-coded 8-bit files that would be
/// decoded at 1/8 (progressive ones also when libjpeg's buffer would not fit); libjpeg for
/// everything else.
@Suite("Progressive DC reader: routing")
struct ProgressiveDCRoutingTests {
    /// testorig.jpg (227×149) made progressive; at 1/8 it is 29×19.
    static func progressiveTestorig(_ extra: [String] = []) throws -> String {
        try ProgressiveFixtures.run("jpegtran", ["-progressive"] + extra, input: TestFiles.corpus("jpeg/testorig.jpg"))
    }

    @Test(
        "a progressive file goes to the DC reader exactly when the plan is 1/8",
        arguments: [(1, .progressiveDC), (29, .progressiveDC), (30, .library), (150, .library), (nil, .library)]
            as [(Int?, DecoderKind)])
    func byScale(minimumLongSide: Int?, expected: DecoderKind) throws {
        // Given a progressive 227×149 file
        let path = try Self.progressiveTestorig()
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When decoded with a minimum long side (29 px is ⌈227 / 8⌉, the most 1/8 can give)
        let (image, info) = try decodeFully(path, minimumLongSide: minimumLongSide)
        // Then the DC reader took it only where libjpeg would have decoded at 1/8
        #expect(info.decoder == expected)
        #expect(image.width == info.decodedWidth && info.width == 227 && info.height == 149)
    }

    @Test(
        "at 1/8 baseline files go to the DC reader as sequential, arithmetic-coded ones stay with libjpeg",
        arguments: [
            ("jpeg/testorig.jpg", .sequentialDC), ("jpeg/testimgint.jpg", .sequentialDC),
            ("color/pil_sample_cmyk.jpg", .sequentialDC), ("jpeg/testimgari.jpg", .library),
        ] as [(String, DecoderKind)])
    func notProgressiveHuffman(name: String, expected: DecoderKind) throws {
        // testimgint.jpg is called progressive in the corpus README, but its frame is SOF0.
        let (image, info) = try decodeFully(TestFiles.corpus(name), minimumLongSide: 1)
        #expect(info.decoder == expected)
        #expect(image.width == (info.width + 7) / 8)
    }

    @Test("a progressive arithmetic-coded file (SOF10) stays with libjpeg and decodes")
    func progressiveArithmetic() throws {
        let path = try Self.progressiveTestorig(["-arithmetic"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (image, info) = try decodeFully(path, minimumLongSide: 1)
        #expect(info.decoder == .library)
        #expect(image.width == 29 && image.height == 19)
    }

    @Test("a 12-bit file still gives libjpeg's unsupported error")
    func twelveBit() throws {
        let error = #expect(throws: ImageDecodingError.self) {
            _ = try decodeFully(TestFiles.corpus("jpeg/testorig12.jpg"), minimumLongSide: 1)
        }
        #expect(error?.code == "unsupported-feature")
    }

    @Test("bytes in memory decode like the file")
    func fromMemory() throws {
        let path = try Self.progressiveTestorig()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var sink = FullImageSink()
        var options = DecodeOptions()
        options.minimumLongSide = 1
        let probe = try SourceProbe(.data(Data(contentsOf: URL(fileURLWithPath: path))))
        let info = try ImageDecoding.decode(probe, options: options, into: &sink)
        #expect(info.decoder == .progressiveDC)
        #expect(sink.image == (try decodeFully(path, minimumLongSide: 1).0))
    }

    @Test("EXIF orientation is read from APP1", arguments: [3, 6, 8])
    func orientation(tag: Int) throws {
        // Given a progressive copy that keeps the EXIF marker
        let path = try ProgressiveFixtures.run(
            "jpegtran", ["-progressive", "-copy", "all"],
            input: TestFiles.corpus("orientation/hopper_orientation_\(tag).jpg"))
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When decoded at 1/8, then the DC reader reports the same orientation as libjpeg's path
        let (_, info) = try decodeFully(path, minimumLongSide: 1)
        #expect(info.decoder == .progressiveDC)
        #expect(info.orientation == Orientation(rawValue: tag))
        #expect(info.orientation == (try decodeFully(path).1.orientation))
    }

    @Test(
        "the analyzer sends a large progressive file to the DC reader at every preset but highest",
        arguments: [(Quality.lowest, true), (.low, true), (.high, true), (.highest, false)])
    func presets(quality: Quality, expected: Bool) throws {
        // Given a 4200×2700 progressive file: 1/8 gives 525 px, at least twice the canonical
        // image's 250 px that every preset but highest decodes for (AnalysisDownscaler)
        let ppm = try ProgressiveFixtures.writePPM(width: 4200, height: 2700) { x, y in
            (UInt8(x % 256), UInt8(y % 256), 128)
        }
        defer { try? FileManager.default.removeItem(atPath: ppm) }
        let big = try ProgressiveFixtures.run("cjpeg", ["-progressive"], input: ppm)
        defer { try? FileManager.default.removeItem(atPath: big) }
        // When the analyzer decodes it at each preset
        let analyzer = ImageColorAnalyzer(options: .init(quality: quality, memoryBudget: .megabytes(128)))
        let (_, info) = try analyzer.downscaledImage(.file(big))
        // Then only the presets that libjpeg would decode at 1/8 use the DC reader (a 1700 px
        // file, whose 1/8 is 213 px, no longer goes to it at lowest and low: they decode at
        // high's size, for the canonical image)
        #expect((info.decoder == .progressiveDC) == expected)
    }
}
