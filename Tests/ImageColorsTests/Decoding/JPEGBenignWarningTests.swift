import Foundation
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// libjpeg warnings that say nothing about the pixels do not fail strict decoding (the default):
/// browsers show such files, and a sweep of real encoders' quirks found them refused.
@Suite("JPEG: warnings about the header alone")
struct JPEGBenignWarningTests {
    /// Samples/rocket.jpg: JFIF 1.01, its APP0 segment first.
    static func rocket() throws -> Data {
        try Data(contentsOf: TestFiles.root.appendingPathComponent("Samples/rocket.jpg"))
    }

    /// The four colours and the palette, which must not change.
    static func colours(_ data: Data) async throws -> [RGBColor] {
        let analysis = try await ImageColorAnalyzer(options: AnalysisOptions(paletteSize: 6)).analyze(data: data)
        return [analysis.background, analysis.primary, analysis.secondary, analysis.detail]
            + (analysis.palette ?? []).map(\.color)
    }

    @Test("a JFIF version other than 1.x is analysed as the same picture")
    func jfifVersion() async throws {
        // Given rocket.jpg with its APP0 saying JFIF 2.01 (libjpeg warns "unknown JFIF revision
        // number 2.01" and reads it as 1.x; the file was refused as corrupt)
        let original = try Self.rocket()
        var (segments, rest) = JPEGSegments.header(of: original)
        let app0 = try #require(segments.firstIndex { $0.0 == 0xE0 && $0.1.starts(with: Array("JFIF\0".utf8)) })
        segments[app0].1[5] = 2
        let changed = JPEGSegments.assemble(segments, rest: rest)
        // When analysed with the defaults (strict decoding)
        // Then it gives the original's colours
        #expect(try await Self.colours(changed) == Self.colours(original))
    }

    @Test("a header segment lost to a damaged marker still fails strict decoding")
    func lostSegment() async throws {
        // Given a CMYK JPEG whose Adobe APP14 marker's FF is damaged: libjpeg skips the segment
        // as 16 extraneous bytes and, without it, applies the wrong colour transform
        var (segments, rest) = JPEGSegments.header(
            of: try Data(
                contentsOf: TestFiles.root.appendingPathComponent("Tests/Fixtures/ColorManagement/synthetic-cmyk.jpg")))
        let adobe = try #require(segments.firstIndex { $0.0 == 0xEE })
        let body = segments.remove(at: adobe).1
        var bytes = [UInt8](JPEGSegments.assemble(segments, rest: rest))
        let at = bytes.count - rest.count
        bytes.insert(
            contentsOf: [0x00, 0xEE, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body, at: at)
        // When analysed with the defaults
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(data: Data(bytes))
        }
        // Then it is refused as corrupt, the skipped bytes counted
        #expect(error?.code == "corrupt-image", "\(error.map { "\($0)" } ?? "no error")")
        #expect(error?.description.contains("\(body.count + 4) extraneous bytes") == true)
    }

    @Test("garbage between header segments is analysed as the same picture")
    func paddingBeforeFirstScan() async throws {
        // Given rocket.jpg with two zero bytes after APP0 (a camera's padding, fewer than a
        // segment's 4: libjpeg warns
        // "2 extraneous bytes before marker 0xdb", and the file was refused as corrupt)
        let original = [UInt8](try Self.rocket())
        let afterAPP0 = 4 + (Int(original[4]) << 8 | Int(original[5]))
        #expect(original[afterAPP0] == 0xFF)
        let padded = Data(original[..<afterAPP0] + [0, 0] + original[afterAPP0...])
        // When analysed with the defaults
        // Then it gives the original's colours
        #expect(try await Self.colours(padded) == Self.colours(Data(original)))
    }
}
