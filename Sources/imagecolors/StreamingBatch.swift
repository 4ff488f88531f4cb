import ImageColors

/// Runs one operation per item of a sequence that is read as the batch goes, a few at a time,
/// and hands the outcomes over in input order: ``OrderedBatch`` for a list whose end is not known
/// up front (`--input-list -`).
///
/// - At most `width` operations run at once, and at most `width` items are read ahead of them:
///   a long list never makes more tasks than that.
/// - Reading runs beside the operations, so an outcome is handed over as soon as it and those
///   before it are done, even while the next item is still awaited.
/// - A failure to read (a list over its limit) ends the reading; it is handed over as the
///   outcome of one more item, named `failureName`, after every item read before it.
/// - When the calling task is cancelled, reading stops, running operations see the
///   cancellation, and items read but never started fail with `CancellationError`.
enum StreamingBatch {
    /// One item's outcome.
    struct Outcome<Value: Sendable>: Sendable {
        /// Its position, from 0.
        let index: Int
        /// The item as read.
        let item: String
        /// What the operation returned or threw.
        let result: Result<Value, any Error>
    }

    /// What reading one more item gave (a struct, not a tuple: see ``BatchOutcome``).
    private struct ReadOutcome: Sendable {
        let result: Result<String?, any Error>
    }

    private enum Event<Value: Sendable>: Sendable {
        case read(ReadOutcome)
        case finished(Outcome<Value>)
    }

    /// Runs `operation` for every item `next` gives and calls `deliver` once per item, in order.
    /// - Parameters:
    ///   - width: The most operations at once; at least 1.
    ///   - next: The next item, or `nil` at the end; never called again once it returned `nil`
    ///     or threw, and never while a call is under way.
    ///   - failureName: The item name a failure of `next` is handed over under.
    ///   - operation: The work for one item; runs in a child task.
    ///   - deliver: Receives each outcome in order, on the calling task. When it throws, the
    ///     batch cancels what is running, stops and rethrows.
    static func run<Value: Sendable, Failure: Error>(
        width: Int,
        next: @escaping @Sendable () async throws -> String?,
        failureName: String,
        operation: @escaping @Sendable (String) async throws -> Value,
        deliver: (Outcome<Value>) throws(Failure) -> Void
    ) async throws(Failure) {
        let width = max(1, width)
        var thrown: Failure?
        await withTaskGroup(of: Event<Value>.self) { group in
            var waiting: [String] = []
            var reading = false
            var ended = false
            var nextIndex = 0
            var nextToDeliver = 0
            var running = 0
            var names: [Int: String] = [:]
            var readFailure: (any Error)?
            var done: [Int: Result<Value, any Error>] = [:]
            func claim(_ item: String) -> Int {
                defer { nextIndex += 1 }
                names[nextIndex] = item
                return nextIndex
            }
            func startAndRead() {
                while running < width, !waiting.isEmpty {
                    let item = waiting.removeFirst()
                    let index = claim(item)
                    running += 1
                    group.addTask {
                        .finished(
                            Outcome(
                                index: index, item: item,
                                result: await OrderedBatch.capture { try await operation(item) }))
                    }
                }
                if !reading, !ended, waiting.count < width {
                    reading = true
                    group.addTask { .read(ReadOutcome(result: await OrderedBatch.capture { try await next() })) }
                }
            }
            startAndRead()
            while let event = await group.next() {
                switch event {
                case .read(let outcome):
                    reading = false
                    switch outcome.result {
                    case .success(let item?): waiting.append(item)
                    case .success(nil): ended = true
                    case .failure(let error):
                        ended = true
                        // Cancelled reading is the run's cancellation, reported by the items.
                        if !(error is CancellationError) { readFailure = error }
                    }
                case .finished(let outcome):
                    running -= 1
                    done[outcome.index] = outcome.result
                }
                if Task.isCancelled {
                    ended = true
                    for item in waiting { done[claim(item)] = .failure(CancellationError()) }
                    waiting = []
                }
                startAndRead()
                // Handed over after every item read before it.
                if let failure = readFailure, waiting.isEmpty {
                    done[claim(failureName)] = .failure(failure)
                    readFailure = nil
                }
                while let result = done.removeValue(forKey: nextToDeliver) {
                    let index = nextToDeliver
                    nextToDeliver += 1
                    do throws(Failure) {
                        try deliver(Outcome(index: index, item: names.removeValue(forKey: index) ?? "", result: result))
                    } catch {
                        thrown = error
                        group.cancelAll()
                        return
                    }
                }
                if ended, !reading, running == 0, waiting.isEmpty, done.isEmpty, readFailure == nil { break }
            }
        }
        if let thrown { throw thrown }
    }
}
