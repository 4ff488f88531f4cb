import Synchronization

/// An operation that took longer than it was allowed.
struct OperationTimedOut: Error, CustomStringConvertible {
    let limit: Duration

    var description: String { "no answer within \(limit)" }
}

/// Runs an operation in a task of its own and waits for it at most a given time.
///
/// A query to a PostgreSQL that hangs (a stopped VM, a dropped network) may not end when its
/// task is cancelled: a task group would wait for it all the same. Here the caller returns at
/// the limit, the operation's task is cancelled and left to end on its own (the pool's
/// connection timeout ends it).
enum BoundedOperation {
    /// `operation`'s result, or `OperationTimedOut` past `limit`, or `CancellationError` when the
    /// caller is cancelled first.
    static func run<Value: Sendable>(
        within limit: Duration, _ operation: @escaping @Sendable () async throws -> Value
    ) async -> Result<Value, any Error> {
        let race = Race<Value>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                race.start(continuation)
                let work = Task {
                    let result: Result<Value, any Error>
                    do {
                        result = .success(try await operation())
                    } catch {
                        result = .failure(error)
                    }
                    race.finish(result)
                }
                let timer = Task {
                    try? await Task.sleep(for: limit)
                    if race.finish(.failure(OperationTimedOut(limit: limit))) { work.cancel() }
                }
                race.onFinish { timer.cancel() }
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }
}

/// The first of several results, handed to one continuation.
private final class Race<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<Value, any Error>, Never>?
        var finished: Result<Value, any Error>?
        var cleanups: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())

    func start(_ continuation: CheckedContinuation<Result<Value, any Error>, Never>) {
        // A cancellation may have finished the race before it started.
        let early = state.withLock { state -> Result<Value, any Error>? in
            if let finished = state.finished { return finished }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(returning: early) }
    }

    /// Runs `cleanup` once the race is over (now, if it is).
    func onFinish(_ cleanup: @escaping @Sendable () -> Void) {
        let over = state.withLock { state in
            if state.finished != nil { return true }
            state.cleanups.append(cleanup)
            return false
        }
        if over { cleanup() }
    }

    /// Ends the race with `result`: `true` when it was the first.
    @discardableResult
    func finish(_ result: Result<Value, any Error>) -> Bool {
        let (continuation, cleanups, first) = state.withLock { state in
            guard state.finished == nil else {
                return (CheckedContinuation<Result<Value, any Error>, Never>?.none, [@Sendable () -> Void](), false)
            }
            state.finished = result
            defer {
                state.continuation = nil
                state.cleanups = []
            }
            return (state.continuation, state.cleanups, true)
        }
        continuation?.resume(returning: result)
        for cleanup in cleanups { cleanup() }
        return first
    }
}
