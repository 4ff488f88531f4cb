import Synchronization

/// Waits for an operation that may notice cancellation late, but stops waiting as soon as the
/// waiting task is cancelled.
///
/// AsyncHTTPClient hands a cancellation to the request it belongs to through an unstructured
/// `Task`, which needs a thread of Swift's shared cooperative pool. When that pool is busy (two
/// threads on a two-core machine, held by other work), the cancel waits with it: a test that
/// blocked the pool for 30 s right after cancelling a request whose response head was due in
/// 60 s saw the cancelled task end after 30.0 s, and a full test run once saw 60.0 s, when the
/// head came. Here the caller is resumed from the cancellation handler itself, on the
/// cancelling thread, and the operation is cancelled and left to end on its own.
enum PromptCancellation {
    /// Thrown by ``run(_:abandoned:)`` when the caller was cancelled before the operation ended.
    /// The operation's result then goes to `abandoned`, exactly once.
    struct Abandoned: Error {}

    /// Runs `operation` in a task of its own and returns what it returns or throws.
    /// - Parameters:
    ///   - operation: The work, cancelled when the caller is.
    ///   - abandoned: Called exactly once, with the operation's result (or a `CancellationError`
    ///     when it never started), when this function threw ``Abandoned``; it releases what the
    ///     result holds. Never called otherwise.
    /// - Returns: What `operation` returned.
    /// - Throws: What `operation` threw, or ``Abandoned`` as soon as the caller is cancelled
    ///   before `operation` has ended.
    static func run<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws -> Value,
        abandoned: @escaping @Sendable (Result<Value, any Error>) -> Void
    ) async throws -> Value {
        let handoff = Handoff<Value>(abandoned: abandoned)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                handoff.start(continuation, operation: operation)
            }
        } onCancel: {
            handoff.cancel()
        }
    }
}

/// Who resumes the caller: the operation's end or the caller's cancellation, whichever is first.
private final class Handoff<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var task: Task<Void, Never>?
        var cancelled = false
    }

    private let state = Mutex(State())
    private let abandoned: @Sendable (Result<Value, any Error>) -> Void

    init(abandoned: @escaping @Sendable (Result<Value, any Error>) -> Void) {
        self.abandoned = abandoned
    }

    func start(
        _ continuation: CheckedContinuation<Value, any Error>,
        operation: @escaping @Sendable () async throws -> Value
    ) {
        let proceed = state.withLock { state in
            guard !state.cancelled else { return false }
            state.continuation = continuation
            return true
        }
        guard proceed else {
            continuation.resume(throwing: PromptCancellation.Abandoned())
            abandoned(.failure(CancellationError()))
            return
        }
        // On the caller's executor, if it prefers one: the operation must not wait for the shared
        // pool either (a loader's analyzer has threads of its own; see `AnalysisExecutor`).
        let preference = withUnsafeCurrentTask { $0?.unownedTaskExecutor?.asTaskExecutor() }
        let task = Task(executorPreference: preference) {
            let result: Result<Value, any Error>
            do {
                result = .success(try await operation())
            } catch {
                result = .failure(error)
            }
            self.finish(result)
        }
        // A cancel that came while the task was being created found no task to cancel.
        let cancelNow = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        if cancelNow { task.cancel() }
    }

    private func finish(_ result: Result<Value, any Error>) {
        let continuation = state.withLock { state in
            defer {
                state.continuation = nil
                state.task = nil
            }
            return state.continuation
        }
        if let continuation {
            continuation.resume(with: result)
        } else {
            abandoned(result)
        }
    }

    func cancel() {
        let (continuation, task) = state.withLock { state in
            state.cancelled = true
            defer { state.continuation = nil }
            return (state.continuation, state.task)
        }
        task?.cancel()
        continuation?.resume(throwing: PromptCancellation.Abandoned())
    }
}
