import ImageColorsCache
import ImageColorsPostgres
import ImageColorsRemote

/// The cache `--cache` names: a SQLite file for one server, or a PostgreSQL database shared by
/// a fleet, whose lease also makes the fleet analyse a URL once.
enum ResultCache: Sendable {
    case sqlite(AnalysisCache)
    case postgres(PostgresAnalysisCache)

    /// The cache for `path` (a `postgres://` or `postgresql://` URL, else a SQLite file).
    /// - Parameters:
    ///   - path: ``ServerConfiguration/cachePath``.
    ///   - warn: Told the cache's warnings, and an outage's start and end.
    ///   - countError: Called once per cache operation a request went without.
    /// - Throws: ``PostgresCacheError`` for a PostgreSQL URL that does not parse.
    init(
        path: String, warn: @escaping @Sendable (String) -> Void, countError: @escaping @Sendable () -> Void
    ) throws(PostgresCacheError) {
        if PostgresCacheLocation.isPostgresURL(path) {
            let location = try PostgresCacheLocation(path)
            self = .postgres(
                PostgresAnalysisCache(location: location, eventHandler: { warn("\($0)") }, errorCounter: countError))
        } else {
            self = .sqlite(
                AnalysisCache(path: path) { warning in
                    countError()
                    warn("\(warning)")
                })
        }
    }

    /// The store the loader reads and writes.
    var store: any AnalysisStore {
        switch self {
        case .sqlite(let cache): cache
        case .postgres(let cache): cache
        }
    }

    /// The fleet's lease, with PostgreSQL.
    var fleet: PostgresAnalysisCache? {
        if case .postgres(let cache) = self { cache } else { nil }
    }

    /// Closes the file, or the connections.
    func close() async {
        switch self {
        case .sqlite(let cache): await cache.close()
        case .postgres(let cache): await cache.close()
        }
    }
}
