import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// The batcher behind the loader's batches and the CLI's `--jobs`. CI runs this suite in a
/// release build too: Swift 6.3.1 at `-O` lost the index of a task-group child that returned
/// `(index, .success(try await …))` from a `do` and `(index, .failure(error))` from its
/// `catch` (debug builds were right), and a batch then crashed or mislabelled its results.
/// (Put back into this generic helper, that shape happened to compile right; in the loader's
/// batch, with concrete types, it crashed: `BatchTests`, also run in release, catch that.)
@Suite("OrderedBatch")
struct OrderedBatchTests {
    /// A value that says which index made it.
    struct Made: Sendable, Equatable {
        var index: Int
        var name: String
    }

    /// Thrown by every third item: it names its index too.
    struct Refused: Error, Equatable {
        var index: Int
    }

    /// Succeeds or throws by index, after a pause that differs per item, so items end out of order.
    static func work(_ index: Int) async throws -> Made {
        try await Task.sleep(for: .milliseconds((index * 7) % 5 * 3 + 1))
        if index % 3 == 2 { throw Refused(index: index) }
        return Made(index: index, name: "item \(index)")
    }

    @Test(
        "mixed successes and failures: every outcome is delivered once, in input order, labelled with its own index",
        arguments: [1, 3, 9])
    func mixedOutcomes(width: Int) async throws {
        // Given 9 items, 6 that succeed and 3 that throw (the shape that the miscompile broke),
        // run 20 times to give the scheduler many orders
        for _ in 0..<20 {
            var delivered: [Int] = []
            // When they run as a batch
            await OrderedBatch.run(count: 9, width: width) { index in
                try await Self.work(index)
            } deliver: { outcome in
                delivered.append(outcome.index)
                // Then each outcome is the one its own index made
                switch outcome.result {
                case .success(let made):
                    #expect(made == Made(index: outcome.index, name: "item \(outcome.index)"))
                    #expect(outcome.index % 3 != 2)
                case .failure(let error):
                    #expect(error as? Refused == Refused(index: outcome.index))
                }
            }
            // And every index came once, in order
            #expect(delivered == Array(0..<9))
        }
    }

    @Test("no more than `width` operations run at once")
    func boundedWidth() async throws {
        // Given a counter of operations in flight
        let meter = InFlightMeter()
        // When 12 items run 3 wide
        await OrderedBatch.run(count: 12, width: 3) { index in
            await meter.enter()
            // Each holds its place until three have run together (at most 10 s: a batch that
            // never runs three fails below), not for a fixed pause: on a busy machine, whose
            // other suites may hold the cooperative threads, an item could end before the next
            // started, and the peak stay under 3 however right the batch is.
            for _ in 0..<1000 where await meter.peak < 3 { try? await Task.sleep(for: .milliseconds(10)) }
            await meter.leave()
            return index
        } deliver: { _ in
        }
        // Then at most 3 (and at some point 3) ran together
        #expect(await meter.peak == 3)
    }

    @Test("a passed deadline fails the running and unstarted items, and keeps what finished")
    func deadline() async throws {
        // Given 6 items where the first finishes at once and the rest would take ten minutes,
        // run on threads of their own (other suites may hold the cooperative pool for seconds)
        var results: [Result<Int, any Error>] = []
        let started = ContinuousClock.now
        // When the batch's deadline is 2 s away (the first item has that long to finish: 200 ms
        // could pass on a loaded machine before its thread ran)
        await withTaskExecutorPreference(AnalysisExecutor(threads: 2)) {
            await OrderedBatch.run(count: 6, width: 2, deadline: .now + .seconds(2)) { index in
                if index > 0 { try await Task.sleep(for: .seconds(600)) }
                return index
            } deliver: { outcome in
                results.append(outcome.result)
            }
        }
        // Then it ends long before the items would, with the first result and 5 deadline failures
        #expect(ContinuousClock.now - started < .seconds(300))
        #expect(try results[0].get() == 0)
        for result in results.dropFirst() {
            #expect(throws: BatchDeadlineExceeded.self) { try result.get() }
        }
    }

    @Test("cancelling the calling task fails the items not started with CancellationError")
    func cancellation() async throws {
        // Given 5 items that take a minute each, 2 at a time
        let task = Task {
            var results: [Result<Int, any Error>] = []
            await OrderedBatch.run(count: 5, width: 2) { index in
                try await Task.sleep(for: .seconds(60))
                return index
            } deliver: { outcome in
                results.append(outcome.result)
            }
            return results
        }
        // When the task is cancelled
        try await Task.sleep(for: .milliseconds(50))
        task.cancel()
        let results = await task.value
        // Then all 5 fail with CancellationError, in order
        #expect(results.count == 5)
        for result in results {
            #expect(throws: CancellationError.self) { try result.get() }
        }
    }

    @Test("a throwing deliver stops the batch and its error comes out")
    func throwingDeliver() async throws {
        struct Stop: Error {}
        var seen = 0
        // When deliver throws at the second item
        await #expect(throws: Stop.self) {
            try await OrderedBatch.run(count: 4, width: 4) { index in
                index
            } deliver: { outcome in
                seen += 1
                if outcome.index == 1 { throw Stop() }
            }
        }
        // Then nothing after it was delivered
        #expect(seen == 2)
    }
}

/// Counts operations in flight and the most at once.
actor InFlightMeter {
    private(set) var current = 0
    private(set) var peak = 0

    func enter() {
        current += 1
        peak = max(peak, current)
    }

    func leave() { current -= 1 }
}
