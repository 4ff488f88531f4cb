import Foundation

/// The URLs the loader accepts.
enum RemoteURL {
    /// Checks that `url` is absolute `http` or `https` with a host.
    /// - Throws: ``RemoteLoadingError/unsupportedScheme(_:)`` or ``RemoteLoadingError/invalidURL(_:)``.
    static func check(_ url: URL) throws {
        guard let scheme = url.scheme?.lowercased() else { throw RemoteLoadingError.invalidURL(url.absoluteString) }
        guard scheme == "http" || scheme == "https" else { throw RemoteLoadingError.unsupportedScheme(url) }
        guard let host = url.host, !host.isEmpty else { throw RemoteLoadingError.invalidURL(url.absoluteString) }
    }
}
