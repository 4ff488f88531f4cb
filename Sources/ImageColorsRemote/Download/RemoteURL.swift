import Foundation

/// The URLs the loader accepts.
enum RemoteURL {
    /// Checks that `url` is absolute `http` or `https` with a host, without credentials, and
    /// with no port or one in 1–65535.
    /// - Throws: ``RemoteLoadingError/unsupportedScheme(_:)``, ``RemoteLoadingError/invalidURL(_:)``
    ///   or ``RemoteLoadingError/refusedURL(_:reason:)``.
    static func check(_ url: URL) throws(RemoteLoadingError) {
        switch URLSyntax.problem(in: url) {
        case nil: return
        case .notAbsolute: throw .invalidURL(url.absoluteString)
        case .unsupportedScheme: throw .unsupportedScheme(url)
        case .portOutOfRange(let port): throw .refusedURL(url, reason: .portOutOfRange(port))
        case .credentials: throw .refusedURL(url, reason: .credentials)
        }
    }
}

/// Why an absolute `http(s)` URL is refused as written (``RemoteLoadingError/refusedURL(_:reason:)``).
public enum URLRefusal: Sendable, Hashable {
    /// The port, as written, is outside 1–65535.
    case portOutOfRange(String)
    /// The URL carries `user:password@`. Credentials in a URL are never sent (no transport puts
    /// them in an `Authorization` header), so such a URL is refused rather than fetched without them.
    case credentials
}
