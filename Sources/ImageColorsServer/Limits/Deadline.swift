import ImageColors

/// A request's time limit (`--request-timeout`), waiting for a slot included.
enum Deadline {
    /// Runs `body`, cancelling it when `limit` passes.
    /// - Throws: ``ServerError/deadlineExceeded(limit:)`` when the limit passed first; what
    ///   `body` threw otherwise.
    static func run<Value: Sendable>(
        within limit: Duration, _ body: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: limit.clampedTimeout)
                return nil
            }
            defer { group.cancelAll() }
            // The first to end decides: the body's value or error, or the timer.
            guard let first = try await group.next(), let value = first else {
                throw ServerError.deadlineExceeded(limit: limit)
            }
            return value
        }
    }
}
