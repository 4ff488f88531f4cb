/// Identical requests at once are answered by one piece of work: the first starts it, the
/// others arriving before it ends wait for its result instead of starting their own.
///
/// The work runs in a task of its own, so a waiter that gives up (its deadline) does not cancel
/// it for the others; the work bounds itself (its own deadline). The task inherits the first
/// request's task-local values.
actor SingleFlight<Key: Hashable & Sendable, Value: Sendable> {
    private var flights: [Key: [Int: CheckedContinuation<Value, any Error>]] = [:]
    private var nextID = 0

    /// The result for `key`: the running flight's, or `work`'s in a new flight.
    /// - Returns: The value and whether it came from a flight another request had started.
    /// - Throws: What the work threw; `CancellationError` when the caller is cancelled first.
    func value(for key: Key, work: @escaping @Sendable () async throws -> Value) async throws -> (Value, shared: Bool) {
        let shared = flights[key] != nil
        if !shared {
            flights[key] = [:]
            Task {
                let result: Result<Value, any Error>
                do {
                    result = .success(try await work())
                } catch {
                    result = .failure(error)
                }
                self.finish(key, with: result)
            }
        }
        let id = nextID
        nextID += 1
        let value = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    flights[key, default: [:]][id] = continuation
                }
            }
        } onCancel: {
            Task { await self.abandon(key, id) }
        }
        return (value, shared)
    }

    /// How many flights are running.
    var count: Int { flights.count }

    private func finish(_ key: Key, with result: Result<Value, any Error>) {
        let waiters = flights.removeValue(forKey: key) ?? [:]
        for continuation in waiters.values { continuation.resume(with: result) }
    }

    private func abandon(_ key: Key, _ id: Int) {
        flights[key]?.removeValue(forKey: id)?.resume(throwing: CancellationError())
    }
}
