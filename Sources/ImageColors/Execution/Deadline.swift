/// Thrown by ``withDeadline(_:operation:)`` when the time ran out first.
package struct DeadlineExceeded: Error {
    package init() {}
}

/// Which of the two racing tasks finished first.
private enum DeadlineOutcome<Value: Sendable>: Sendable {
    case finished(Value)
    case expired
}

/// Runs `operation` in a child task and cancels it when `limit` passes first.
///
/// The loader's downloads use it for what a transport cannot bound (a body that drips or
/// stalls after the head), and the service for each request's `--request-timeout`. It relies
/// on the operation stopping promptly when cancelled, which the transport contract requires.
/// This function returns only after the operation's task has ended, so whatever the operation
/// was writing is closed by then.
///
/// - Throws: ``DeadlineExceeded``, or what `operation` threw.
package func withDeadline<Value: Sendable>(
    _ limit: Duration,
    operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    let deadline = ContinuousClock.now.advanced(by: limit.clampedTimeout)
    return try await withThrowingTaskGroup(of: DeadlineOutcome<Value>.self) { group in
        group.addTask { .finished(try await operation()) }
        group.addTask {
            try await Task.sleep(until: deadline, inStepsOf: .seconds(1))
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

extension Task where Success == Never, Failure == Never {
    /// Suspends until `deadline` on the continuous clock, in sleeps of at most `step`.
    ///
    /// A cancelled `Task.sleep` returns at once, but on Linux its timer stays queued in Dispatch
    /// until the instant it was set for, and keeps the sleeping task's memory (about 160 bytes)
    /// until then. The service races each request against `--request-timeout` (30 s) three
    /// times, so it held 30 s of requests' timers: at 74 requests/s about 2 MB, and its RSS rose
    /// over the first 2,000 requests (heaptrack: 12,000 sleeps still queued after 5,000
    /// requests had been answered). Sleeping in steps bounds what a cancelled sleep keeps to one
    /// step.
    /// - Parameters:
    ///   - deadline: When to return.
    ///   - step: The longest single sleep. Default 1 second.
    /// - Throws: `CancellationError` when the task is cancelled first.
    package static func sleep(until deadline: ContinuousClock.Instant, inStepsOf step: Duration = .seconds(1))
        async throws
    {
        let clock = ContinuousClock()
        let step = max(step, .milliseconds(1))
        while clock.now < deadline {
            try await Task.sleep(until: min(deadline, clock.now.advanced(by: step)), clock: clock)
        }
    }
}
