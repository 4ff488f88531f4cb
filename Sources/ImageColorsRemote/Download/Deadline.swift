/// Thrown by ``withDeadline(_:operation:)`` when the time ran out first.
struct DeadlineExceeded: Error {}

/// Which of the two racing tasks finished first.
private enum DeadlineOutcome<Value: Sendable>: Sendable {
    case finished(Value)
    case expired
}

/// Runs `operation` in a child task and cancels it when `limit` passes first.
///
/// The deadline covers what a transport cannot: a body that drips or stalls after the
/// head. It relies on the operation stopping promptly when cancelled, which the transport
/// contract requires. This function returns only after the operation's task has ended, so
/// whatever the operation was writing is closed by then.
///
/// - Throws: ``DeadlineExceeded``, or what `operation` threw.
func withDeadline<Value: Sendable>(
    _ limit: Duration,
    operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await withThrowingTaskGroup(of: DeadlineOutcome<Value>.self) { group in
        group.addTask { .finished(try await operation()) }
        group.addTask {
            try await Task.sleep(for: limit.clampedTimeout)
            return .expired
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw CancellationError() }
        switch first {
        case .finished(let value): return value
        case .expired: throw DeadlineExceeded()
        }
    }
}
