import Foundation
import TestSupport
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// The core's entry point against the full pipeline: handed the rows our decoder gives, in the
/// layout an app's decoder would hand over, ``PixelAnalyzer`` answers what
/// ``ImageColorAnalyzer`` answers for the file.
@Suite("Core: pixels in, the pipeline's colours out")
struct PixelAnalyzerEqualityTests {
    /// Every still and animated file the tests own that our decoders read: the samples, the
    /// shared corpus's JPEG, orientation, colour and PNG suites, and the GIF, WebP and
    /// colour-management fixtures.
    static let files: [String] = {
        let samples = RepositoryPaths.sampleNames.map { RepositoryPaths.samples.appendingPathComponent($0).path }
        let corpus = ["jpeg", "orientation", "color", "pngsuite"].flatMap { folder in
            TestFiles.files(in: folder).map { TestFiles.corpus("\(folder)/\($0)") }
        }
        let fixtures = ["GIF", "WebP", "ColorManagement"].flatMap { folder in
            let directory = TestFiles.root.appendingPathComponent("Tests/Fixtures/\(folder)")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter { ["png", "jpg", "gif", "webp"].contains(($0 as NSString).pathExtension) }.sorted()
                .map { directory.appendingPathComponent($0).path }
        }
        return samples + corpus + fixtures
    }()

    /// The default options, and a set that exercises every step after decoding.
    static let optionSets: [AnalysisOptions] = [
        AnalysisOptions(),
        AnalysisOptions(
            quality: .low, titleRegion: .bottom, paletteSize: 8, backdrop: RGBColor(red: 250, green: 248, blue: 240),
            scheme: .classic, minimumContrast: 4.5, placeholders: .both),
    ]

    /// The rows the pipeline's downscaler receives for `path` at `options`' size, in sRGB, as
    /// one packed straight-alpha buffer, with what the decoder said about them.
    static func decodedRows(_ path: String, options: AnalysisOptions) throws -> (RGBAImage, DecodedImageInfo) {
        var sink = ColorManagedSink(FullImageSink(), enabled: options.colorManagement, ledger: nil)
        var decode = DecodeOptions()
        // What ImageColorAnalyzer asks of the decoder: DCT scaling down to twice the target, or
        // twice the canonical image the background is chosen on, whichever is larger.
        decode.minimumLongSide = AnalysisDownscaler.minimumDecodedLongSide(forTarget: options.quality.longSide)
        decode.frames = options.frames
        let info = try ImageDecoding.decode(try SourceProbe(.file(path)), options: decode, into: &sink)
        sink.finishConversion()
        return (sink.inner.image, info)
    }

    @Test(
        "the same rows give the same colours, title, palette, cards and placeholders",
        arguments: files, optionSets.indices)
    func sameAnswer(path: String, optionSet: Int) throws {
        let options = Self.optionSets[optionSet]
        // Given a file our decoders read, and the rows they give for it in a caller's buffer
        guard let (rows, info) = try? Self.decodedRows(path, options: options) else {
            // Skipped only when the pipeline refuses the file too (the 12-bit JPEG)
            #expect(throws: (any Error).self) {
                try ImageColorAnalyzer(options: options, executor: nil).analyzeNow(.file(path))
            }
            return
        }
        // (the file's own size: the decoder may have scaled it, as an app's thumbnail API does)
        let layout = PixelLayout(
            width: rows.width, height: rows.height, orientation: info.orientation,
            pictureLongSide: max(info.width, info.height))
        // When the core analyses the buffer and the pipeline analyses the file
        let core = try PixelAnalyzer(options: options).analyze(rows.pixels, layout: layout)
        let pipeline = try ImageColorAnalyzer(options: options, executor: nil).analyzeNow(.file(path))
        // Then every colour the result carries is the same
        let name = (path as NSString).lastPathComponent
        #expect(core.roles == pipeline.roles, "\(name)")
        #expect(core.title == pipeline.title, "\(name)")
        #expect(core.palette == pipeline.palette, "\(name)")
        #expect(core.appearances == pipeline.appearances, "\(name)")
        #expect(core.placeholder == pipeline.placeholder, "\(name)")
        #expect(core.analyzed == pipeline.analyzed, "\(name)")
        #expect(core.orientation == pipeline.orientation, "\(name)")
        #expect(core.format == .pixels)
    }

    @Test("the sweep covers every format and reads almost every file")
    func sweepCoverage() throws {
        // Given the sweep's files
        // When each is decoded as the equality test does
        var readable: [String: Int] = [:]
        for path in Self.files {
            guard let (_, info) = try? Self.decodedRows(path, options: AnalysisOptions()) else { continue }
            readable[info.format.rawValue, default: 0] += 1
        }
        // Then JPEG, PNG, GIF and WebP are all there, and only a few files (invalid PNG suite
        // members) are skipped
        for format in ["jpeg", "png", "gif", "webp"] { #expect(readable[format, default: 0] > 0, "\(format)") }
        let total = readable.values.reduce(0, +)
        #expect(total >= Self.files.count * 9 / 10, "\(total) of \(Self.files.count) read")
    }
}
