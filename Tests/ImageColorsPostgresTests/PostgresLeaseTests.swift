import Foundation
import ImageColorsPostgres
import ImageColorsRemote
import Synchronization
import TestSupport
import Testing

@Suite(
    "PostgreSQL cache: the fleet's lease",
    .enabled(if: PostgresTestCluster.url != nil, Comment(rawValue: PostgresTestCluster.skipReason)))
struct PostgresLeaseTests {
    static let key = AnalysisStoreKey(source: "url:https://example.com/a.png", variant: "r2 lease")

    @Test("Given two caches (two servers), when both ask for the same key at once, then the work never overlaps")
    func exclusive() async throws {
        try await PostgresTestCluster.withDatabase { url in
            let location = try PostgresCacheLocation(url)
            let servers = [PostgresAnalysisCache(location: location), PostgresAnalysisCache(location: location)]
            let running = Shared((now: 0, most: 0, runs: 0))
            try await withThrowingTaskGroup { group in
                for server in servers {
                    group.addTask {
                        try await server.withLease(for: Self.key, lifetime: .seconds(30), wait: .seconds(30)) {
                            running.withLock { state in
                                state.now += 1
                                state.most = max(state.most, state.now)
                                state.runs += 1
                            }
                            try await Task.sleep(for: .milliseconds(500))
                            running.withLock { $0.now -= 1 }
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(running.withLock { $0.most } == 1)
            #expect(running.withLock { $0.runs } == 2)
            // Both gave the lease up.
            #expect(try PostgresTestCluster.psql(url, "SELECT count(*) FROM imagecolors_lease") == "0")
            for server in servers { await server.close() }
        }
    }

    @Test("Given a lease left by a crashed server, then the next one runs once it expires, not before")
    func crashedHolder() async throws {
        try await PostgresTestCluster.withDatabase { url in
            let cache = PostgresAnalysisCache(location: try PostgresCacheLocation(url))
            // Makes the tables, then a lease of a server that is gone, expiring in 2 s.
            await cache.removeEntry(for: Self.key)
            try PostgresTestCluster.psql(
                url,
                """
                INSERT INTO imagecolors_lease SELECT source, 'r2 lease', 'crashed', now() + interval '2 seconds'
                FROM (SELECT 'sha256:' || encode(sha256('url:https://example.com/a.png'), 'hex') AS source) s
                """)
            let started = ContinuousClock.now
            let waited = try await cache.withLease(for: Self.key, lifetime: .seconds(30), wait: .seconds(30)) {
                ContinuousClock.now - started
            }
            #expect(waited >= .milliseconds(1500))
            #expect(waited < .seconds(20))
            await cache.close()
        }
    }

    @Test("Given a lease held past the wait, then the waiter runs anyway at its deadline")
    func waitDeadline() async throws {
        try await PostgresTestCluster.withDatabase { url in
            let location = try PostgresCacheLocation(url)
            let holder = PostgresAnalysisCache(location: location)
            let waiter = PostgresAnalysisCache(location: location)
            let taken = Shared(false)
            async let held: Void = holder.withLease(for: Self.key, lifetime: .seconds(60), wait: .seconds(1)) {
                taken.withLock { $0 = true }
                try await Task.sleep(for: .seconds(6))
            }
            #expect(await eventually(within: .seconds(30)) { taken.withLock { $0 } })
            let started = ContinuousClock.now
            try await waiter.withLease(for: Self.key, lifetime: .seconds(60), wait: .seconds(1)) {}
            #expect(ContinuousClock.now - started < .seconds(5))
            try await held
            await holder.close()
            await waiter.close()
        }
    }
}

/// A value tasks and handlers change together.
final class Shared<Value: Sendable>: Sendable {
    private let value: Mutex<Value>

    init(_ value: Value) { self.value = Mutex(value) }

    func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        value.withLock { body(&$0) }
    }
}
