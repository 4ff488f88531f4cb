/// At most `slots` analyses at once and at most `maxWaiting` requests waiting for one: a request
/// past both is refused at once (`429 busy`) rather than left to wait without bound.
///
/// Waiting is first come, first served; a waiter whose task is cancelled (its deadline passed,
/// the server stops) leaves the line at once.
actor AdmissionQueue {
    /// The most analyses at once.
    let slots: Int
    /// The most requests waiting.
    let maxWaiting: Int
    private var running = 0
    private var waiters: [(id: Int, continuation: CheckedContinuation<Void, any Error>)] = []
    private var nextID = 0
    private let onDepthChange: @Sendable (Int) -> Void

    /// - Parameters:
    ///   - slots: At least 1.
    ///   - maxWaiting: At least 0.
    ///   - onDepthChange: Told the number waiting whenever it changes (the queue-depth gauge).
    init(slots: Int, maxWaiting: Int, onDepthChange: @escaping @Sendable (Int) -> Void = { _ in }) {
        self.slots = max(1, slots)
        self.maxWaiting = max(0, maxWaiting)
        self.onDepthChange = onDepthChange
    }

    /// How many requests wait now.
    var depth: Int { waiters.count }

    /// Runs `body` in a slot, waiting for one if need be.
    /// - Throws: ``ServerError/busy(queued:)`` at once when every slot is taken and the line is
    ///   full; `CancellationError` when cancelled while waiting; what `body` throws.
    func withSlot<Value: Sendable>(_ body: @Sendable () async throws -> Value) async throws -> Value {
        try await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async throws {
        if running < slots {
            running += 1
            return
        }
        guard waiters.count < maxWaiting else { throw ServerError.busy(queued: waiters.count) }
        let id = nextID
        nextID += 1
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                waiters.append((id, continuation))
                onDepthChange(waiters.count)
            }
        } onCancel: {
            Task { await self.leave(id) }
        }
    }

    /// Hands the slot to the first waiter, or frees it.
    private func release() {
        if waiters.isEmpty {
            running -= 1
        } else {
            // The slot passes on: `running` stays the same.
            let next = waiters.removeFirst()
            onDepthChange(waiters.count)
            next.continuation.resume()
        }
    }

    /// A cancelled waiter leaves the line, if it is still in it.
    private func leave(_ id: Int) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        let waiter = waiters.remove(at: index)
        onDepthChange(waiters.count)
        waiter.continuation.resume(throwing: CancellationError())
    }
}
