import Foundation
import NIOSSL
import PostgresNIO

/// Where a ``PostgresAnalysisCache`` connects: a `postgres://` or `postgresql://` URL, as libpq
/// spells them.
///
/// - `postgres://user:password@host:5432/db`: TCP (port 5432 when none is given).
/// - `postgres:///db?host=/run/postgresql`: the Unix socket `.s.PGSQL.5432` in that folder
///   (`port=` picks another socket number); `postgres://%2Frun%2Fpostgresql/db` is the same.
/// - Query parameters: `host`, `port`, `user`, `password`, and `sslmode` (`disable`, `prefer`, the
///   default over TCP, or `require`); any other is refused, so a misspelt one is not ignored.
///
/// The user defaults to `$USER` and the password to `$PGPASSWORD` (as libpq does: a password
/// in the environment stays out of `ps`), the database to the user's name. The password is
/// never printed: ``description`` masks it.
public struct PostgresCacheLocation: Sendable, Hashable, CustomStringConvertible {
    /// How the connection is made.
    public enum Endpoint: Sendable, Hashable {
        /// A host name or address and a port.
        case tcp(host: String, port: Int)
        /// The socket file's path.
        case unixSocket(path: String)
    }

    /// Whether TLS is used (TCP only; a Unix socket never uses it).
    public enum TLSMode: String, Sendable, Hashable, CaseIterable {
        /// Plain TCP.
        case disable
        /// TLS when the server offers it, else plain TCP (libpq's default).
        case prefer
        /// TLS or no connection.
        case require
    }

    /// The host and port, or the socket.
    public var endpoint: Endpoint
    /// The role to connect as.
    public var user: String
    /// The password, or `nil` (trust, peer or a `.pgpass` the server does not read: none).
    public var password: String?
    /// The database.
    public var database: String
    /// TLS over TCP.
    public var tlsMode: TLSMode

    /// Whether `text` names a PostgreSQL cache (starts with `postgres://` or `postgresql://`)
    /// rather than a SQLite file.
    /// - Parameter text: The `--cache` value.
    public static func isPostgresURL(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
    }

    /// Reads a `postgres://` or `postgresql://` URL.
    /// - Parameters:
    ///   - text: The URL.
    ///   - environment: Where `USER` and `PGPASSWORD` are read for a URL without a user or a
    ///     password; default the process'.
    /// - Throws: ``PostgresCacheError/invalidURL(_:reason:)``, naming the URL with its password masked.
    public init(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(PostgresCacheError)
    {
        let masked = Self.masked(text)
        guard Self.isPostgresURL(text), let components = URLComponents(string: text) else {
            throw .invalidURL(masked, reason: "not a postgres:// or postgresql:// URL")
        }
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] {
            guard ["host", "port", "user", "password", "sslmode"].contains(item.name) else {
                throw .invalidURL(
                    masked, reason: "unknown parameter '\(item.name)' (host, port, user, password, sslmode)")
            }
            query[item.name] = item.value ?? ""
        }
        let portText = query["port"] ?? components.port.map(String.init)
        var port = 5432
        if let portText {
            guard let value = Int(portText), (1...65_535).contains(value) else {
                throw .invalidURL(masked, reason: "the port must be from 1 to 65535, not '\(portText)'")
            }
            port = value
        }
        let host = query["host"] ?? components.percentEncodedHost?.removingPercentEncoding ?? ""
        if host.hasPrefix("/") {
            endpoint = .unixSocket(path: URL(fileURLWithPath: host).appendingPathComponent(".s.PGSQL.\(port)").path)
        } else if host.isEmpty {
            throw .invalidURL(masked, reason: "no host: give one, or a socket folder as ?host=/path")
        } else {
            // URLComponents keeps an IPv6 literal's brackets.
            endpoint = .tcp(host: host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")), port: port)
        }
        let user = query["user"] ?? components.user ?? environment["USER"] ?? "postgres"
        guard !user.isEmpty else { throw .invalidURL(masked, reason: "the user is empty") }
        self.user = user
        password = query["password"] ?? components.password ?? environment["PGPASSWORD"]
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        guard !path.contains("/") else {
            throw .invalidURL(masked, reason: "the path must be one database name, not '\(path)'")
        }
        database = path.isEmpty ? user : path
        let mode = query["sslmode"] ?? TLSMode.prefer.rawValue
        guard let tlsMode = TLSMode(rawValue: mode) else {
            throw .invalidURL(masked, reason: "sslmode must be disable, prefer or require, not '\(mode)'")
        }
        self.tlsMode = tlsMode
    }

    /// The URL without its password: `postgres://app:***@db:5432/cache` or
    /// `postgres://app@/cache?host=/run/postgresql/.s.PGSQL.5432`.
    public var description: String {
        let credentials = user + (password == nil ? "" : ":***")
        switch endpoint {
        case .tcp(let host, let port):
            let shown = host.contains(":") ? "[\(host)]" : host
            return "postgres://\(credentials)@\(shown):\(port)/\(database)"
        case .unixSocket(let path):
            return "postgres://\(credentials)@/\(database)?host=\(path)"
        }
    }

    /// PostgresNIO's configuration for this location.
    var clientConfiguration: PostgresClient.Configuration {
        switch endpoint {
        case .tcp(let host, let port):
            let tls: PostgresClient.Configuration.TLS =
                switch tlsMode {
                case .disable: .disable
                case .prefer: .prefer(.makeClientConfiguration())
                case .require: .require(.makeClientConfiguration())
                }
            return PostgresClient.Configuration(
                host: host, port: port, username: user, password: password, database: database, tls: tls)
        case .unixSocket(let path):
            return PostgresClient.Configuration(
                unixSocketPath: path, username: user, password: password, database: database)
        }
    }

    /// `text` with the password of its user-info and of a `password=` parameter replaced by
    /// `***`, for messages about a URL that did not parse.
    /// - Parameter text: A `--cache` value.
    public static func masked(_ text: String) -> String {
        var result = text
        // user:password@ before the host.
        if let scheme = result.range(of: "://"),
            let at = result[scheme.upperBound...].firstIndex(of: "@"),
            let colon = result[scheme.upperBound..<at].firstIndex(of: ":")
        {
            result.replaceSubrange(result.index(after: colon)..<at, with: "***")
        }
        // password=… in the query, up to the next parameter.
        while let found = result.range(of: "password=", options: .caseInsensitive),
            !result[found.upperBound...].hasPrefix("***")
        {
            let end = result[found.upperBound...].firstIndex(of: "&") ?? result.endIndex
            result.replaceSubrange(found.upperBound..<end, with: "***")
        }
        return result
    }
}
