import Foundation
import Testing
import ImageColors
import TestSupport

/// The README's library example, compiled and run. The test below checks that the README
/// shows exactly this code, so the two cannot drift apart.
@Suite("README example")
struct ReadmeExampleTests {
    /// What an app stores for one feed entry.
    struct Entry {
        var background = ""
        var titleColor = ""
        var accent = ""
    }

    static func buildEntry(imagePath: String) async throws -> Entry {
        var entry = Entry()
        // README example begins
        let analyzer = ImageColorAnalyzer(options: .init(quality: .high))
        let colors = try await analyzer.analyze(fileAt: imagePath)
        entry.background = colors.background.hex      // "#b86533"
        entry.titleColor = colors.title.color.hex     // "#ffffff": light text (brightness 120, not above 125)
        entry.accent = colors.primary.hex
        // README example ends
        return entry
    }

    /// A palette strip for a logo that will be drawn on white.
    static func paletteStrip(imagePath: String) async throws -> [(String, Double)] {
        // README palette example begins
        let options = AnalysisOptions(paletteSize: 6, backdrop: RGBColor(hex: "#ffffff"))
        let colors = try await ImageColorAnalyzer(options: options).analyze(fileAt: imagePath)
        let strip = colors.palette?.map { ($0.color.hex, $0.share) } ?? []
        // README palette example ends
        return strip
    }

    @Test("the palette example runs and gives 6 colours by descending share")
    func paletteRuns() async throws {
        let strip = try await Self.paletteStrip(imagePath: TestFiles.samples.appendingPathComponent("coffee.png").path)
        #expect(strip.count == 6)
        #expect(strip.map(\.1) == strip.map(\.1).sorted(by: >))
    }

    @Test("the README shows the palette example exactly as compiled here")
    func readmePaletteMatches() throws {
        let example = try ReadmeSnippets.example(named: "README palette example", in: #filePath)
        #expect(try ReadmeSnippets.readme().contains(example), "README.md must contain:\n\(example)")
    }

    @Test("the example runs and gives the sample's colours")
    func runs() async throws {
        let entry = try await Self.buildEntry(imagePath: TestFiles.samples.appendingPathComponent("coffee.png").path)
        #expect(entry.background == "#b86533")
        #expect(entry.titleColor == "#ffffff")
        #expect(entry.accent.count == 7)
    }

    @Test("the README shows the example exactly as compiled here")
    func readmeMatches() throws {
        let example = try ReadmeSnippets.example(named: "README example", in: #filePath)
        #expect(try ReadmeSnippets.readme().contains(example), "README.md must contain:\n\(example)")
    }
}
