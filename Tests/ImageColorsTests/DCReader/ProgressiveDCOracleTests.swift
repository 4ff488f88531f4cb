import Foundation
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// The DC reader against `djpeg -dct int -nosmooth -scale 1/8` on progressive files made with
/// cjpeg and jpegtran: every sampling factor, restart intervals, successive approximation and
/// single-component DC scans.
@Suite("Progressive DC reader: djpeg oracle")
struct ProgressiveDCOracleTests {
    /// DC in three steps (Al 2, then refinements 2→1 and 1→0), interleaved, AC bands between.
    static let successiveApproximation = """
        0,1,2: 0-0, 0, 2;
        0: 1-63, 0, 1;
        1: 1-63, 0, 0;
        2: 1-63, 0, 0;
        0,1,2: 0-0, 2, 1;
        0: 1-63, 1, 0;
        0,1,2: 0-0, 1, 0;
        """

    /// One DC scan per component (Y and Cb refined later), AC split into bands.
    static let singleComponentDC = """
        0: 0-0, 0, 1;
        1: 0-0, 0, 1;
        2: 0-0, 0, 0;
        0: 1-9, 0, 0;
        0: 10-63, 0, 0;
        1: 1-63, 0, 0;
        2: 1-63, 0, 0;
        0: 0-0, 1, 0;
        1: 0-0, 1, 0;
        """

    /// A grey image's scans: DC with successive approximation, AC in two bands.
    static let greyScans = """
        0: 0-0, 0, 1;
        0: 1-5, 0, 0;
        0: 0-0, 1, 0;
        0: 6-63, 0, 0;
        """

    /// Table 0: a flat luma quantizer. Table 1: chroma DC 12, every chroma AC 32767, so all
    /// chroma AC coefficients quantize to zero (and the DQT is written with 16-bit entries).
    static let dcOnlyChromaTables: String = {
        let luma = Array(repeating: "10", count: 64).joined(separator: " ")
        let chroma = (["12"] + Array(repeating: "32767", count: 63)).joined(separator: " ")
        return luma + "\n" + chroma + "\n"
    }()

    /// A way to make a progressive file.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        /// cjpeg (from a PPM) or jpegtran (from a JPEG).
        let tool: String
        let arguments: [String]
        /// A scan script, written to a file and passed with -scans.
        var scans: String?
        /// Quantization tables, passed with -qtables.
        var qtables: String?
        /// A corpus JPEG for jpegtran; cjpeg reads the synthetic picture.
        var input: String?

        var testDescription: String { name }

        func make() throws -> String {
            var arguments = arguments
            var files: [String] = []
            defer { for file in files { try? FileManager.default.removeItem(atPath: file) } }
            if let scans {
                files.append(try ProgressiveFixtures.textFile(scans))
                arguments += ["-scans", files.last!]
            }
            if let qtables {
                files.append(try ProgressiveFixtures.textFile(qtables))
                arguments += ["-qtables", files.last!, "-qslots", "0,1,1"]
            }
            let source = input.map { TestFiles.corpus($0) } ?? ProgressiveFixtures.syntheticPPM
            return try ProgressiveFixtures.run(tool, arguments, input: source)
        }
    }

    static let exactCases: [Case] = [
        Case(name: "4:4:4", tool: "cjpeg", arguments: ["-progressive", "-sample", "1x1", "-quality", "90"]),
        Case(name: "4:2:2", tool: "cjpeg", arguments: ["-progressive", "-sample", "2x1", "-quality", "85"]),
        Case(name: "4:4:0", tool: "cjpeg", arguments: ["-progressive", "-sample", "1x2", "-quality", "85"]),
        Case(name: "4:1:1", tool: "cjpeg", arguments: ["-progressive", "-sample", "4x1", "-quality", "85"]),
        Case(name: "grey", tool: "cjpeg", arguments: ["-progressive", "-grayscale"]),
        Case(
            name: "grey, scan script, restart every 5 MCUs", tool: "cjpeg",
            arguments: ["-grayscale", "-restart", "5B"], scans: greyScans),
        Case(
            name: "4:2:0 with DC-only chroma, 16-bit DQT", tool: "cjpeg",
            arguments: ["-progressive", "-sample", "2x2"], qtables: dcOnlyChromaTables),
        Case(
            name: "4:4:4, restart every MCU", tool: "cjpeg",
            arguments: ["-progressive", "-sample", "1x1", "-restart", "1B"]),
        Case(
            name: "4:2:2, restart every 7 MCUs", tool: "cjpeg",
            arguments: ["-progressive", "-sample", "2x1", "-restart", "7B"]),
        Case(
            name: "4:4:4, DC successive approximation", tool: "cjpeg", arguments: ["-sample", "1x1"],
            scans: successiveApproximation),
        Case(
            name: "4:2:2, single-component DC scans, restart every 3 MCUs", tool: "cjpeg",
            arguments: ["-sample", "2x1", "-restart", "3B"], scans: singleComponentDC),
        Case(
            name: "4:2:0 with DC-only chroma, single-component DC scans, restart every row", tool: "cjpeg",
            arguments: ["-sample", "2x2", "-restart", "1"], scans: singleComponentDC, qtables: dcOnlyChromaTables),
        Case(
            name: "Adobe YCCK (jpegtran -progressive)", tool: "jpegtran", arguments: ["-progressive"],
            input: "color/pil_sample_cmyk.jpg"),
        Case(
            name: "Adobe YCCK, restart every 2 MCUs", tool: "jpegtran", arguments: ["-progressive", "-restart", "2B"],
            input: "color/pil_sample_cmyk.jpg"),
        Case(
            name: "Adobe YCCK, successive approximation", tool: "jpegtran", arguments: [],
            scans:
                """
                0,1,2,3: 0-0, 0, 1;
                0: 1-63, 0, 0;
                1: 1-63, 0, 0;
                2: 1-63, 0, 0;
                3: 1-63, 0, 0;
                0,1,2,3: 0-0, 1, 0;

                """,
            input: "color/pil_sample_cmyk.jpg"),
    ]

    @Test("matches djpeg -scale 1/8 exactly", arguments: exactCases)
    func exact(_ testCase: Case) throws {
        // Given a progressive file, then the DC reader's 1/8 decode is djpeg's exactly
        let path = try testCase.make()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try ProgressiveFixtures.expectMatchesDjpeg(path, decoder: .progressiveDC)
    }

    @Test("a real progressive 4:4:4 file (icc_profile_big.jpg) matches djpeg exactly")
    func corpusProgressive() throws {
        let path = TestFiles.corpus("color/icc_profile_big.jpg")
        let reference = try ProgressiveFixtures.djpegEighth(path)
        let (image, info) = try ProgressiveFixtures.decodeEighth(path)
        #expect(info.decoder == .progressiveDC)
        #expect(ProgressiveFixtures.compare(image, reference) == (0, 0))
    }

    @Test(
        "CMYK without an Adobe marker and with transform 0 convert like the libjpeg path",
        arguments: [("no Adobe marker", UInt8(0xED), UInt8(2)), ("Adobe transform 0", UInt8(0xEE), UInt8(0))])
    func plainCMYK(name: String, app: UInt8, transform: UInt8) throws {
        // Given the YCCK sample made progressive, its APP14 turned into APP13 (no Adobe marker:
        // plain CMYK, 255 = full ink) or its transform set to 0 (Adobe CMYK, inverted)
        let progressive = try ProgressiveFixtures.run(
            "jpegtran", ["-progressive"], input: TestFiles.corpus("color/pil_sample_cmyk.jpg"))
        defer { try? FileManager.default.removeItem(atPath: progressive) }
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: progressive)))
        let adobe = try #require((0..<bytes.count - 16).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xEE })
        bytes[adobe + 1] = app
        bytes[adobe + 4 + 11] = transform
        let path = ProgressiveFixtures.temporaryPath(".jpg")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When both the DC reader and libjpeg (through the shim, same conventions) decode it at 1/8
        let (image, info) = try ProgressiveFixtures.decodeEighth(path)
        let reference = try ProgressiveFixtures.libjpegEighth(path)
        // Then the pixels are the same
        #expect(info.decoder == .progressiveDC)
        #expect(image == reference, "\(name)")
    }

    @Test(
        "natural 4:2:0: luma-driven, chroma from DC; close to djpeg, whose 1/8 chroma uses a 2×2 IDCT",
        arguments: [
            ("jpeg/testorig.jpg", true), ("jpeg/testimgint.jpg", true), ("jpeg/testorig.jpg", false),
            ("jpeg/testimgint.jpg", false),
        ])
    func natural420(name: String, progressive: Bool) throws {
        // Given a natural 4:2:0 photo, as it is (baseline) or made progressive losslessly
        let path = try ProgressiveFixtures.run(
            "jpegtran", progressive ? ["-progressive"] : [], input: TestFiles.corpus(name))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reference = try ProgressiveFixtures.djpegEighth(path)
        // When the DC reader decodes it
        let (image, info) = try ProgressiveFixtures.decodeEighth(path)
        #expect(info.decoder == (progressive ? .progressiveDC : .sequentialDC))
        // Then each 2×2 cell (one chroma block) averages to nearly djpeg's: libjpeg scales chroma
        // with a 2×2 IDCT whose four outputs average to the DC value we repeat, so only rounding
        // and clipping at 0 or 255 near strong colour edges tell them apart (measured: 97% of
        // cells within 1, 99.6% within 2, the worst 7.5 on a clipped red edge)
        let (width, height) = (reference.width, reference.height)
        #expect(image.width == width && image.height == height)
        var cells = 0
        var withinOne = 0
        var withinTwo = 0
        for cy in stride(from: 0, to: height, by: 2) {
            for cx in stride(from: 0, to: width, by: 2) {
                for c in 0..<3 {
                    var ours = 0
                    var theirs = 0
                    var n = 0
                    for y in cy..<min(cy + 2, height) {
                        for x in cx..<min(cx + 2, width) {
                            ours += Int(image.pixels[(y * width + x) * 4 + c])
                            theirs += Int(reference.samples[(y * width + x) * 3 + c])
                            n += 1
                        }
                    }
                    let difference = abs(Double(ours - theirs) / Double(n))
                    cells += 1
                    if difference <= 1 { withinOne += 1 }
                    if difference <= 2 { withinTwo += 1 }
                }
            }
        }
        #expect(Double(withinOne) >= 0.95 * Double(cells), "\(withinOne) of \(cells) cells within 1")
        #expect(Double(withinTwo) >= 0.99 * Double(cells), "\(withinTwo) of \(cells) cells within 2")
        // And luma alone is exact: a grey copy made by jpegtran keeps the Y coefficients as they
        // are, and djpeg -grayscale decodes only Y of the colour file
        let grey = try ProgressiveFixtures.run(
            "jpegtran", ["-grayscale"] + (progressive ? ["-progressive"] : []), input: path)
        defer { try? FileManager.default.removeItem(atPath: grey) }
        let (luma, _) = try ProgressiveFixtures.decodeEighth(grey)
        #expect(ProgressiveFixtures.compare(luma, try ProgressiveFixtures.djpegEighth(path, grayscale: true)) == (0, 0))
    }
}
