import ImageColors
import ImageColorsCore
import Testing

/// `import ImageColors` still gives the types that moved to the core, by their old qualified
/// names too: the split is source-compatible for code written before it.
@Suite("Core: ImageColors re-exports the core")
struct ReexportTests {
    @Test("a type named through ImageColors is the core's type")
    func qualifiedNames() {
        // Given a colour and options named the way code before the split names them
        let old: ImageColors.RGBColor = ImageColors.RGBColor(red: 184, green: 101, blue: 51)
        let options = ImageColors.AnalysisOptions(quality: .low)
        // When they are used as the core's types
        let core: ImageColorsCore.RGBColor = old
        let coreOptions: ImageColorsCore.AnalysisOptions = options
        // Then they are the same values
        #expect(core.hex == "#b86533")
        #expect(coreOptions.quality == .low)
    }
}
