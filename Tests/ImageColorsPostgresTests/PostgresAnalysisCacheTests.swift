import Foundation
import ImageColors
import ImageColorsPostgres
import ImageColorsRemote
import Synchronization
import TestSupport
import Testing

@Suite(
    "PostgreSQL cache: entries, revisions, migrations, outages",
    .enabled(if: PostgresTestCluster.url != nil, Comment(rawValue: PostgresTestCluster.skipReason)))
struct PostgresAnalysisCacheTests {
    static let key = AnalysisStoreKey(source: "https://example.com/a.png?token=secret", variant: "r2 test")

    /// A sample's result, its thumbnail and validators, fresh for 600 s.
    static func entry() async throws -> CachedAnalysis {
        let sample = RepositoryPaths.samples.appendingPathComponent("coffee.png").path
        let analysis = try await ImageColorAnalyzer(options: AnalysisOptions(quality: .lowest)).analyze(fileAt: sample)
        return CachedAnalysis(
            analysis: analysis.asStored,
            thumbnail: Thumbnail(width: 2, height: 1, format: .png, data: Data([1, 2, 3])),
            policy: HTTPCachePolicy(
                etag: "\"v1\"", lastModified: "Sun, 06 Dec 2026 10:00:00 GMT",
                freshUntil: Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded() + 600)))
    }

    @Test("Given a stored entry, when another cache on the same database reads it, then it is the same entry")
    func roundTrip() async throws {
        try await PostgresTestCluster.withDatabase { url in
            let writer = PostgresAnalysisCache(location: try PostgresCacheLocation(url))
            let reader = PostgresAnalysisCache(location: try PostgresCacheLocation(url))
            let entry = try await Self.entry()
            #expect(await reader.entry(for: Self.key) == nil)
            await writer.store(entry, for: Self.key)
            let read = try #require(await reader.entry(for: Self.key))
            #expect(read == entry)
            #expect(read.policy.isFresh(at: Date()))
            // The source is kept as a digest: the URL's token is nowhere in the table.
            let sources = try PostgresTestCluster.psql(url, "SELECT source FROM imagecolors_entry")
            #expect(sources.hasPrefix("sha256:") && !sources.contains("secret"))
            await writer.removeEntry(for: Self.key)
            #expect(await reader.entry(for: Self.key) == nil)
            await writer.close()
            await reader.close()
        }
    }

    @Test("Given a row written by an older results revision, then it is never served")
    func olderRevision() async throws {
        try await PostgresTestCluster.withDatabase { url in
            let cache = PostgresAnalysisCache(location: try PostgresCacheLocation(url))
            await cache.store(try await Self.entry(), for: Self.key)
            #expect(await cache.entry(for: Self.key) != nil)
            try PostgresTestCluster.psql(url, "UPDATE imagecolors_entry SET revision = revision - 1")
            #expect(await cache.entry(for: Self.key) == nil)
            #expect(await cache.count() == 0)
            await cache.close()
        }
    }

    @Test("Given eight caches starting at once on an empty database, then the tables are made once, version 1")
    func concurrentMigrations() async throws {
        try await PostgresTestCluster.withDatabase { url in
            let location = try PostgresCacheLocation(url)
            let caches = (0..<8).map { _ in PostgresAnalysisCache(location: location) }
            let entry = try await Self.entry()
            await withTaskGroup { group in
                for (index, cache) in caches.enumerated() {
                    group.addTask {
                        await cache.store(entry, for: AnalysisStoreKey(source: "s\(index)", variant: "v"))
                    }
                }
            }
            #expect(await caches[0].count() == 8)
            #expect(try PostgresTestCluster.psql(url, "SELECT version FROM imagecolors_schema") == "1")
            for cache in caches { await cache.close() }
        }
    }

    @Test("Given a database of a newer schema, then the cache goes without it and says so once")
    func newerSchema() async throws {
        try await PostgresTestCluster.withDatabase { url in
            try PostgresTestCluster.psql(
                url,
                "CREATE TABLE imagecolors_schema (id integer PRIMARY KEY, version bigint NOT NULL); "
                    + "INSERT INTO imagecolors_schema VALUES (1, 99)")
            let events = Shared<[String]>([])
            let cache = PostgresAnalysisCache(location: try PostgresCacheLocation(url)) { event in
                events.withLock { $0.append(event.code) }
            }
            await cache.store(try await Self.entry(), for: Self.key)
            #expect(await cache.entry(for: Self.key) == nil)
            #expect(events.withLock { $0 } == ["cache-bypassed"])
            await cache.close()
        }
    }

    @Test("Given no server at the URL, then only the first operation waits, each is counted, one event says so")
    func unreachable() async throws {
        // A port nothing listens on. A probe due every 10 ms: were it made by the requests, each
        // would wait for its bound.
        let location = try PostgresCacheLocation("postgres://nobody:pw@127.0.0.1:9/none?sslmode=disable")
        let events = Shared<[String]>([])
        let errors = Shared(0)
        let cache = PostgresAnalysisCache(
            location: location,
            limits: .init(
                connectTimeout: .milliseconds(100), queryTimeout: .milliseconds(300),
                retryInterval: .milliseconds(10)),
            eventHandler: { event in events.withLock { $0.append("\(event)") } },
            errorCounter: { errors.withLock { $0 += 1 } })
        let entry = try await Self.entry()
        #expect(await cache.entry(for: Self.key) == nil)
        let started = ContinuousClock.now
        for _ in 0..<20 {
            #expect(await cache.entry(for: Self.key) == nil)
            await cache.store(entry, for: Self.key)
            // Requests spaced past the retry interval: each finds a probe due.
            try await Task.sleep(for: .milliseconds(20))
        }
        // 20 x 20 ms of sleep; were the probes the requests' own, 40 x 300 ms more.
        #expect(ContinuousClock.now - started < .seconds(4))
        #expect(errors.withLock { $0 } >= 41)
        let said = events.withLock { $0 }
        #expect(said.count == 1)
        #expect(said.first?.contains("postgres://nobody:***@127.0.0.1:9/none") == true)
        #expect(said.first?.contains("pw@") == false)
        await cache.close()
    }
}
