import Foundation
import ImageColors
import Synchronization
import TestHTTPServer
import TestSupport
import Testing

@testable import ImageColorsRemote

/// A cancelled wait for a response head ends at once, whoever else is slow to hear of it.
@Suite("Remote images: prompt cancellation")
struct PromptCancellationTests {
    /// An operation that ignores cancellation: it ends only when the test releases it.
    final class Held: Sendable {
        private let waiting = Mutex<CheckedContinuation<Void, Never>?>(nil)
        private let released = Mutex(false)
        private let results = Mutex<[Result<Int, any Error>]>([])

        var isWaiting: Bool { waiting.withLock { $0 != nil } }
        var abandonedResults: [Result<Int, any Error>] { results.withLock { $0 } }

        func operation() async -> Int {
            await withCheckedContinuation { continuation in
                let resumeNow = released.withLock { released in
                    if !released { waiting.withLock { $0 = continuation } }
                    return released
                }
                if resumeNow { continuation.resume() }
            }
            return 42
        }

        func release() {
            let continuation = released.withLock { released in
                released = true
                return waiting.withLock { waiting in
                    defer { waiting = nil }
                    return waiting
                }
            }
            continuation?.resume()
        }

        func abandoned(_ result: Result<Int, any Error>) {
            results.withLock { $0.append(result) }
        }
    }

    @Test("a caller cancelled while the operation ignores it stops at once; the result goes to abandoned")
    func cancelledWhileRunning() async throws {
        // Given an operation that will not end until released (released after 30 s regardless,
        // so a wrong implementation fails instead of hanging)
        let held = Held()
        let caller = Task {
            try await PromptCancellation.run({ await held.operation() }, abandoned: { held.abandoned($0) })
        }
        #expect(await eventually { held.isWaiting })
        let backstop = Task.detached {
            try? await Task.sleep(for: .seconds(30))
            held.release()
        }
        defer { backstop.cancel() }
        // When the caller is cancelled
        caller.cancel()
        let result = await caller.result
        // Then it has stopped as abandoned while the operation still runs, and nothing is abandoned yet
        #expect(throws: PromptCancellation.Abandoned.self) { try result.get() }
        #expect(held.isWaiting, "the caller waited for the operation to end")
        #expect(held.abandonedResults.isEmpty)
        // And when the operation ends, its result goes to abandoned, once
        held.release()
        #expect(await eventually { !held.abandonedResults.isEmpty })
        let abandoned = held.abandonedResults
        #expect(abandoned.count == 1)
        #expect(try abandoned.first?.get() == 42)
    }

    @Test("an operation that ends returns its value, and nothing is abandoned")
    func finishes() async throws {
        // Given an operation that ends at once
        let held = Held()
        held.release()
        // When it is run
        let value = try await PromptCancellation.run({ await held.operation() }, abandoned: { held.abandoned($0) })
        // Then its value comes back, and abandoned is never called
        #expect(value == 42)
        #expect(held.abandonedResults.isEmpty)
    }

    @Test("an operation's own error is thrown as it is, not as abandoned")
    func throwsItsError() async throws {
        // Given an operation that fails
        struct Refused: Error {}
        let held = Held()
        // When it is run, Then its error comes back, and abandoned is never called
        await #expect(throws: Refused.self) {
            try await PromptCancellation.run(
                { () async throws -> Int in throw Refused() }, abandoned: { held.abandoned($0) })
        }
        #expect(held.abandonedResults.isEmpty)
    }

    @Test("a caller cancelled before it starts never runs the operation; abandoned hears CancellationError")
    func cancelledBeforeStart() async throws {
        // Given a task cancelled before it calls run
        let held = Held()
        let ran = Mutex(false)
        let caller = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await PromptCancellation.run(
                {
                    ran.withLock { $0 = true }
                    return 1
                }, abandoned: { held.abandoned($0) })
        }
        // When it runs, Then it is abandoned at once, the operation never runs
        let result = await caller.result
        #expect(throws: PromptCancellation.Abandoned.self) { try result.get() }
        #expect(!ran.withLock { $0 })
        // And abandoned hears a CancellationError, once
        let abandoned = held.abandonedResults
        #expect(abandoned.count == 1)
        #expect(throws: CancellationError.self) { try abandoned.first?.get() }
    }

    @Test("the operation runs on the caller's preferred executor, not the shared pool")
    func keepsTheExecutor() async throws {
        // Given a caller on an executor of its own
        let executor = AnalysisExecutor(threads: 1, name: "prompt-cancel")
        let expected = UnownedTaskExecutor(ordinary: executor)
        // When it runs an operation
        let seen = try await Task(executorPreference: executor) {
            try await PromptCancellation.run(
                {
                    withUnsafeCurrentTask { $0?.unownedTaskExecutor }
                }, abandoned: { _ in })
        }.value
        // Then the operation ran with the same preference
        #expect(seen == expected)
    }

    @Test("a request cancelled while waiting for its head gives its host's permit back")
    func permitComesBack() async throws {
        // Given a transport with one request per host, and a request whose head is due in 60 s
        let stalled = TestResponse(body: Fixtures.png, headDelay: .seconds(60))
        try await TestHTTPServer.with({ $0 == "/slow" ? stalled : TestResponse(body: Fixtures.png) }) { server in
            let transport = AsyncHTTPClientTransport(addressPolicy: .allowingLoopback, maxConnectionsPerHost: 1)
            let first = Task {
                try await transport.send(HTTPTransportRequest(url: server.url("/slow"))) { $0.status }
            }
            #expect(await eventually { server.requests.contains("/slow") })
            // When it is cancelled, and a second request goes to the same host
            first.cancel()
            let firstResult = await first.result
            let answered = Mutex<Int?>(nil)
            let second = Task {
                let status = try await transport.send(HTTPTransportRequest(url: server.url("/fast"))) { $0.status }
                answered.withLock { $0 = status }
            }
            // Then the first stops as cancelled, and the second is answered: the permit came back
            // once the first's connection had closed (a permit never given back would hold it forever)
            #expect(throws: CancellationError.self) { try firstResult.get() }
            #expect(await eventually { answered.withLock { $0 } != nil }, "the host's permit never came back")
            #expect(answered.withLock { $0 } == 200)
            second.cancel()
            try await transport.shutdown()
        }
    }
}
