import Foundation
import TestSupport
import Testing

/// `--cache postgres://…`: the CLI keeps results in PostgreSQL, as it does in SQLite.
@Suite("imagecolors analyze --cache postgres://")
struct PostgresCacheCommandTests {
    @Test(
        "Given a PostgreSQL cache, when files are analysed over TCP, then through its socket, they are read back",
        .enabled(if: PostgresTestCluster.url != nil, Comment(rawValue: PostgresTestCluster.skipReason)))
    func files() async throws {
        try await PostgresTestCluster.withDatabase { url in
            let files = ["Samples/rocket.jpg", "Samples/coffee.png"]
            let first = try await CLI.run(["analyze", "--format", "json", "--cache", url] + files)
            // The second run through the Unix socket when the cluster's folder is known: the same rows.
            let socket = PostgresTestCluster.socketURL(for: url) ?? url
            let second = try await CLI.run(["analyze", "--format", "json", "--cache", socket] + files)
            #expect(try CacheCommandTests.statuses(first) == ["stored", "stored"])
            #expect(try CacheCommandTests.statuses(second) == ["fresh", "fresh"])
            #expect(first.lines.map { $0.replacingOccurrences(of: "\"stored\"", with: "\"fresh\"") } == second.lines)
        }
    }

    @Test("Given a malformed PostgreSQL URL, then the flag is refused with its password masked")
    func malformed() async throws {
        let output = try await CLI.run(
            ["analyze", "--cache", "postgres://app:topsecret@db:0/x", "Samples/rocket.jpg"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("postgres://app:***@db:0/x"))
        #expect(!output.stderr.contains("topsecret"))
    }

    @Test("Given PostgreSQL unreachable, then the files are analysed anyway, with one warning")
    func unreachable() async throws {
        let output = try await CLI.run(
            [
                "analyze", "--format", "json", "--cache", "postgres://app:topsecret@127.0.0.1:9/x?sslmode=disable",
                "Samples/rocket.jpg", "Samples/coffee.png",
            ])
        #expect(output.status == 0)
        #expect(output.lines.count == 2)
        let warnings = output.errorLines.filter { $0.hasPrefix("imagecolors: warning: cache postgres://app:***@") }
        #expect(warnings.count == 1)
        #expect(!output.stderr.contains("topsecret"))
    }
}
