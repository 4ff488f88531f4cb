import Foundation

/// The PostgreSQL the PostgreSQL cache's tests use: the cluster `Tests/Postgres/cluster.sh`
/// started and named in `IMAGECOLORS_TEST_POSTGRES_URL` (CI's), a fresh database in it per test,
/// or a cluster of a test's own when it stops and restarts the server.
public enum PostgresTestCluster {
    /// The shared cluster's URL, or `nil` when none was started (the suites are then skipped).
    public static let url: String? = ProcessInfo.processInfo.environment["IMAGECOLORS_TEST_POSTGRES_URL"]
        .flatMap { $0.isEmpty ? nil : $0 }

    /// Why the suites are skipped without it.
    public static let skipReason =
        "IMAGECOLORS_TEST_POSTGRES_URL is unset: start a cluster with eval \"$(Tests/Postgres/cluster.sh start)\""

    /// The script that starts and stops clusters.
    public static let script = RepositoryPaths.root.appendingPathComponent("Tests/Postgres/cluster.sh")

    /// Runs `body` with the URL of a database of its own in the shared cluster, dropped after.
    public static func withDatabase<Value>(
        isolation: isolated (any Actor)? = #isolation, _ body: (String) async throws -> Value
    ) async throws -> Value {
        guard let base = url else { throw ClusterError(message: skipReason) }
        let name = "ic_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try psql(base, "CREATE DATABASE \(name)")
        defer { _ = try? psql(base, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
        return try await body(try database(name, in: base))
    }

    /// The same database as the TCP `url`, through the Unix socket in the shared cluster's
    /// folder (`IMAGECOLORS_TEST_POSTGRES_DIR`), or `nil` without that folder.
    public static func socketURL(for url: String) -> String? {
        guard let folder = ProcessInfo.processInfo.environment["IMAGECOLORS_TEST_POSTGRES_DIR"],
            let components = URLComponents(string: url), let port = components.port
        else { return nil }
        return "postgres://\(components.user ?? "imagecolors")@\(components.path)?host=\(folder)&port=\(port)"
    }

    /// `url` with its database replaced by `name`.
    public static func database(_ name: String, in url: String) throws -> String {
        guard var components = URLComponents(string: url) else { throw ClusterError(message: "not a URL: \(url)") }
        components.path = "/" + name
        return components.string ?? url
    }

    /// Runs one SQL statement with `psql`.
    /// - Returns: What it printed, unaligned and without headers.
    @discardableResult
    public static func psql(_ url: String, _ sql: String) throws -> String {
        // psql takes no sslmode it does not know; the URL's own parameters are libpq's.
        let output = try runProcess(
            URL(fileURLWithPath: "/usr/bin/psql"), [url, "-v", "ON_ERROR_STOP=1", "-At", "-c", sql])
        guard output.status == 0 else { throw ClusterError(message: "psql \(sql): \(output.stderr)") }
        return output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A cluster of a test's own, which it may pause and resume; stopped and removed by ``stop()``.
    public struct Cluster: Sendable {
        /// Its URL over TCP.
        public let url: String
        /// Its folder (the Unix socket is there too).
        public let folder: String

        /// Starts one (a few seconds: initdb).
        public init() throws {
            let output = try runProcess(PostgresTestCluster.script, ["start"])
            guard output.status == 0 else { throw ClusterError(message: "cluster.sh start: \(output.stderr)") }
            var values: [String: String] = [:]
            for line in output.stdout.split(separator: "\n") {
                guard let match = line.firstMatch(of: /^export (\w+)='(.*)'$/) else { continue }
                values[String(match.1)] = String(match.2)
            }
            guard let url = values["IMAGECOLORS_TEST_POSTGRES_URL"],
                let folder = values["IMAGECOLORS_TEST_POSTGRES_DIR"]
            else { throw ClusterError(message: "cluster.sh start printed no URL: \(output.stdout)") }
            self.url = url
            self.folder = folder
        }

        /// Stops the server (fast shutdown: connections are cut), keeping its data.
        public func pause() throws { try run("pause") }

        /// Starts the server again on the same port.
        public func resume() throws { try run("resume") }

        /// Stops the server and removes the folder.
        public func stop() throws { try run("stop") }

        private func run(_ command: String) throws {
            let output = try runProcess(PostgresTestCluster.script, [command, folder])
            guard output.status == 0 else { throw ClusterError(message: "cluster.sh \(command): \(output.stderr)") }
        }
    }

    /// A cluster command that failed, with what it printed.
    public struct ClusterError: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }
}
