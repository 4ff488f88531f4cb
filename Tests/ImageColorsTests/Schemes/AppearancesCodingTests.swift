import Foundation
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// `appearances` and `placeholder` in JSON, and `card(for:)` on results that left one out.
@Suite("Appearances in JSON")
struct AppearancesCodingTests {
    static func analysis(_ options: AnalysisOptions = AnalysisOptions(placeholders: .both)) throws -> ColorAnalysis {
        try ImageColorAnalyzer(options: options).analyzeNow(
            .file(TestFiles.samples.appendingPathComponent("chelsea.png").path))
    }

    /// The JSON of a value, keys sorted: what a script sees. (Structs keep full precision where
    /// the JSON rounds, so results are compared by their JSON.)
    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("Given a result with both cards and placeholders, when encoded and decoded, then it encodes to the same JSON")
    func roundTrip() throws {
        let original = try Self.analysis()
        let decoded = try JSONDecoder().decode(ColorAnalysis.self, from: JSONEncoder().encode(original))
        #expect(try Self.json(decoded) == Self.json(original))
        #expect(decoded.placeholder == original.placeholder)
        #expect(try Self.json(decoded.card(for: .dark)) == Self.json(original.card(for: .dark)))
    }

    @Test(
        """
        Given JSON without the dark card (--appearance light) or without appearances at all, when decoded, then \
        card(for:) still gives both cards
        """,
        arguments: [true, false])
    func missingCardsRebuilt(keepLight: Bool) throws {
        let original = try Self.analysis(AnalysisOptions(titleRule: .wcag, minimumContrast: 4.5))
        var partial = original
        partial.appearances = keepLight ? original.appearances?.keeping([.light]) : nil
        let decoded = try JSONDecoder().decode(ColorAnalysis.self, from: JSONEncoder().encode(partial))
        #expect(decoded.appearances?.dark == nil)
        #expect(try Self.json(decoded.card(for: .light)) == Self.json(original.card(for: .light)))
        #expect(try Self.json(decoded.card(for: .dark)) == Self.json(original.card(for: .dark)))
    }
}
