/// One item of an ``OrderedBatch``: its position in the input and how it ended.
///
/// A struct, never a tuple: Swift 6.3.1 miscompiles a task-group child that returns
/// `(index, .success(try await …))` from a `do` and `(index, .failure(error))` from its `catch`
/// under `-O` (the index comes back as 0 or garbage; debug builds are right), at least where
/// the types are concrete (in this generic function, unspecialised, that shape happens to
/// compile right). Children build this value from a `Result` made by
/// ``OrderedBatch/capture(_:)``; each of the two changes alone already compiles right. CI runs
/// the library's and the loader's suites with our code at -O (`Release/test.sh`): with the old
/// shape put back into the loader's batch, `BatchTests` crashes there with "index out of range".
package struct BatchOutcome<Value: Sendable>: Sendable {
    /// The item's position in the input, from 0.
    package let index: Int
    /// What the item's operation returned or threw.
    package let result: Result<Value, any Error>

    package init(index: Int, result: Result<Value, any Error>) {
        self.index = index
        self.result = result
    }
}

/// The batch's deadline passed before this item was done.
package struct BatchDeadlineExceeded: Error, Sendable, Equatable {
    package init() {}
}

/// Runs many items of async work, a few at a time, and hands their outcomes over in input
/// order: the one batcher behind `RemoteImageLoader.analyze(urls:…)` and the CLI's `--jobs`.
///
/// - Every item gets exactly one outcome, delivered once every item before it was delivered.
/// - At most `width` operations run at once; the next starts as soon as one ends.
/// - When the calling task is cancelled, no new item starts: running ones see the
///   cancellation, and the items never started fail with `CancellationError`.
/// - When the `deadline` passes, running items are cancelled and they and the items never
///   started fail with ``BatchDeadlineExceeded`` (an item that still finished keeps its result).
package enum OrderedBatch {
    /// Runs `operation` for indices `0..<count` and calls `deliver` once per index, in order.
    /// - Parameters:
    ///   - count: How many items.
    ///   - width: The most operations at once; at least 1.
    ///   - deadline: When the whole batch must end; `nil` for none.
    ///   - operation: The work for one index; runs in a child task.
    ///   - deliver: Receives each outcome in index order, on the calling task. When it throws,
    ///     the batch cancels what is running, stops and rethrows.
    package static func run<Value: Sendable, Failure: Error>(
        count: Int,
        width: Int,
        deadline: ContinuousClock.Instant? = nil,
        operation: @escaping @Sendable (Int) async throws -> Value,
        deliver: (BatchOutcome<Value>) throws(Failure) -> Void
    ) async throws(Failure) {
        guard count > 0 else { return }
        var thrown: Failure?
        await withTaskGroup(of: BatchEvent<Value>.self) { group in
            var order = DeliveryOrder<Value>(count: count)
            var expired = false
            func startNext() {
                guard let index = order.claimNext() else { return }
                group.addTask {
                    .finished(BatchOutcome(index: index, result: await capture { try await operation(index) }))
                }
            }
            if let deadline {
                group.addTask {
                    try? await Task.sleep(until: deadline, inStepsOf: .seconds(1))
                    return ContinuousClock.now >= deadline ? .deadlinePassed : .timerStopped
                }
            }
            for _ in 0..<min(max(1, width), count) { startNext() }
            while !order.isComplete, let event = await group.next() {
                switch event {
                case .finished(let outcome):
                    // A running item cancelled by the deadline reports the deadline, not the cancellation.
                    let cancelledByDeadline = expired && outcome.result.isCancellation
                    order.finish(
                        outcome.index, cancelledByDeadline ? .failure(BatchDeadlineExceeded()) : outcome.result)
                case .deadlinePassed:
                    expired = true
                    order.abandonUnstarted(with: BatchDeadlineExceeded())
                    group.cancelAll()
                case .timerStopped:
                    break
                }
                if Task.isCancelled { order.abandonUnstarted(with: CancellationError()) }
                do throws(Failure) {
                    try order.deliverReady(deliver)
                } catch {
                    thrown = error
                    group.cancelAll()
                    return
                }
                startNext()
            }
            // Only the deadline's timer can still be running: stop it.
            group.cancelAll()
            guard !order.isComplete else { return }
            // Every child ended without completing the batch: only possible when the task was
            // cancelled before the next item could start.
            order.abandonUnstarted(with: CancellationError())
            do throws(Failure) {
                try order.deliverReady(deliver)
            } catch {
                thrown = error
            }
        }
        if let thrown { throw thrown }
    }

    /// Runs `body` and returns what it returned or threw, as a `Result`.
    package static func capture<Value>(_ body: () async throws -> Value) async -> Result<Value, any Error> {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }
}

/// What a child of the batch's task group reports.
private enum BatchEvent<Value: Sendable>: Sendable {
    /// An item ended.
    case finished(BatchOutcome<Value>)
    /// The deadline's timer fired.
    case deadlinePassed
    /// The deadline's timer was cancelled before it fired.
    case timerStopped
}

/// Which items started, which ended, and which were handed over: delivery in input order.
private struct DeliveryOrder<Value: Sendable> {
    let count: Int
    /// The next index to start.
    private(set) var nextToStart = 0
    /// The next index to deliver.
    private(set) var nextToDeliver = 0
    /// Outcomes that arrived before an earlier one.
    private var waiting: [Int: Result<Value, any Error>] = [:]

    init(count: Int) {
        self.count = count
    }

    var isComplete: Bool { nextToDeliver == count }

    /// The next index to start, or `nil` when every item started (or was abandoned).
    mutating func claimNext() -> Int? {
        guard nextToStart < count else { return nil }
        defer { nextToStart += 1 }
        return nextToStart
    }

    mutating func finish(_ index: Int, _ result: Result<Value, any Error>) {
        waiting[index] = result
    }

    /// Fails every item not started yet with `error`.
    mutating func abandonUnstarted(with error: any Error) {
        while let index = claimNext() { waiting[index] = .failure(error) }
    }

    /// Hands over every outcome whose predecessors are all handed over.
    mutating func deliverReady<Failure: Error>(_ deliver: (BatchOutcome<Value>) throws(Failure) -> Void) throws(Failure)
    {
        while let result = waiting.removeValue(forKey: nextToDeliver) {
            let index = nextToDeliver
            nextToDeliver += 1
            try deliver(BatchOutcome(index: index, result: result))
        }
    }
}

extension Result {
    /// Whether this is a failure with `CancellationError`.
    fileprivate var isCancellation: Bool {
        if case .failure(let error) = self { error is CancellationError } else { false }
    }
}
