import Synchronization
import Testing

@testable import ImageColors

/// The deadline the loader's downloads and the service's requests race against, and the stepped
/// sleep under it (a cancelled `Task.sleep` keeps its timer, and its task's memory, until the
/// instant it was set for: the service's RSS rose with 30 s of them).
@Suite("Deadline")
struct DeadlineTests {
    @Test("a stepped sleep does not return before its deadline, whatever the step")
    func steppedSleepWaitsTheWholeTime() async throws {
        // Given a deadline 60 ms away and steps of 7 ms (not a divisor of it)
        let clock = ContinuousClock()
        let started = clock.now
        let deadline = started.advanced(by: .milliseconds(60))
        // When the task sleeps until it
        try await Task.sleep(until: deadline, inStepsOf: .milliseconds(7))
        // Then it woke at the deadline or after it
        #expect(clock.now >= deadline)
    }

    @Test("a cancelled stepped sleep throws CancellationError", .timeLimit(.minutes(1)))
    func cancelledSteppedSleepThrows() async throws {
        // Given a task sleeping towards a deadline an hour away
        let sleeper = Task {
            try await Task.sleep(until: ContinuousClock.now.advanced(by: .seconds(3600)), inStepsOf: .seconds(1))
        }
        // When it is cancelled
        try await Task.sleep(for: .milliseconds(20))
        sleeper.cancel()
        // Then it ends with CancellationError (within the suite's time limit, not the hour)
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }

    @Test("an operation that ends first gives its value")
    func operationFirst() async throws {
        // Given an operation that returns at once and a limit of a minute
        // When it runs within the deadline
        let value = try await withDeadline(.seconds(60)) { 42 }
        // Then its value comes back
        #expect(value == 42)
    }

    @Test("an operation still running at the limit is cancelled and DeadlineExceeded thrown", .timeLimit(.minutes(1)))
    func deadlineFirst() async throws {
        // Given an operation that would sleep for an hour, and notes whether it was cancelled
        let cancelled = Mutex(false)
        // When it runs within 50 ms
        await #expect(throws: DeadlineExceeded.self) {
            try await withDeadline(.milliseconds(50)) {
                do {
                    try await Task.sleep(for: .seconds(3600))
                } catch {
                    cancelled.withLock { $0 = true }
                    throw error
                }
            }
        }
        // Then the operation saw its cancellation before withDeadline returned
        #expect(cancelled.withLock { $0 })
    }
}
