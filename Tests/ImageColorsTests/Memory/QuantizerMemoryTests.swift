import Foundation
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// The quantizer reserves its own memory, sized from its own bin depth, as the downscaler does.
@Suite("Quantizer memory")
struct QuantizerMemoryTests {
    @Test(
        """
        Given quantizers of 4 and 6 bits per channel, when each reserves, then the ledger holds its own histogram and \
        working set
        """
    )
    func reservationFollowsBinBits() throws {
        for bits in [4, 6] {
            // Given
            let quantizer = Quantizer(binBits: bits)
            let ledger = MemoryLedger(budget: .megabytes(64))
            // When
            try quantizer.reserveMemory(in: ledger)
            // Then
            let expected =
                ColorHistogram.bytesNeeded(bitsPerChannel: bits) + ColorPalette.bytesNeeded(bitsPerChannel: bits)
            #expect(ledger.reserved == expected)
            #expect(quantizer.bytesNeeded == expected)
        }
        #expect(Quantizer(binBits: 6).bytesNeeded > Quantizer(binBits: 4).bytesNeeded)
    }

    @Test(
        """
        Given a budget one byte short of the quantizer's needs, when an image is analysed, then the quantizer's \
        reservation fails before decoding
        """
    )
    func analyzerReservesThroughTheQuantizer() {
        // Given
        let needed = Quantizer().bytesNeeded
        let analyzer = ImageColorAnalyzer(options: AnalysisOptions(memoryBudget: MemoryBudget(bytes: needed - 1)))
        // When
        let error = #expect(throws: MemoryBudgetError.self) {
            try analyzer.analyzeNow(.file(TestFiles.samples.appendingPathComponent("rocket.jpg").path))
        }
        // Then: the histogram fits, the working set does not; nothing was decoded.
        guard case .overBudget(let purpose, _, _, let budget)? = error else { return }
        #expect(purpose == "the quantizer's working set")
        #expect(budget == needed - 1)
    }
}
