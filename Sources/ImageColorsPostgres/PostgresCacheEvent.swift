import Foundation
import PostgresNIO

/// What a ``PostgresAnalysisCache`` reports through its event handler. The cache never fails an
/// analysis: when PostgreSQL is down, slow or refuses a query, the request goes on without the
/// cache. An outage is reported twice, when it starts and when it ends, not once per request;
/// each operation it costs is counted by the error handler instead.
public enum PostgresCacheEvent: Sendable, CustomStringConvertible {
    /// An operation failed (or took longer than ``PostgresAnalysisCache/Limits/queryTimeout``)
    /// while the cache was up: from now on, operations go without it at once, while a probe
    /// every ``PostgresAnalysisCache/Limits/retryInterval`` waits for it to answer again.
    case unavailable(location: String, operation: String, underlying: any Error)
    /// An operation succeeded after an outage of `duration`, in which `errors` operations went
    /// without the cache.
    case recovered(location: String, duration: Duration, errors: Int)
    /// The database holds a newer schema than this version reads: the cache is not used.
    case bypassed(location: String, reason: String)

    /// `cache-unavailable`, `cache-recovered` or `cache-bypassed`.
    public var code: String {
        switch self {
        case .unavailable: "cache-unavailable"
        case .recovered: "cache-recovered"
        case .bypassed: "cache-bypassed"
        }
    }

    /// "cache postgres://app:***@db:5432/cache: could not read an entry: … ; working without it
    /// until it is back".
    public var description: String {
        switch self {
        case .unavailable(let location, let operation, let error):
            "cache \(location): could not \(operation): \(Self.words(for: error)); working without the cache "
                + "until it answers again"
        case .recovered(let location, let duration, let errors):
            "cache \(location): answering again after \(Self.seconds(duration)) s; \(errors) operation(s) went "
                + "without it"
        case .bypassed(let location, let reason):
            "cache \(location): \(reason); working without the cache"
        }
    }

    /// What went wrong, without what PostgresNIO keeps out of an error's description on purpose
    /// (the query and its values): the error's code, the server's message, the cause beneath.
    static func words(for error: any Error) -> String {
        guard let error = error as? PSQLError else { return "\(error)" }
        var words = "\(error.code)"
        if let message = error.serverInfo?[.message] { words += ": \(message)" }
        if let underlying = error.underlying { words += " (\(underlying))" }
        return words
    }

    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.1f", Double(seconds) + Double(attoseconds) / 1e18)
    }
}

/// Whether PostgreSQL answers, as the cache last saw it: up, or down since a time with the
/// next probe due, so that an outage costs the requests nothing: while down, operations are
/// skipped at once, and one probe every retry interval, off the requests, tells when it is back.
struct CacheHealth: ~Copyable {
    /// What an operation does now.
    enum Admission {
        /// Goes to PostgreSQL.
        case go
        /// Goes without (an outage).
        case skip
        /// Goes without, and starts the probe that is due.
        case skipAndProbe
    }

    private var downSince: ContinuousClock.Instant?
    private var nextAttempt: ContinuousClock.Instant?
    private var errors = 0

    /// Whether an operation may go to PostgreSQL now: always while up; while down, never (it is
    /// counted), the first one asking once `retryInterval` has passed since the last probe
    /// starting the next.
    mutating func admits(now: ContinuousClock.Instant, retryInterval: Duration) -> Admission {
        guard downSince != nil else { return .go }
        errors += 1
        if let nextAttempt, now < nextAttempt { return .skip }
        nextAttempt = now + retryInterval
        return .skipAndProbe
    }

    /// Notes a success: the outage's length and error count when this ends one.
    mutating func succeeded(now: ContinuousClock.Instant) -> (duration: Duration, errors: Int)? {
        guard let since = downSince else { return nil }
        defer {
            downSince = nil
            nextAttempt = nil
            errors = 0
        }
        return (now - since, errors)
    }

    /// Notes a failure (an operation's when `counting`, else a probe's): `true` when this
    /// starts an outage.
    mutating func failed(now: ContinuousClock.Instant, retryInterval: Duration, counting: Bool) -> Bool {
        if counting { errors += 1 }
        nextAttempt = now + retryInterval
        guard downSince == nil else { return false }
        downSince = now
        return true
    }

    /// Whether an outage is under way.
    var isDown: Bool { downSince != nil }
}
