import Foundation

/// Follows redirects by hand: counts them and remembers every URL visited, so a loop is
/// reported as one instead of as "too many redirects".
struct RedirectTracker {
    /// The statuses followed: Moved Permanently, Found, See Other, Temporary and Permanent
    /// Redirect. (300 Multiple Choices and 304 Not Modified are answers, not redirects.)
    static let followedStatuses: Set<Int> = [301, 302, 303, 307, 308]

    private let origin: URL
    private let limit: Int
    private let allowsDowngrade: Bool
    private var visited: Set<String>
    private(set) var count = 0

    /// Starts at `origin`, allowing `limit` redirects.
    init(origin: URL, limit: Int, allowsDowngrade: Bool = false) {
        self.origin = origin
        self.limit = limit
        self.allowsDowngrade = allowsDowngrade
        visited = [origin.absoluteString]
    }

    /// The next URL when `current` answered `location`.
    /// - Throws: ``RemoteLoadingError`` for a missing or unusable `Location`, a scheme other
    ///   than http(s), a port outside 1–65535 or credentials (`invalid-url`), an https → http
    ///   downgrade (unless allowed), a loop, or one redirect too many.
    mutating func follow(from current: URL, location: String?) throws -> URL {
        guard let location, let target = URLSyntax.resolve(location: location, against: current) else {
            throw RemoteLoadingError.invalidRedirect(current, location: location)
        }
        try RemoteURL.check(target)
        if !allowsDowngrade, current.scheme?.lowercased() == "https", target.scheme?.lowercased() == "http" {
            throw RemoteLoadingError.insecureRedirect(current, target: target)
        }
        guard visited.insert(target.absoluteString).inserted else {
            throw RemoteLoadingError.redirectLoop(current, target: target)
        }
        count += 1
        guard count <= limit else { throw RemoteLoadingError.tooManyRedirects(origin, limit: limit) }
        return target
    }
}
