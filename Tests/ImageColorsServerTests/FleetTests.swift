import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Synchronization
import TestHTTPServer
import TestSupport
import Testing

@testable import ImageColorsServer

/// Two servers sharing one PostgreSQL cache, in this process (each with its own client, pool
/// and single flight, as two `serve` processes would have), over a real PostgreSQL.
@Suite(
    "Fleet: two servers, one PostgreSQL cache",
    .enabled(if: PostgresTestCluster.url != nil, Comment(rawValue: PostgresTestCluster.skipReason)))
struct FleetTests {
    /// Runs `body` with clients of two servers on the PostgreSQL at `url`.
    static func withFleet<Value: Sendable>(
        _ url: String, _ body: @Sendable (any TestClientProtocol, any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        let configuration = ServerSupport.configuration { $0.cachePath = url }
        return try await ServerSupport.withApp(configuration, .live) { first in
            try await ServerSupport.withApp(configuration, .live) { second in try await body(first, second) }
        }
    }

    @Test("Given a result computed by the first server, then the second answers it from the cache, no origin request")
    func sharedResult() async throws {
        try await TestHTTPServer.with(ServerSupport.sampleRoute(headers: [("Cache-Control", "max-age=600")])) {
            origin in
            try await PostgresTestCluster.withDatabase { url in
                let uri = "/v1/colors?url=\(ServerSupport.query(origin.url("/coffee.png").absoluteString))"
                try await Self.withFleet(url) { first, second in
                    let made = try await first.execute(uri: uri, method: .get)
                    #expect(made.headers[.imageColorsCache] == "stored")
                    let started = ContinuousClock.now
                    let answered = try await second.execute(uri: uri, method: .get)
                    let latency = ContinuousClock.now - started
                    #expect(answered.status == .ok)
                    #expect(answered.headers[.imageColorsCache] == "fresh")
                    #expect(ServerSupport.text(answered) == ServerSupport.text(made))
                    print("fleet: a hit on the other server took \(latency) (debug build)")
                }
                #expect(origin.requestCount("/coffee.png") == 1)
            }
        }
    }

    @Test("Given 2 x 20 identical requests at once, split over both servers, then the origin is asked once")
    func fleetSingleFlight() async throws {
        // The origin answers after 1 s, so every request arrives while the first analysis runs.
        let route = ServerSupport.sampleRoute(headers: [("Cache-Control", "max-age=600")], delay: .seconds(1))
        try await TestHTTPServer.with(route) { origin in
            try await PostgresTestCluster.withDatabase { url in
                let uri = "/v1/colors?url=\(ServerSupport.query(origin.url("/coffee.png").absoluteString))"
                let bodies = try await Self.withFleet(url) { first, second in
                    try await withThrowingTaskGroup(of: (HTTPResponse.Status, String).self) { group in
                        for index in 0..<40 {
                            let client = index.isMultiple(of: 2) ? first : second
                            group.addTask {
                                let response = try await client.execute(uri: uri, method: .get)
                                return (response.status, ServerSupport.text(response))
                            }
                        }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                }
                #expect(bodies.count == 40)
                #expect(bodies.allSatisfy { $0.0 == .ok })
                #expect(Set(bodies.map(\.1)).count == 1)
                #expect(origin.requestCount("/coffee.png") == 1)
            }
        }
    }

    @Test("Given PostgreSQL stopped mid-run, then every request succeeds, errors are counted, and it fills again after")
    func outage() async throws {
        // A cluster of this test's own: stopping the shared one would fail the other suites.
        let cluster = try PostgresTestCluster.Cluster()
        defer { try? cluster.stop() }
        try await TestHTTPServer.with(ServerSupport.sampleRoute(headers: [("Cache-Control", "max-age=600")])) {
            origin in
            let uri: @Sendable (String) -> String = { name in
                "/v1/colors?url=\(ServerSupport.query(origin.url("/coffee.png?\(name)").absoluteString))"
            }
            try await Self.withFleet(cluster.url) { first, second in
                #expect(try await first.execute(uri: uri("before"), method: .get).status == .ok)
                #expect(
                    try await second.execute(uri: uri("before"), method: .get).headers[.imageColorsCache] == "fresh")
                try cluster.pause()
                for index in 0..<10 {
                    let client = index.isMultiple(of: 2) ? first : second
                    let response = try await client.execute(uri: uri("down-\(index)"), method: .get)
                    #expect(response.status == .ok)
                }
                let errors =
                    try await (ServerSupport.metric("imagecolors_cache_errors_total", of: first) ?? 0)
                    + (ServerSupport.metric("imagecolors_cache_errors_total", of: second) ?? 0)
                #expect(errors >= 10)
                try cluster.resume()
                // The pools reconnect with a backoff: the cache fills again within seconds.
                var filled = false
                for attempt in 0..<60 where !filled {
                    _ = try await first.execute(uri: uri("after-\(attempt)"), method: .get)
                    let again = try await second.execute(uri: uri("after-\(attempt)"), method: .get)
                    filled = again.headers[.imageColorsCache] == "fresh"
                    if !filled { try await Task.sleep(for: .seconds(1)) }
                }
                #expect(filled)
            }
        }
    }
}
