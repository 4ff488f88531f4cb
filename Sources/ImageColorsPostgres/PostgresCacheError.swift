import ImageColors

/// Why a PostgreSQL cache cannot be set up as asked. Only setting one up throws: once running,
/// the cache never fails an analysis (see ``PostgresCacheEvent``).
public enum PostgresCacheError: ImageColorsError, Equatable {
    /// The `--cache` URL does not parse; the URL is given with its password masked.
    case invalidURL(String, reason: String)

    /// `invalid-cache-url`.
    public var code: String {
        switch self {
        case .invalidURL: "invalid-cache-url"
        }
    }

    /// "invalid PostgreSQL cache URL 'postgres://app:***@db/x?y=1': unknown parameter 'y' …".
    public var description: String {
        switch self {
        case .invalidURL(let url, let reason): "invalid PostgreSQL cache URL '\(url)': \(reason)"
        }
    }
}
