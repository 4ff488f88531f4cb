import Foundation
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// Parsing and formatting of memory budgets.
@Suite("MemoryBudget")
struct MemoryBudgetTests {
    @Test(
        "sizes parse in bytes and in decimal and binary units",
        arguments: [
            ("500000", 500_000), ("30MB", 30_000_000), ("30 mb", 30_000_000), ("64MiB", 67_108_864),
            ("1.5GB", 1_500_000_000), ("2KiB", 2048), ("10kb", 10_000), ("1GiB", 1_073_741_824), ("7B", 7),
        ])
    func parses(text: String, bytes: Int) {
        #expect(MemoryBudget(parsing: text)?.bytes == bytes)
    }

    @Test("anything else does not parse", arguments: ["", "MB", "thirty", "30XB", "-5MB", "3..0MB", "30 M B"])
    func rejects(text: String) {
        #expect(MemoryBudget(parsing: text) == nil)
    }

    @Test("messages show sizes as people write them")
    func formats() {
        #expect(MemoryBudget.default.description == "30 MB")
        #expect(MemoryBudget.mebibytes(64).description == "64 MiB")
        #expect(MemoryBudget.format(bytes: 72_345_678) == "72.3 MB")
        #expect(MemoryBudget.format(bytes: 512) == "512 bytes")
    }

    @Test(
        "an over-budget message shows its amounts in the budget's unit",
        arguments: [
            // 29 MiB needed, 29.6 MB left of 30 MB: all decimal (it read "needs 29 MiB" before)
            (30_408_704, 29_600_000, 30_000_000, "needs 30.4 MB, over the 30 MB memory budget (29.6 MB left)"),
            // the same against a 64 MiB budget: all binary
            (70_000_000, 67_108_864, 67_108_864, "needs 66.8 MiB, over the 64 MiB memory budget"),
            (68_157_440, 10_485_760, 67_108_864, "needs 65 MiB, over the 64 MiB memory budget (10 MiB left)"),
        ])
    func sameUnit(needed: Int, available: Int, budget: Int, expected: String) {
        // Given an over-budget error
        let error = MemoryBudgetError.overBudget(purpose: "x", needed: needed, available: available, budget: budget)
        // When described, Then the need, the budget and what was left share one unit
        #expect(error.description == "x " + expected)
    }

    @Test("the largest counts are formatted, not trapped on", arguments: [Int.max, Int.max - 1])
    func largestCounts(bytes: Int) {
        // Given a count near Int.max (rounding used to add to it first)
        // When formatted both ways, Then each is a number of MB or MiB
        #expect(MemoryBudget.format(bytes: bytes).hasSuffix(" MB"))
        #expect(MemoryBudget.format(bytes: bytes, unitOf: 67_108_864).hasSuffix(" MiB"))
    }

    @Test("the ledger refuses a reservation that does not fit, and keeps its peak")
    func ledger() throws {
        let ledger = MemoryLedger(budget: MemoryBudget(bytes: 100))
        try ledger.reserve(60, for: "a")
        #expect(throws: MemoryBudgetError.overBudget(purpose: "b", needed: 50, available: 40, budget: 100)) {
            try ledger.reserve(50, for: "b")
        }
        #expect(ledger.reserved == 60)
        ledger.release(60)
        try ledger.reserve(30, for: "c")
        #expect(ledger.peak == 60 && ledger.reserved == 30)
    }

    @Test("the library's over-budget message names the need and the budget, and no command-line flag")
    func messageNamesNoFlag() {
        // Given an over-budget error as the ledger throws it
        let error = MemoryBudgetError.overBudget(
            purpose: "the colour histogram", needed: 300_000, available: 100_000, budget: 250_000)
        // When it is described
        let message = error.description
        // Then it says what needed how much, the budget and what was left, and names no flag
        #expect(message == "the colour histogram needs 300 kB, over the 250 kB memory budget (100 kB left)")
        #expect(!message.contains("--"))
    }
}
