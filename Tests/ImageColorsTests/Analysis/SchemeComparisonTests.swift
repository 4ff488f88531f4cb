import Foundation
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// `analyze(_:thumbnail:comparing:)`: two schemes from one decoding pass give the colours each
/// scheme gives alone.
@Suite("Two schemes from one decoding pass")
struct SchemeComparisonTests {
    @Test(
        "each side equals the analysis by its own scheme, with and without a pool",
        arguments: ["coffee.png", "rocket.jpg"], [false, true])
    func sameAsAlone(sample: String, pooled: Bool) async throws {
        // Given a sample and an analyzer by the faithful scheme (with a backdrop, applied in place)
        let path = TestFiles.samples.appendingPathComponent(sample).path
        var options = AnalysisOptions(quality: .high)
        options.backdrop = RGBColor(hex: "#203040")
        let pool = pooled ? MemoryPool(capacity: .megabytes(64)) : nil
        let analyzer = ImageColorAnalyzer(options: options, memoryPool: pool)
        var classicOptions = options
        classicOptions.scheme = .classic
        // When it is analysed by both schemes at once, and by each alone
        let both = try await analyzer.analyze(
            .file(path), thumbnail: ThumbnailRequest(longSide: 64), comparing: .classic)
        let faithful = try await analyzer.analyze(.file(path))
        let classic = try await ImageColorAnalyzer(options: classicOptions).analyze(.file(path))
        // Then each side has the colours of its scheme alone, and the thumbnail is there
        #expect(both.response.analysis.roles == faithful.roles)
        #expect(both.comparison.roles == classic.roles)
        #expect(both.comparison.scheme == .classic)
        #expect(both.response.thumbnail != nil)
        if let pool { #expect(pool.reserved == 0) }
    }
}
