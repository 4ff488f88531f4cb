import Foundation
import TestSupport
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// One image, one set of options, one answer: asking for a thumbnail, a palette, a title region,
/// placeholders or all of them (what `imagecolors report` asks for) never changes the colours,
/// the title or the dark card.
@Suite("One answer per image")
struct OneAnswerTests {
    /// What must not change, and the palette when there is one.
    struct Answer: Equatable {
        var roles: ColorRoles
        var title: TitleText, titleColor: RGBColor, titleContrast: Double
        var analyzed: ColorAnalysis.Size
        var dark: CardColors?

        init(_ analysis: ColorAnalysis) {
            dark = analysis.appearances?.dark
            roles = analysis.roles
            title = analysis.title.text
            titleColor = analysis.title.color
            titleContrast = analysis.title.contrastRatio
            analyzed = analysis.analyzed
        }
    }

    /// The samples at three presets, and generated pictures encoded as baseline JPEG and as PNG,
    /// 1200×800 so that a JPEG is DCT-scaled for the analysis.
    static let sources: [(String, Quality)] = {
        var sources: [(String, Quality)] = []
        for name in ["rocket.jpg", "retina.jpg", "chelsea.png", "coffee.png", "horse.png", "camera.png"] {
            for quality in [Quality.low, .high, .highest] {
                sources.append((TestFiles.samples.appendingPathComponent(name).path, quality))
            }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("one-answer-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for seed in 0..<4 {
            let image = generatedPicture(seed: UInt64(seed))
            let jpeg = folder.appendingPathComponent("generated-\(seed).jpg")
            let png = folder.appendingPathComponent("generated-\(seed).png")
            try? ImageEncoder.jpeg(image, quality: 90, backdrop: .white).write(to: jpeg)
            try? ImageEncoder.png(image).write(to: png)
            sources += [(jpeg.path, .low), (jpeg.path, .high), (png.path, .high)]
        }
        return sources
    }()

    @Test(
        """
        Given an image, when analysed alone and with a thumbnail, a palette, a title region or all three, then the \
        colours and the title are the same
        """,
        arguments: sources)
    func sameAnswer(path: String, quality: Quality) throws {
        let source = ImageSource.file(path)
        let plain = try ImageColorAnalyzer(options: AnalysisOptions(quality: quality)).analyzeNow(source)
        let variants: [(String, AnalysisOptions, ThumbnailRequest?)] = [
            ("thumbnail 320", AnalysisOptions(quality: quality), ThumbnailRequest(longSide: 320)),
            // Larger than the analysis decode at every preset: the thumbnail needs a pass of its own.
            ("thumbnail 1000", AnalysisOptions(quality: quality), ThumbnailRequest(longSide: 1000, format: .png)),
            ("thumbnail 48", AnalysisOptions(quality: quality), ThumbnailRequest(longSide: 48)),
            ("palette", AnalysisOptions(quality: quality, paletteSize: 8), nil),
            ("title region", AnalysisOptions(quality: quality, titleRegion: .bottom), nil),
            ("placeholders", AnalysisOptions(quality: quality, placeholders: .both), nil),
            (
                "report", AnalysisOptions(quality: quality, titleRegion: .bottom, paletteSize: 8, placeholders: .both),
                ThumbnailRequest(longSide: 320, jpegQuality: 80)
            ),
        ]
        var palettes: [[PaletteColor]] = []
        for (name, options, thumbnail) in variants {
            let response = try ImageColorAnalyzer(options: options).analyzeNow(source, thumbnail: thumbnail)
            let analysis = response.analysis
            #expect(Answer(analysis) == Answer(plain), "\(name)")
            if let thumbnail {
                let made = try #require(response.thumbnail, "\(name)")
                // Never enlarged, and as large as asked otherwise.
                #expect(
                    max(made.width, made.height) == min(thumbnail.longSide, max(plain.width, plain.height)), "\(name)")
            }
            if let palette = analysis.palette { palettes.append(palette) }
        }
        #expect(palettes.count == 2)
        #expect(palettes.first == palettes.last)
    }

    /// 1200×800: a sky gradient, a field, a sun and a few vivid details, different per seed.
    static func generatedPicture(seed: UInt64) -> RGBAImage {
        var random = SplitMix64(seed: seed &+ 900)
        func channel() -> Int { Int.random(in: 0...255, using: &random) }
        let top = (channel(), channel(), channel())
        let bottom = (channel(), channel(), channel())
        var image = RGBAImage(width: 1200, height: 800, filledWith: .black)
        for y in 0..<800 {
            let t = Double(y) / 799
            func mix(_ a: Int, _ b: Int) -> UInt8 { UInt8((Double(a) * (1 - t) + Double(b) * t).rounded()) }
            let row = (mix(top.0, bottom.0), mix(top.1, bottom.1), mix(top.2, bottom.2))
            for x in 0..<1200 { image[x, y] = (row.0, row.1, row.2, 255) }
        }
        for _ in 0..<5 {
            let color = (UInt8(channel()), UInt8(channel()), UInt8(channel()))
            let x0 = Int.random(in: 0..<1100, using: &random)
            let y0 = Int.random(in: 0..<700, using: &random)
            let w = Int.random(in: 5...200, using: &random)
            let h = Int.random(in: 5...200, using: &random)
            for y in y0..<min(800, y0 + h) {
                for x in x0..<min(1200, x0 + w) { image[x, y] = (color.0, color.1, color.2, 255) }
            }
        }
        return image
    }
}
