import Foundation
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// The DC reader on sequential (baseline and extended sequential) files: against
/// `djpeg -dct int -nosmooth -scale 1/8`, which decodes the same Huffman symbols and keeps only
/// the DC values; routing; and damage, against libjpeg's own words and pixels.
@Suite("DC reader: sequential files")
struct SequentialDCTests {
    typealias Case = ProgressiveDCOracleTests.Case

    static let exactCases: [Case] = [
        Case(name: "4:4:4", tool: "cjpeg", arguments: ["-sample", "1x1", "-quality", "90"]),
        Case(name: "4:2:2", tool: "cjpeg", arguments: ["-sample", "2x1", "-quality", "85"]),
        Case(name: "4:4:0", tool: "cjpeg", arguments: ["-sample", "1x2", "-quality", "85"]),
        Case(name: "4:1:1", tool: "cjpeg", arguments: ["-sample", "4x1", "-quality", "85"]),
        Case(name: "grey", tool: "cjpeg", arguments: ["-grayscale"]),
        // Cb and Cr sampled differently, and luma below the frame's maximum: the general row
        // loop, not the one-offset-row-per-chroma-row path JFIF's usual layouts take.
        // (Not 2x2,1x1,2x2: libjpeg scales such a Cb up through a 2×2 IDCT, as it does 4:2:0 chroma.)
        Case(name: "Cb at half width, Cr full (2x1,1x1,2x1)", tool: "cjpeg", arguments: ["-sample", "2x1,1x1,2x1"]),
        Case(
            name: "luma at half the chroma's width (1x1,2x1,2x1)", tool: "cjpeg",
            arguments: ["-sample", "1x1,2x1,2x1"]),
        Case(name: "grey, restart every 5 MCUs", tool: "cjpeg", arguments: ["-grayscale", "-restart", "5B"]),
        Case(name: "4:4:4, restart every MCU", tool: "cjpeg", arguments: ["-sample", "1x1", "-restart", "1B"]),
        Case(name: "4:2:2, restart every 7 MCUs", tool: "cjpeg", arguments: ["-sample", "2x1", "-restart", "7B"]),
        // Quality 100 codes large coefficients: long AC codes and 10 extra bits, past the skip
        // table's 11 bits, so the slow path runs often.
        Case(name: "4:4:4, quality 100", tool: "cjpeg", arguments: ["-sample", "1x1", "-quality", "100"]),
        Case(name: "4:4:4, optimized Huffman tables", tool: "cjpeg", arguments: ["-sample", "1x1", "-optimize"]),
        Case(
            name: "4:2:0 with DC-only chroma, 16-bit DQT (extended sequential, SOF1)", tool: "cjpeg",
            arguments: ["-sample", "2x2"], qtables: ProgressiveDCOracleTests.dcOnlyChromaTables),
        Case(
            name: "4:4:4, one sequential scan per component", tool: "cjpeg", arguments: ["-sample", "1x1"],
            scans: "0: 0-63, 0, 0;\n1: 0-63, 0, 0;\n2: 0-63, 0, 0;\n"),
        Case(
            name: "4:2:2, Y alone then Cb and Cr interleaved, restart every 3 MCUs", tool: "cjpeg",
            arguments: ["-sample", "2x1", "-restart", "3B"], scans: "0: 0-63, 0, 0;\n1,2: 0-63, 0, 0;\n"),
        Case(name: "Adobe YCCK (corpus)", tool: "jpegtran", arguments: [], input: "color/pil_sample_cmyk.jpg"),
        Case(
            name: "Adobe YCCK, restart every 2 MCUs", tool: "jpegtran", arguments: ["-restart", "2B"],
            input: "color/pil_sample_cmyk.jpg"),
    ]

    @Test("matches djpeg -scale 1/8 exactly", arguments: exactCases)
    func exact(_ testCase: Case) throws {
        // Given a sequential file, then the DC reader's 1/8 decode is djpeg's exactly
        let path = try testCase.make()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try Self.frameMarker(path) != 0xC2, "the case must not be progressive")
        try ProgressiveFixtures.expectMatchesDjpeg(path, decoder: .sequentialDC)
    }

    @Test("the extended sequential case really is SOF1, and the plain ones SOF0")
    func frameKinds() throws {
        let extended = try Self.exactCases.first { $0.qtables != nil }!.make()
        defer { try? FileManager.default.removeItem(atPath: extended) }
        #expect(try Self.frameMarker(extended) == 0xC1)
        #expect(try Self.frameMarker(TestFiles.corpus("jpeg/testorig.jpg")) == 0xC0)
    }

    @Test(
        "a sequential file goes to the DC reader exactly when the plan is 1/8",
        arguments: [(1, .sequentialDC), (29, .sequentialDC), (30, .library), (nil, .library)] as [(Int?, DecoderKind)])
    func byScale(minimumLongSide: Int?, expected: DecoderKind) throws {
        // Given testorig.jpg (227×149, baseline), when decoded with a minimum long side
        let (image, info) = try decodeFully(TestFiles.corpus("jpeg/testorig.jpg"), minimumLongSide: minimumLongSide)
        // Then the DC reader took it only where libjpeg would have decoded at 1/8
        #expect(info.decoder == expected)
        #expect(image.width == info.decodedWidth && info.width == 227 && info.height == 149)
    }

    /// A tall 600×16000 baseline file (4:2:0): its DC planes and rows take 450 kB, more than
    /// libjpeg's streaming decode reserves (its reservations grow with the width, the planes
    /// with the area), and libjpeg's whole-image coefficient buffer would be 28.8 MB.
    static let tallBaseline: String = {
        let ppm = try! ProgressiveFixtures.writePPM(width: 600, height: 16000) { x, y in
            (UInt8(x % 256), UInt8(y % 256), 60)
        }
        defer { try? FileManager.default.removeItem(atPath: ppm) }
        return try! ProgressiveFixtures.run("cjpeg", [], input: ppm)
    }()

    @Test("short of 1/8 a sequential file stays with libjpeg even on a tight budget: it needs no whole-image buffer")
    func noBudgetFallback() throws {
        // Given the tall file, decoded at 1/4 (long side at least 2001) under a 2 MB budget, where
        // a progressive file would fall back to the DC reader
        var sink = FullImageSink()
        var options = DecodeOptions()
        options.minimumLongSide = 2001
        options.budgetFallbackLongSide = 1
        options.ledger = MemoryLedger(budget: .megabytes(2))
        // When decoded, then libjpeg streamed it at 1/4
        let info = try ImageDecoding.decode(try SourceProbe(.file(Self.tallBaseline)), options: options, into: &sink)
        #expect(info.decoder == .library && info.decodedWidth == 150)
    }

    @Test("at 1/8 a sequential file whose DC planes would not fit the budget streams through libjpeg instead")
    func planesOverBudget() throws {
        // Given the tall file and what libjpeg's streaming 1/8 decode of it reserves
        let path = Self.tallBaseline
        var options = DecodeOptions()
        options.minimumLongSide = 1
        options.ledger = MemoryLedger(budget: .megabytes(30))
        var sink = FullImageSink()
        _ = try JPEGDecoder.decodeWithLibjpeg(.file(path), options: options, into: &sink)
        let libjpegPeak = try #require(options.ledger?.peak)
        let frame = try #require(
            JPEGFrame(marker: 0xC0, segment: [8, 0x3E, 0x80, 0x02, 0x58, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]))
        let planes = DCImage.bytesNeeded(for: frame) + DCRowWriter.bytesNeeded(for: frame)
        try #require(libjpegPeak < planes, "libjpeg reserved \(libjpegPeak) bytes, the planes need \(planes)")
        // When decoded at 1/8 with a budget between the two
        options.ledger = MemoryLedger(budget: MemoryBudget(bytes: (libjpegPeak + planes) / 2))
        sink = FullImageSink()
        let info = try ImageDecoding.decode(try SourceProbe(.file(path)), options: options, into: &sink)
        // Then libjpeg decoded it, within the budget
        #expect(info.decoder == .library && info.decodedWidth == 75)
    }

    /// A 301×203 4:4:4 baseline file with a restart marker every 3 MCUs (4:4:4, so libjpeg's
    /// 1/8 pixels are the DC reader's exactly, damaged or not).
    static let sample: [UInt8] = {
        let path = try! ProgressiveFixtures.run(
            "cjpeg", ["-sample", "1x1", "-restart", "3B", "-quality", "92"],
            input: ProgressiveFixtures.syntheticPPM)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try! [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }()

    @Test(
        "cut at 24 lengths inside the scan: strict, libjpeg's error; lenient, libjpeg's pixels",
        arguments: (0..<24).map { $0 })
    func truncated(step: Int) throws {
        // Given the sample cut somewhere in its entropy-coded data
        let scan = ProgressiveDCMalformedTests.markers(Self.sample, 0xDA)[0] + 14
        let length = scan + step * (Self.sample.count - 2 - scan) / 23
        let path = try ProgressiveDCMalformedTests.write(Array(Self.sample.prefix(length)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When decoded strictly, then both decoders fail the same way
        let ours = #expect(throws: ImageDecodingError.self) { _ = try ProgressiveFixtures.decodeEighth(path) }
        let theirs = #expect(throws: ImageDecodingError.self) { _ = try ProgressiveFixtures.libjpegEighth(path) }
        #expect(ours == theirs && ours?.code == "truncated-image")
        // And leniently the DC reader gives libjpeg's image: what was decoded, the rest grey
        let (image, info) = try ProgressiveFixtures.decodeEighth(path, strict: false)
        #expect(info.decoder == .sequentialDC)
        #expect(image == (try ProgressiveFixtures.libjpegEighth(path, strict: false)))
    }

    @Test(
        "32 single-byte corruptions of the scan: an image or a typed error; leniently libjpeg's pixels or its error",
        arguments: (0..<32).map { $0 })
    func corrupted(step: Int) throws {
        // Given the sample with one byte of its scan changed at a pseudo-random place
        var state = UInt64(step + 1) &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let scan = ProgressiveDCMalformedTests.markers(Self.sample, 0xDA)[0] + 14
        let offset = scan + Int(state >> 33) % (Self.sample.count - 2 - scan)
        var bytes = Self.sample
        bytes[offset] ^= UInt8(truncatingIfNeeded: state >> 13) | 1
        let path = try ProgressiveDCMalformedTests.write(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When both decoders read it leniently, then they agree: the same pixels or the same error
        let ours = Self.outcome { try ProgressiveFixtures.decodeEighth(path, strict: false).0 }
        let theirs = Self.outcome { try ProgressiveFixtures.libjpegEighth(path, strict: false) }
        #expect(ours == theirs, "byte \(offset)")
        // And strictly the DC reader gives a 1/8 image or a typed error (`outcome` records any
        // other error), and never an image where the lenient decode failed
        switch Self.outcome({ try ProgressiveFixtures.decodeEighth(path).0 }) {
        case .success(let image)?:
            #expect(image.width == 38 && image.height == 26, "byte \(offset)")
            if case .failure(let error)? = ours {
                Issue.record("byte \(offset): strict decoded, lenient failed: \(error)")
            }
        case .failure?, nil:
            break
        }
    }

    /// Damage that both decoders see, and the change that makes it.
    static let damage: [(String, @Sendable ([UInt8]) -> [UInt8])] = [
        (
            "the scan names an AC table never defined",
            { bytes in
                var bytes = bytes
                bytes[ProgressiveDCMalformedTests.markers(bytes, 0xDA)[0] + 6] = 0x03 // Y: DC 0, AC 3
                return bytes
            }
        ),
        (
            "the scan's Se is 5 (a warning for sequential files)",
            { bytes in
                var bytes = bytes
                bytes[ProgressiveDCMalformedTests.markers(bytes, 0xDA)[0] + 12] = 5
                return bytes
            }
        ),
        (
            "an unknown marker after the scan",
            { bytes in
                var bytes = bytes
                bytes.insert(contentsOf: [0xFF, 0xF0, 0x00, 0x04, 0x00, 0x00], at: bytes.count - 2)
                return bytes
            }
        ),
        (
            "a second frame header after the scan",
            { bytes in
                var bytes = bytes
                bytes.insert(
                    contentsOf: [0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x10, 0x00, 0x10, 0x01, 0x01, 0x11, 0x00],
                    at: bytes.count - 2)
                return bytes
            }
        ),
    ]

    @Test("damage both decoders see gives libjpeg's own error", arguments: damage.indices)
    func sameErrorAsLibjpeg(index: Int) throws {
        let (name, change) = Self.damage[index]
        // Given the damaged sample
        let path = try ProgressiveDCMalformedTests.write(change(Self.sample))
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When the DC reader and libjpeg decode it at 1/8, then the errors are the same
        ProgressiveFixtures.expectSameErrorAsLibjpeg(path, name)
    }

    @Test("a few stray bytes after the last block pass, as with libjpeg, which drops its bit buffer at the scan's end")
    func strayBytesAfterScan() throws {
        // Given the sample with three bytes of garbage before EOI
        var bytes = Self.sample
        bytes.insert(contentsOf: [0x12, 0x34, 0x56], at: bytes.count - 2)
        let path = try ProgressiveDCMalformedTests.write(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When both decode it strictly, then both succeed with the same pixels
        let (image, info) = try ProgressiveFixtures.decodeEighth(path)
        #expect(info.decoder == .sequentialDC)
        #expect(image == (try ProgressiveFixtures.libjpegEighth(path)))
    }

    /// An image or a decoding error (any other error fails the test).
    static func outcome(_ decode: () throws -> RGBAImage) -> Result<RGBAImage, ImageDecodingError>? {
        do {
            return .success(try decode())
        } catch let error as ImageDecodingError {
            return .failure(error)
        } catch {
            Issue.record("not a decoding error: \(error)")
            return nil
        }
    }

    /// The SOFn marker code of the JPEG at `path` (a walk over the segments before the frame).
    static func frameMarker(_ path: String) throws -> UInt8 {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        var i = 2
        while i + 4 <= bytes.count, bytes[i] == 0xFF {
            let code = bytes[i + 1]
            if (0xC0...0xCF).contains(code), ![0xC4, 0xC8, 0xCC].contains(code) { return code }
            i += 2 + (Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]))
        }
        throw ImageDecodingError.corrupt(.jpeg, detail: "no frame header in \(path)")
    }
}
