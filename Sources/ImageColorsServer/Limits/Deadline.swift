import ImageColors

/// A request's time limit (`--request-timeout`), waiting for a slot included.
enum Deadline {
    /// Runs `body`, cancelling it when `limit` passes.
    /// - Throws: ``ServerError/deadlineExceeded(limit:)`` when the limit passed first; what
    ///   `body` threw otherwise.
    static func run<Value: Sendable>(
        within limit: Duration, _ body: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        do {
            return try await withDeadline(limit, operation: body)
        } catch is DeadlineExceeded {
            throw ServerError.deadlineExceeded(limit: limit)
        }
    }
}
