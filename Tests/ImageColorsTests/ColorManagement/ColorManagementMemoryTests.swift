import Foundation
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// LittleCMS's memory, the scratch row and the profile bytes are reserved in the budget.
@Suite("Colour management: memory")
struct ColorManagementMemoryTests {
    /// The ledger's peak and what is still reserved after decoding `source` at full size.
    static func accounted(_ source: ImageSource, budget: MemoryBudget = .default) throws -> (
        peak: Int, left: Int, outcome: ColorManagementOutcome
    ) {
        let ledger = MemoryLedger(budget: budget)
        let (_, outcome) = try ColorFixtures.decode(source, ledger: ledger)
        return (ledger.peak, ledger.reserved, outcome)
    }

    @Test(
        "the transform is accounted while it lives and every byte is returned",
        arguments: [
            ("synthetic-p3.png", "synthetic.png"), ("synthetic-p3.jpg", "synthetic.jpg"),
            ("synthetic-cmyk.jpg", "synthetic.jpg"),
        ])
    func accountedAndReleased(tagged: String, untagged: String) throws {
        let plain = try Self.accounted(.file(ColorFixtures.path(untagged)))
        let managed = try Self.accounted(.file(ColorFixtures.path(tagged)))
        #expect(managed.outcome.profile != nil)
        // LittleCMS's tables (tens of kB at least) and the scratch row show in the peak…
        #expect(managed.peak > plain.peak + 20_000, "\(tagged): \(managed.peak) vs \(plain.peak)")
        // …and nothing stays reserved: lcms freed everything it allocated through the ledger.
        #expect(managed.left == 0 && plain.left == 0)
    }

    /// Whether decoding `source` at full size fits `budget` (`false`: over-memory-budget).
    static func fits(_ source: ImageSource, budget: Int) throws -> Bool {
        do {
            _ = try ColorFixtures.decode(source, ledger: MemoryLedger(budget: MemoryBudget(bytes: budget)))
            return true
        } catch is MemoryBudgetError {
            return false
        }
    }

    /// The smallest budget (to 1 kB) that `source` decodes in.
    static func smallestBudget(_ source: ImageSource) throws -> Int {
        var low = 1_000
        var high = 30_000_000
        while high - low > 1_000 {
            let middle = (low + high) / 2
            if try fits(source, budget: middle) { high = middle } else { low = middle }
        }
        return high
    }

    @Test(
        """
        LittleCMS's allocations count: a budget that fits the untagged image fails the tagged one with \
        over-memory-budget, no crash
        """,
        arguments: [
            ("synthetic-p3.png", "synthetic.png"), ("synthetic-p3.jpg", "synthetic.jpg"),
            ("synthetic-cmyk.jpg", "synthetic.jpg"),
        ])
    func transformOverBudget(tagged: String, untagged: String) throws {
        let plain = try Self.smallestBudget(.file(ColorFixtures.path(untagged)))
        let managed = try Self.smallestBudget(.file(ColorFixtures.path(tagged)))
        // The transform's tables are tens of kilobytes at least (a CMYK one, hundreds).
        #expect(managed > plain + 20_000, "\(tagged): \(managed) vs \(plain)")
        let error = #expect(throws: MemoryBudgetError.self) {
            _ = try ColorFixtures.decode(
                .file(ColorFixtures.path(tagged)), ledger: MemoryLedger(budget: MemoryBudget(bytes: plain)))
        }
        #expect(error?.code == "over-memory-budget")
        #expect(try Self.fits(.file(ColorFixtures.path(tagged)), budget: managed))
    }

    @Test("every budget from tiny to ample: a result or over-memory-budget, and nothing left reserved")
    func budgetSweep() throws {
        let fixture = ColorFixtures.path("synthetic-cmyk.jpg")
        var sawFailure = false
        var sawSuccess = false
        for kilobytes in stride(from: 50, through: 3_000, by: 50) {
            let ledger = MemoryLedger(budget: MemoryBudget(bytes: kilobytes * 1_000))
            do {
                _ = try ColorFixtures.decode(.file(fixture), ledger: ledger)
                sawSuccess = true
            } catch is MemoryBudgetError {
                sawFailure = true
            }
            #expect(ledger.reserved == 0, "\(kilobytes) kB: \(ledger.reserved) bytes left reserved")
            #expect(ledger.peak <= kilobytes * 1_000)
        }
        #expect(sawFailure && sawSuccess)
    }

    @Test("a JPEG profile larger than its share of the budget is ignored with a note, the image still analysed")
    func bigProfileOverItsShare() throws {
        // A 600 kB profile (Display P3 padded, its size field saying so) in a small baseline JPEG.
        var profile = [UInt8](try ColorFixtures.data("display-p3.icc"))
        profile += [UInt8](repeating: 0, count: 600_000 - profile.count)
        profile.replaceSubrange(0..<4, with: [0, 0x09, 0x27, 0xC0]) // 600 000
        let jpeg = JPEGSegments.replacingProfile(in: try ColorFixtures.data("synthetic.jpg"), with: profile)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-big-icc-\(UUID()).jpg")
            .path
        try jpeg.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        // With 1.5 MB, a third of what is left after the histogram is about 325 kB: too little.
        let small = try ImageColorAnalyzer(options: .init(memoryBudget: MemoryBudget(bytes: 1_500_000))).analyzeNow(
            .file(path))
        #expect(small.colorProfile == nil)
        let note = try #require(small.colorNote)
        #expect(note.hasPrefix("ignored the embedded ICC profile: ICC chunks over "), "\(note)")
        #expect(note.hasSuffix("(the profile's share of the memory budget) or over 255 of them"), "\(note)")
        #expect((small.memory?.accountedPeak ?? .max) <= 1_500_000)
        // With the default budget the same profile is applied, and its bytes are accounted.
        let ample = try ImageColorAnalyzer().analyzeNow(.file(path))
        #expect(ample.colorProfile == "Display P3")
        // At least the 600 000-byte profile more, and LittleCMS's copy of it and its transform.
        #expect((ample.memory?.accountedPeak ?? 0) > (small.memory?.accountedPeak ?? 0) + 1_200_000)
    }

    @Test("without colour management no profile is read or reserved")
    func offReadsNothing() throws {
        let path = TestFiles.corpus("color/icc_profile_big.jpg")
        let on = try ImageColorAnalyzer().analyzeNow(.file(path))
        let off = try ImageColorAnalyzer(options: .init(colorManagement: false)).analyzeNow(.file(path))
        // The profile's 400 kB, three times over (chunks, reassembled, our copy), are not reserved.
        #expect((on.memory?.accountedPeak ?? 0) > (off.memory?.accountedPeak ?? 0) + 1_000_000)
    }
}
