import Foundation
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// EXIF orientation: the eight hopper files show the same picture.
@Suite("EXIF orientation")
struct OrientationTests {
    static let files = (1...8).map { "orientation/hopper_orientation_\($0).jpg" }

    @Test("every orientation gives the displayed size and background of the upright file", arguments: files)
    func sameAsUpright(path: String) async throws {
        let analyzer = ImageColorAnalyzer()
        let upright = try await analyzer.analyze(fileAt: TestFiles.corpus(Self.files[0]))
        let oriented = try await analyzer.analyze(fileAt: TestFiles.corpus(path))
        #expect(oriented.width == upright.width && oriented.height == upright.height)
        #expect(oriented.analyzed == upright.analyzed)
        let a = oriented.background
        let b = upright.background
        let distance = max(
            abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
        #expect(distance <= 12, "\(path): background \(a.hex) vs \(b.hex)")
    }

    @Test("orientation tags 2–8 are read", arguments: 2...8)
    func tagRead(value: Int) async throws {
        let analysis = try await ImageColorAnalyzer().analyze(
            fileAt: TestFiles.corpus("orientation/hopper_orientation_\(value).jpg"))
        #expect(analysis.orientation == Orientation(rawValue: value))
    }

    @Test("the transforms move a marked corner where a viewer shows it")
    func transforms() {
        // Given a 3×2 image whose stored top-left pixel is red
        var image = RGBAImage(width: 3, height: 2, filledWith: .black)
        image[0, 0] = (255, 0, 0, 255)
        // Then each orientation puts it at the displayed corner the EXIF spec says
        let expected: [Orientation: (Int, Int)] = [
            .up: (0, 0), .upMirrored: (2, 0), .down: (2, 1), .downMirrored: (0, 1),
            .leftMirrored: (0, 0), .right: (1, 0), .rightMirrored: (1, 2), .left: (0, 2),
        ]
        for (orientation, (x, y)) in expected {
            let shown = orientation.apply(to: image)
            #expect(shown.width == (orientation.swapsDimensions ? 2 : 3))
            #expect(shown[x, y].red == 255, "\(orientation)")
        }
    }

    /// A PNG chunk: length, type, data, CRC-32 of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        let be = { (v: UInt32) in [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return be(UInt32(data.count)) + body + be(crc)
    }

    @Test("a PNG eXIf chunk's orientation is applied")
    func pngExif() async throws {
        // Given a 32×32 PngSuite gradient with an eXIf chunk (big-endian TIFF, orientation 6)
        // inserted after IHDR
        let original = try [UInt8](
            Data(contentsOf: TestFiles.corpus.appendingPathComponent("pngsuite/valid/basn2c08.png")))
        let tiff: [UInt8] = [
            0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0,
        ]
        let ihdrEnd = 8 + 8 + 13 + 4
        let png = Array(original[..<ihdrEnd]) + Self.chunk("eXIf", tiff) + Array(original[ihdrEnd...])
        // When analysed
        let analysis = try await ImageColorAnalyzer(options: .init(quality: .highest)).analyze(data: Data(png))
        // Then the orientation is read and applied
        #expect(analysis.orientation == .right)
        // (PngSuite files carry gAMA 1.0, which colour management would apply; decodeFully does not.)
        let (image, info) = try ImageColorAnalyzer(options: .init(quality: .highest, colorManagement: false))
            .downscaledImage(.data(Data(png)))
        let (plain, _) = try decodeFully(TestFiles.corpus("pngsuite/valid/basn2c08.png"))
        #expect(info.orientation == .right)
        #expect(image == Orientation.right.apply(to: plain))
        #expect(image != plain, "the gradient is not symmetric under rotation")
    }

    @Test("a result's orientation is written and read as the EXIF number, as the JSON contract has it")
    func exifNumberInJSON() async throws {
        // Given the analysis of a file tagged 6
        let analysis = try await ImageColorAnalyzer().analyze(fileAt: TestFiles.corpus(Self.files[5]))
        // When it is encoded as JSON
        let json = try JSONEncoder().encode(analysis)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        // Then orientation is the integer 6, and reading it back gives .right
        #expect(object["orientation"] as? Int == 6)
        #expect(try JSONDecoder().decode(ColorAnalysis.self, from: json).orientation == .right)
        // And every EXIF number reads as its case, while 0 and 9 are refused
        for value in 1...8 {
            let decoded = try JSONDecoder().decode(Orientation.self, from: Data("\(value)".utf8))
            #expect(decoded.rawValue == value)
        }
        for value in [0, 9] {
            #expect(throws: DecodingError.self) {
                try JSONDecoder().decode(Orientation.self, from: Data("\(value)".utf8))
            }
        }
    }
}
