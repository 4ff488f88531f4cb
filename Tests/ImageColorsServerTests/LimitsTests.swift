import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Synchronization
import TestHTTPServer
import TestSupport
import Testing

@testable import ImageColorsServer

@Suite("Limits: the queue, the single flight")
struct LimitsTests {
    @Test("Given one slot and a queue of one, when a third request comes, then 429 busy with Retry-After at once")
    func busy() async throws {
        // "At once" is the 429 itself: a request let into the line waits for a slot and is then
        // analysed (200), so a 429 was never queued. No step rests on a duration: with every
        // suite running at once on two cores, a request's tasks were held for seconds, longer
        // than the 6 s the origin once held the first one. The origin now holds it until the
        // third has been answered, and the line is watched filling on /metrics.
        let gate = ArrivalGate(opensAt: .max)
        try await TestHTTPServer.with(ServerSupport.sampleRoute(gate: gate)) { origin in
            let configuration = ServerSupport.configuration {
                $0.jobs = 1
                $0.maxQueue = 1
                $0.requestTimeout = .seconds(600)
                $0.downloadLimits.timeout = .seconds(600)
            }
            try await ServerSupport.withApp(configuration) { client in
                defer { gate.open() }
                let uris = ["coffee.png", "rocket.jpg", "horse.png"].map {
                    "/v1/colors?url=\(ServerSupport.query(origin.url("/\($0)").absoluteString))"
                }
                async let first = client.execute(uri: uris[0], method: .get)
                #expect(await eventually { origin.requests.count == 1 })
                async let second = client.execute(uri: uris[1], method: .get)
                // The second waits in the line: the gauge says so, and the origin never sees it.
                var depth: Double?
                for _ in 0..<600 where depth != 1 {
                    depth = try await ServerSupport.metric("imagecolors_queue_depth", of: client)
                    if depth != 1 { try await Task.sleep(for: .milliseconds(50)) }
                }
                try #require(depth == 1, "the second request never waited in the line")
                let third = try await client.execute(uri: uris[2], method: .get)
                #expect(third.status == .tooManyRequests)
                #expect(third.headers[.retryAfter] == "1")
                #expect(try ServerSupport.errorCode(third) == "busy")
                gate.open()
                #expect(try await first.status == .ok)
                #expect(try await second.status == .ok)
                #expect(origin.requests.sorted() == ["/coffee.png", "/rocket.jpg"])
            }
        }
    }

    @Test("Given 20 identical requests at once, then the origin is asked once and all get the same answer")
    func singleFlight() async throws {
        try await TestHTTPServer.with(ServerSupport.sampleRoute(delay: .seconds(1))) { origin in
            let uri = "/v1/colors?url=\(ServerSupport.query(origin.url("/coffee.png").absoluteString))&quality=low"
            try await ServerSupport.withApp(ServerSupport.configuration()) { client in
                let bodies = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                    for _ in 0..<20 {
                        group.addTask {
                            let response = try await client.execute(uri: uri, method: .get)
                            return (response.status.code, ServerSupport.text(response))
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(bodies.count == 20)
                #expect(bodies.allSatisfy { $0.0 == 200 })
                #expect(Set(bodies.map(\.1)).count == 1)
            }
            #expect(origin.requestCount("/coffee.png") == 1)
        }
    }

    @Test("Given the queue, when a waiter is cancelled, then it leaves the line and the slot passes on")
    func queueCancellation() async throws {
        let queue = AdmissionQueue(slots: 1, maxWaiting: 1)
        let release = AsyncStream<Void>.makeStream()
        let holder = Task { try await queue.withSlot { for await _ in release.stream {} } }
        try await Task.sleep(for: .milliseconds(100))
        let waiter = Task { try await queue.withSlot { 1 } }
        try await Task.sleep(for: .milliseconds(100))
        #expect(await queue.depth == 1)
        await #expect(throws: ServerError.busy(queued: 1)) { try await queue.withSlot { 2 } }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(await queue.depth == 0)
        release.continuation.finish()
        try await holder.value
        #expect(try await queue.withSlot { 3 } == 3)
    }
}
