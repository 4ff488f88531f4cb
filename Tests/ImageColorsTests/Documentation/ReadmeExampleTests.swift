import Foundation
import ImageColors
import TestSupport
import Testing

/// SwiftUI's `ColorScheme`, so that the README's SwiftUI-shaped example compiles as plain Swift
/// on Linux (an app has the real one).
enum ColorScheme {
    case light, dark
}

// README appearance example begins
struct EntryCard {
    let colors: ColorAnalysis // analysed when the entry was built, stored as JSON
    let colorScheme: ColorScheme // in a SwiftUI view: @Environment(\.colorScheme)

    var card: CardColors { colors.card(for: colorScheme == .dark ? .dark : .light) }
    var background: RGBColor { card.background } // dark: #3e1700, light: #b86533
    var titleColor: RGBColor { card.title.color } // #ffffff in both
    var accent: RGBColor { card.primary } // dark: #cb8b5a, light: #ffd0ad
    var placeholder: String? { colors.placeholder?.blurHash } // drawn while the image loads
}
// README appearance example ends

/// The README's library example, compiled and run. The test below checks that the README
/// shows exactly this code, so the two cannot drift apart.
@Suite("README examples")
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
        entry.background = colors.background.hex // "#b86533"
        entry.titleColor = colors.title.color.hex // "#ffffff": light text (brightness 120, not above 125)
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

    /// Several images analysed at once within one budget.
    static func pooledColors(imagePaths: [String]) async throws -> [ColorAnalysis] {
        // README pool example begins
        let pool = MemoryPool(capacity: .megabytes(30)) // for all the widget's images
        let analyzer = ImageColorAnalyzer(memoryPool: pool)
        let colors = try await withThrowingTaskGroup(of: ColorAnalysis.self) { group in
            for path in imagePaths { group.addTask { try await analyzer.analyze(fileAt: path) } }
            return try await group.reduce(into: []) { $0.append($1) } // never more than 30 MB at once
        }
        // README pool example ends
        #expect(pool.peak <= 30_000_000)
        return colors
    }

    @Test("Given the samples twice, when the pool example analyses them, then every image gets colours within the pool")
    func poolRuns() async throws {
        let paths = RepositoryPaths.sampleNames.map { TestFiles.samples.appendingPathComponent($0).path }
        let colors = try await Self.pooledColors(imagePaths: paths + paths)
        #expect(colors.count == paths.count * 2)
    }

    @Test("Given the README, when its pool example is read, then it is exactly the code compiled here")
    func readmePoolMatches() throws {
        let example = try ReadmeSnippets.example(named: "README pool example", in: #filePath)
        #expect(try ReadmeSnippets.readme().contains(example), "README.md must contain:\n\(example)")
    }

    /// An entry's colours with its placeholders, as the README builds them.
    static func entryColors(imagePath: String) async throws -> ColorAnalysis {
        // README placeholder example begins
        let options = AnalysisOptions(placeholders: .both) // ThumbHash and a 4×3 BlurHash
        let colors = try await ImageColorAnalyzer(options: options).analyze(fileAt: imagePath)
        let thumbHash = colors.placeholder?.thumbHash // "GIoKDYSlqIdPUXd3eEeHh9J/YIkI"
        // README placeholder example ends
        #expect(thumbHash != nil)
        return colors
    }

    @Test(
        """
        Given the coffee sample, when the card is drawn in dark and light mode, then it takes each \
        appearance's colours
        """
    )
    func appearanceExample() async throws {
        let colors = try await Self.entryColors(imagePath: TestFiles.samples.appendingPathComponent("coffee.png").path)
        let dark = EntryCard(colors: colors, colorScheme: .dark)
        let light = EntryCard(colors: colors, colorScheme: .light)
        #expect(dark.background.hex == "#3e1700" && light.background.hex == "#b86533")
        #expect(dark.titleColor.hex == "#ffffff" && light.titleColor.hex == "#ffffff")
        #expect(dark.accent.hex == "#cb8b5a" && light.accent.hex == "#ffd0ad")
        #expect(dark.placeholder?.count == 28)
        #expect(colors.placeholder?.thumbHash == "GIoKDYSlqIdPUXd3eEeHh9J/YIkI")
    }

    @Test(
        """
        Given the README, when its appearance and placeholder examples are read, then they are exactly the code \
        compiled here
        """
    )
    func readmeAppearanceMatches() throws {
        for name in ["README appearance example", "README placeholder example"] {
            let example = try ReadmeSnippets.example(named: name, in: #filePath)
            #expect(try ReadmeSnippets.readme().contains(example), "README.md must contain:\n\(example)")
        }
    }

    @Test("Given the coffee sample, when the palette example runs, then it gives 6 colours by descending share")
    func paletteRuns() async throws {
        let strip = try await Self.paletteStrip(imagePath: TestFiles.samples.appendingPathComponent("coffee.png").path)
        #expect(strip.count == 6)
        #expect(strip.map(\.1) == strip.map(\.1).sorted(by: >))
    }

    @Test("Given the README, when its palette example is read, then it is exactly the code compiled here")
    func readmePaletteMatches() throws {
        let example = try ReadmeSnippets.example(named: "README palette example", in: #filePath)
        #expect(try ReadmeSnippets.readme().contains(example), "README.md must contain:\n\(example)")
    }

    @Test("Given the coffee sample, when the library example runs, then it gives the sample's colours")
    func runs() async throws {
        let entry = try await Self.buildEntry(imagePath: TestFiles.samples.appendingPathComponent("coffee.png").path)
        #expect(entry.background == "#b86533")
        #expect(entry.titleColor == "#ffffff")
        #expect(entry.accent.count == 7)
    }

    @Test("Given the README, when its library example is read, then it is exactly the code compiled here")
    func readmeMatches() throws {
        let example = try ReadmeSnippets.example(named: "README example", in: #filePath)
        #expect(try ReadmeSnippets.readme().contains(example), "README.md must contain:\n\(example)")
    }
}
