import Foundation
import TestSupport
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// The guarantees of the light and dark cards, over generated images, every sample and every
/// decodable corpus file, at three contrast targets and both title rules that matter.
@Suite("Light and dark guarantees")
struct AppearanceGuaranteeTests {
    /// One image to sweep: a file, or a generated picture's PNG bytes.
    struct Source: Sendable, CustomTestStringConvertible {
        var name: String
        var source: ImageSource
        var testDescription: String { name }
    }

    /// 48 generated pictures (pale, mid and dark backgrounds, greys and vivid accents, some with
    /// transparent edges), the Samples, and the corpus folders that decode.
    static let sources: [Source] = {
        var sources = RepositoryPaths.sampleNames.map {
            Source(name: $0, source: .file(TestFiles.samples.appendingPathComponent($0).path))
        }
        for folder in ["orientation", "color", "jpeg", "pngsuite/valid"] {
            for name in TestFiles.files(in: folder) where name != "testorig12.jpg" {
                sources.append(Source(name: "\(folder)/\(name)", source: .file(TestFiles.corpus("\(folder)/\(name)"))))
            }
        }
        for seed in 0..<48 {
            if let png = try? ImageEncoder.png(generatedCard(seed: UInt64(seed))) {
                sources.append(Source(name: "generated \(seed)", source: .data(png)))
            }
        }
        return sources
    }()

    /// 160×120: a background of a random tone (pale, mid or dark by seed), chroma 0 to vivid, a
    /// border band of it, and five patches of random colours; every fourth seed has transparent
    /// corners.
    static func generatedCard(seed: UInt64) -> RGBAImage {
        var random = SplitMix64(seed: seed &+ 2100)
        let lightness = [0.95, 0.8, 0.6, 0.45, 0.25, 0.12][Int(seed % 6)]
        let chroma = Double.random(in: 0...0.2, using: &random)
        let hue = Double.random(in: 0..<360, using: &random)
        let background = OKLCh(lightness: lightness, chroma: chroma, hue: hue).clampedToSRGB.lab.rgbColor
        var image = RGBAImage(width: 160, height: 120, filledWith: background)
        for _ in 0..<5 {
            let color = RGBColor(
                red: .random(in: 0...255, using: &random), green: .random(in: 0...255, using: &random),
                blue: .random(in: 0...255, using: &random))
            let x0 = Int.random(in: 16..<120, using: &random)
            let y0 = Int.random(in: 16..<90, using: &random)
            let w = Int.random(in: 6...40, using: &random)
            let h = Int.random(in: 6...30, using: &random)
            for y in y0..<min(104, y0 + h) {
                for x in x0..<min(144, x0 + w) { image[x, y] = (color.red, color.green, color.blue, 255) }
            }
        }
        if seed % 4 == 3 {
            for y in 0..<20 {
                for x in 0..<20 {
                    image[x, y] = (0, 0, 0, 0)
                    image[159 - x, 119 - y] = (0, 0, 0, 0)
                }
            }
        }
        return image
    }

    /// The option sets each image is analysed with.
    static let optionSets: [AnalysisOptions] = [
        AnalysisOptions(titleRule: .wcag),
        AnalysisOptions(titleRule: .brightness, minimumContrast: 4.5),
        AnalysisOptions(titleRule: .wcag, scheme: .classic),
        AnalysisOptions(titleRule: .wcag, minimumContrast: 7),
    ]

    /// What one analysis showed, for the summary.
    struct Tally {
        var roles = 0
        var darkBackgroundsMoved = 0
        var hueChecked = 0
        var worstHueTurn = 0.0
        var lowestRatio = 21.0
    }

    /// Checks the guarantees on one analysis; returns what was checked.
    @discardableResult
    static func check(_ analysis: ColorAnalysis, options: AnalysisOptions, name: String) -> Tally {
        var tally = Tally()
        let target = analysis.minimumContrast ?? 3
        guard let appearances = analysis.appearances, let light = appearances.light, let dark = appearances.dark else {
            Issue.record("\(name): no appearances")
            return tally
        }
        #expect(light.roles == analysis.roles, "\(name): the light card is the top-level colours")
        for (appearance, card) in [(CardAppearance.light, light), (.dark, dark)] {
            for role in ColorRole.allCases where card.roleReports[role].source == .image {
                let ratio = Contrast.contrastRatio(card[role], card.background)
                tally.roles += 1
                tally.lowestRatio = min(tally.lowestRatio, ratio)
                #expect(
                    ratio >= target,
                    "\(name) \(appearance) \(role) \(card[role].hex) on \(card.background.hex): \(ratio) < \(target)")
            }
            if options.titleRule == .wcag {
                #expect(card.title.contrastRatio >= 4.5, "\(name) \(appearance) title \(card.title.contrastRatio)")
            }
        }
        let l = OKLCh(light.background)
        let d = OKLCh(dark.background)
        let banded = DarkScheme.background(for: light.background)
        if let logo = DarkScheme.logoColor(of: light), Contrast.contrastRatio(banded, logo) < DarkScheme.logoContrast {
            // A picture on transparent edges lifts (or deepens) its dark card until it shows.
            #expect(
                Contrast.contrastRatio(dark.background, logo) >= DarkScheme.logoContrast,
                "\(name): logo \(logo.hex) on the dark card's \(dark.background.hex)")
        } else if l.lightness > DarkScheme.lightnessBand.upperBound {
            tally.darkBackgroundsMoved += 1
            #expect(
                d.lightness <= DarkScheme.lightnessBand.upperBound + 0.01
                    && d.lightness >= DarkScheme.lightnessBand.lowerBound - 0.01,
                "\(name) dark background \(dark.background.hex) L \(d.lightness)")
        } else {
            #expect(dark.background == light.background, "\(name): an already dark background is kept")
        }
        if l.chroma >= DarkScheme.hueKeepingChroma {
            let turn = OKLCh.hueDistance(l.hue, d.hue)
            tally.hueChecked += 1
            tally.worstHueTurn = turn
            #expect(
                turn <= DarkScheme.hueTolerance,
                "\(name): \(light.background.hex) → \(dark.background.hex) turns \(turn)°")
        }
        return tally
    }

    @Test(
        """
        Given an image, when analysed, then in both cards every role from the image reaches the target, the wcag \
        title reaches 4.5:1, and the dark background keeps the hue within 10°
        """,
        arguments: sources)
    func guarantees(item: Source) throws {
        for options in Self.optionSets {
            let analysis: ColorAnalysis
            do {
                analysis = try ImageColorAnalyzer(options: options).analyzeNow(item.source)
            } catch is ImageDecodingError {
                return // a corpus file this build cannot decode (the sweep is about colours)
            }
            Self.check(analysis, options: options, name: item.name)
        }
    }

    @Test("the sweep covers enough: images, roles, moved backgrounds and chromatic backgrounds")
    func summary() throws {
        var total = Tally()
        var images = 0
        var analyses = 0
        for item in Self.sources {
            guard (try? ImageColorAnalyzer().analyzeNow(item.source)) != nil else { continue }
            images += 1
            for options in Self.optionSets {
                let tally = Self.check(
                    try ImageColorAnalyzer(options: options).analyzeNow(item.source), options: options, name: item.name)
                analyses += 1
                total.roles += tally.roles
                total.darkBackgroundsMoved += tally.darkBackgroundsMoved
                total.hueChecked += tally.hueChecked
                total.worstHueTurn = max(total.worstHueTurn, tally.worstHueTurn)
                total.lowestRatio = min(total.lowestRatio, tally.lowestRatio)
            }
        }
        if ProcessInfo.processInfo.environment["IMAGECOLORS_PRINT_SWEEP"] == "1" {
            print(
                "sweep: \(images) images, \(analyses) analyses, "
                    + "\(total.roles) roles from the image checked in both cards, "
                    + "\(total.darkBackgroundsMoved) dark backgrounds moved, \(total.hueChecked) hue checks "
                    + "(worst \(String(format: "%.1f", total.worstHueTurn))°), "
                    + "lowest role ratio \(String(format: "%.2f", total.lowestRatio))")
        }
        #expect(images >= 200)
        #expect(total.darkBackgroundsMoved >= 100)
        #expect(total.hueChecked >= 100)
    }
}
