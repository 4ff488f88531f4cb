import Foundation
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// Whole analyses of tagged images report the colours of their sRGB originals.
@Suite("Colour management: analysis")
struct ColorManagedAnalysisTests {
    static let managed = ImageColorAnalyzer()
    static let unmanaged = ImageColorAnalyzer(options: .init(colorManagement: false))

    @Test(
        "tagged copies of a picture give its colours within a small ΔE_OK",
        arguments: [
            ("synthetic-p3.png", "synthetic.png", "Display P3"),
            ("synthetic-adobe.png", "synthetic.png", "Adobe RGB (1998) compatible"),
            ("synthetic-p3.jpg", "synthetic.jpg", "Display P3"),
            ("synthetic-adobe.jpg", "synthetic.jpg", "Adobe RGB (1998) compatible"),
            ("synthetic-cmyk.jpg", "synthetic.png", "ImageColors test CMYK"),
        ])
    func rolesMatch(tagged: String, original: String, profile: String) throws {
        // Given an untagged sRGB picture and a copy converted into another colour space
        let reference = try Self.managed.analyzeNow(.file(ColorFixtures.path(original)))
        // When both are analysed
        let analysis = try Self.managed.analyzeNow(.file(ColorFixtures.path(tagged)))
        // Then the tagged copy says which profile it used and gives the same four colours
        #expect(analysis.colorProfile == profile)
        #expect(analysis.colorNote == nil)
        #expect(reference.colorProfile == nil)
        let worst = ColorFixtures.worstRoleDeltaE(analysis, reference)
        #expect(worst <= 0.015, "\(tagged): worst role ΔE_OK \(worst)")
        // while without colour management they are visibly different
        let off = try Self.unmanaged.analyzeNow(.file(ColorFixtures.path(tagged)))
        #expect(off.colorProfile == nil && off.colorNote == nil)
        let offWorst = ColorFixtures.worstRoleDeltaE(off, reference)
        #expect(offWorst >= 0.02 && offWorst > 2 * worst, "\(tagged): unmanaged worst role ΔE_OK \(offWorst)")
    }

    @Test(
        "a photograph's analysed pixels match its sRGB original",
        arguments: [("photo-p3.jpg", 0.008), ("photo-cmyk.jpg", 0.02)])
    func photographPixels(tagged: String, tolerance: Double) throws {
        // CMYK has more to lose: JPEG noise on four channels and LittleCMS's 8-bit CMYK table.
        let (reference, _) = try Self.managed.downscaledImage(.file(ColorFixtures.path("photo.jpg")))
        let (managed, _) = try Self.managed.downscaledImage(.file(ColorFixtures.path(tagged)))
        let (unmanaged, _) = try Self.unmanaged.downscaledImage(.file(ColorFixtures.path(tagged)))
        let managedError = ColorFixtures.meanDeltaE(managed, reference)
        let unmanagedError = ColorFixtures.meanDeltaE(unmanaged, reference)
        #expect(managedError < tolerance, "\(tagged): mean ΔE_OK \(managedError)")
        #expect(
            unmanagedError > 0.015 && unmanagedError > 2.5 * managedError,
            "\(tagged): unmanaged mean ΔE_OK \(unmanagedError)")
    }

    @Test("the thumbnail is colour-managed too")
    func thumbnail() throws {
        let analyzer = ImageColorAnalyzer(options: .init(quality: .lowest))
        let ledger = MemoryLedger(budget: .default)
        let (_, managed, _, outcome) = try analyzer.downscaledImages(
            .file(ColorFixtures.path("synthetic-p3.png")), ledger: ledger, thumbnailSide: 120)
        let (_, reference, _, _) = try analyzer.downscaledImages(
            .file(ColorFixtures.path("synthetic.png")), ledger: ledger, thumbnailSide: 120)
        #expect(outcome.profile == "Display P3")
        #expect(ColorFixtures.maxChannelDifference(try #require(managed), try #require(reference)) <= 2)
    }

    static let corpus = TestFiles.files(in: "color")

    /// What each file of ../shared/corpus/color should report.
    static let expected: [String: ColorManagementOutcome] = [
        "icc-after-SOF.jpg": .init(note: "ignored the embedded ICC profile: corrupt JPEG data: bad ICC marker"),
        "icc_profile.png": .init(), // sRGB IEC61966-2.1: as good as untagged
        "icc_profile_big.jpg": .init(profile: "TIFF RGB"),
        "icc_profile_none.png": .init(note: "ignored the embedded ICC profile: iCCP: invalid window size (libpng)"),
        "pil_sample_cmyk.jpg": .init(), // CMYK without a profile: the naive conversion
    ]

    @Test(
        "every file of the shared colour corpus analyses, reporting its profile or why it was ignored",
        arguments: corpus)
    func colorCorpus(name: String) async throws {
        #expect(Self.corpus.count >= 5)
        let path = TestFiles.corpus("color/\(name)")
        let analysis = try await Self.managed.analyze(fileAt: path)
        #expect(analysis.width > 0)
        let expected = try #require(Self.expected[name], "no expectation for \(name)")
        #expect(ColorManagementOutcome(profile: analysis.colorProfile, note: analysis.colorNote) == expected)
        let off = try await Self.unmanaged.analyze(fileAt: path)
        #expect(off.colorProfile == nil && off.colorNote == nil)
    }

    @Test("the CMYK sample comes out as plausible sRGB (Adobe-inverted convention): red letters on a dark ground")
    func cmykSample() throws {
        let (image, outcome) = try ColorFixtures.decode(.file(TestFiles.corpus("color/pil_sample_cmyk.jpg")))
        #expect(outcome == ColorManagementOutcome())
        var red = 0
        var dark = 0
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            let (r, g, b) = (Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2]))
            if r > 180 && g < 90 && b < 90 { red += 1 }
            if r + g + b < 120 { dark += 1 }
        }
        // Not the negative (which would be light with cyan letters).
        #expect(red > 300 && dark > image.width * image.height / 2, "red \(red), dark \(dark)")
    }

    @Test("rocket.jpg is Adobe RGB: managed, its sky is more saturated than read as sRGB")
    func rocket() throws {
        let path = TestFiles.samples.appendingPathComponent("rocket.jpg").path
        let managed = try Self.managed.analyzeNow(.file(path))
        let unmanaged = try Self.unmanaged.analyzeNow(.file(path))
        #expect(managed.colorProfile == "Adobe RGB (1998)")
        #expect(unmanaged.colorProfile == nil)
        #expect(OKLab(managed.background).chroma > OKLab(unmanaged.background).chroma + 0.01)
    }

    @Test("results without a profile encode no colorProfile or colorNote key; with one, they round-trip")
    func json() throws {
        let encoder = JSONEncoder()
        let plain = try Self.managed.analyzeNow(.file(ColorFixtures.path("synthetic.png")))
        let text = String(decoding: try encoder.encode(plain), as: UTF8.self)
        #expect(!text.contains("colorProfile") && !text.contains("colorNote"))
        let tagged = try Self.managed.analyzeNow(.file(ColorFixtures.path("synthetic-p3.png")))
        let data = try encoder.encode(tagged)
        #expect(String(decoding: data, as: UTF8.self).contains("\"colorProfile\":\"Display P3\""))
        let decoded = try JSONDecoder().decode(ColorAnalysis.self, from: data)
        #expect(decoded.colorProfile == "Display P3" && decoded.colorNote == nil && decoded.roles == tagged.roles)
    }
}
