/// Why an ``AnalysisCache`` could not be used as asked. The cache never fails an analysis: it
/// rebuilds a file it cannot use, or goes without, and says so through its warning handler.
public enum AnalysisCacheWarning: Sendable, CustomStringConvertible {
    /// The file was damaged, or made by an older version, and was replaced by an empty cache.
    case rebuilt(path: String, reason: String, underlying: (any Error)?)
    /// The file cannot be used (not a database, another program's, a newer version's, locked,
    /// unwritable): this process works without the cache and leaves the file alone.
    case bypassed(path: String, reason: String, underlying: (any Error)?)
    /// One read or write failed (the file was busy past the timeout, the disk full): that result
    /// was not taken from, or put in, the cache.
    case skipped(path: String, operation: String, underlying: any Error)

    /// `cache-rebuilt`, `cache-bypassed` or `cache-skipped`.
    public var code: String {
        switch self {
        case .rebuilt: "cache-rebuilt"
        case .bypassed: "cache-bypassed"
        case .skipped: "cache-skipped"
        }
    }

    /// The file concerned.
    public var path: String {
        switch self {
        case .rebuilt(let path, _, _), .bypassed(let path, _, _), .skipped(let path, _, _): path
        }
    }

    /// The error behind the warning, as thrown (SQLite's, the file system's), or `nil`.
    public var underlying: (any Error)? {
        switch self {
        case .rebuilt(_, _, let error), .bypassed(_, _, let error): error
        case .skipped(_, _, let error): error
        }
    }

    /// "cache /tmp/c.sqlite: database disk image is malformed; rebuilt empty".
    public var description: String {
        switch self {
        case .rebuilt(let path, let reason, _):
            "cache \(path): \(reason); rebuilt empty"
        case .bypassed(let path, let reason, _):
            "cache \(path): \(reason); working without the cache"
        case .skipped(let path, let operation, let error):
            "cache \(path): could not \(operation): \(AnalysisCache.words(for: error)); went on without it"
        }
    }
}
