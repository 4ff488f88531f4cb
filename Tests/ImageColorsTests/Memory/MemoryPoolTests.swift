import Foundation
import TestSupport
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// One budget shared by concurrent analyses.
@Suite("MemoryPool")
struct MemoryPoolTests {
    static let coffee = TestFiles.samples.appendingPathComponent("coffee.png").path

    @Test("waiters are let in first come first served, as room is freed")
    func fifo() async throws {
        // Given a pool of 100 bytes with 80 held
        let pool = MemoryPool(capacity: MemoryBudget(bytes: 100))
        #expect(pool.tryReserve(80, aheadOfWaiters: false))
        // When 50 and then 10 bytes are asked for
        let first = Task { try await pool.reserve(50, for: "first") }
        #expect(await eventually { pool.waiting == 1 })
        let second = Task { try await pool.reserve(10, for: "second") }
        #expect(await eventually { pool.waiting == 2 })
        // Then the 10 do not jump the queue although they would fit, and new work waits too
        #expect(pool.reserved == 80)
        #expect(!pool.tryReserve(5, aheadOfWaiters: false))
        // And once the 80 are back both get in, in order
        pool.release(80)
        try await first.value
        try await second.value
        #expect(pool.reserved == 60 && pool.waiting == 0 && pool.peak == 80)
    }

    @Test("a wait ends with CancellationError when its task is cancelled, and holds nothing")
    func cancelledWait() async throws {
        let pool = MemoryPool(capacity: MemoryBudget(bytes: 100))
        #expect(pool.tryReserve(100, aheadOfWaiters: false))
        let waiter = Task { try await pool.reserve(30, for: "waiter") }
        #expect(await eventually { pool.waiting == 1 })
        // When the waiting task is cancelled
        waiter.cancel()
        // Then it throws CancellationError and took nothing
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(pool.waiting == 0 && pool.reserved == 100)
    }

    @Test("concurrent analyses within one pool all succeed, never pass its capacity, and give a lone call's result")
    func sharedBudget() async throws {
        // Given a pool with room for one analysis of the PNG at a time (about 9.6 MB each)
        let pool = MemoryPool(capacity: .megabytes(15))
        let pooled = ImageColorAnalyzer(options: .init(memoryBudget: .megabytes(30)), memoryPool: pool)
        let alone = try await ImageColorAnalyzer(options: .init(memoryBudget: .megabytes(15))).analyze(
            fileAt: Self.coffee)
        // When eight run at once
        let results = try await withThrowingTaskGroup(of: ColorAnalysis.self) { group in
            for _ in 0..<8 { group.addTask { try await pooled.analyze(fileAt: Self.coffee) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        // Then every one succeeded with the same result as a lone call with the pool's budget,
        // and the pool never held more than its capacity
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 == alone })
        #expect(pool.peak <= 15_000_000)
        #expect(pool.peak >= alone.memory!.accountedPeak)
        #expect(pool.reserved == 0)
    }

    @Test("an analysis that could never fit the pool fails at once, naming the pool's capacity as its budget")
    func neverFits() async throws {
        // (600 kB: the histogram and the quantizer's working set fit, the downscaler does not.)
        let pool = MemoryPool(capacity: MemoryBudget(bytes: 600_000))
        let analyzer = ImageColorAnalyzer(memoryPool: pool)
        #expect(analyzer.effectiveBudget == MemoryBudget(bytes: 600_000))
        do {
            _ = try await analyzer.analyze(fileAt: Self.coffee)
            Issue.record("expected over-memory-budget")
        } catch let error as MemoryBudgetError {
            guard case .overBudget(_, _, _, let budget) = error else { return }
            #expect(budget == 600_000)
        }
        #expect(pool.reserved == 0 && pool.waiting == 0)
    }

    @Test("an analysis that finds the pool full waits for room, then finishes with the same result")
    func waitsForRoom() async throws {
        // Given a pool whose room is held by someone else
        let pool = MemoryPool(capacity: .megabytes(15))
        let analyzer = ImageColorAnalyzer(
            options: .init(memoryBudget: .megabytes(15)), memoryPool: pool,
            executor: AnalysisExecutor(threads: 1, name: "wait-for-room"))
        let alone = try await ImageColorAnalyzer(options: .init(memoryBudget: .megabytes(15))).analyze(
            fileAt: Self.coffee)
        #expect(pool.tryReserve(14_000_000, aheadOfWaiters: false))
        // When an analysis starts
        let analysis = Task { try await analyzer.analyze(fileAt: Self.coffee) }
        // Then it waits (it gave back what it had) until the room is released
        #expect(await eventually { pool.waiting == 1 })
        #expect(pool.reserved == 14_000_000)
        pool.release(14_000_000)
        #expect(try await analysis.value == alone)
        #expect(pool.reserved == 0)
    }

    @Test("cancelling an analysis that waits for room ends it with CancellationError")
    func cancelWhileWaiting() async throws {
        let pool = MemoryPool(capacity: .megabytes(15))
        // (An executor of its own: in a full run, long analyses of other suites may hold the
        // shared one's threads for longer than `eventually` waits.)
        let analyzer = ImageColorAnalyzer(memoryPool: pool, executor: AnalysisExecutor(threads: 1, name: "cancel-wait"))
        #expect(pool.tryReserve(14_000_000, aheadOfWaiters: false))
        let analysis = Task { try await analyzer.analyze(fileAt: Self.coffee) }
        #expect(await eventually { pool.waiting == 1 })
        analysis.cancel()
        await #expect(throws: CancellationError.self) { _ = try await analysis.value }
        #expect(pool.reserved == 14_000_000 && pool.waiting == 0)
    }

    @Test("a pool as large as the budget changes no result, at any quality", arguments: Quality.allCases)
    func sameResults(quality: Quality) async throws {
        let options = AnalysisOptions(quality: quality, memoryBudget: .megabytes(30))
        let pooled = try await ImageColorAnalyzer(options: options, memoryPool: MemoryPool(capacity: .megabytes(30)))
            .analyze(fileAt: Self.coffee)
        let plain = try await ImageColorAnalyzer(options: options).analyze(fileAt: Self.coffee)
        #expect(pooled == plain)
    }
}
