import Foundation

/// What makes a URL unfit to fetch, read from its text alone.
///
/// Foundation only, on purpose: the `FuzzLocation` fuzz target compiles this file by itself
/// (through a link in Fuzz/Sources), without AsyncHTTPClient and NIO, which would otherwise be
/// built under AddressSanitizer too.
enum URLSyntaxProblem: Sendable, Hashable {
    /// No scheme, or no host.
    case notAbsolute
    /// A scheme other than `http` or `https`.
    case unsupportedScheme
    /// A port outside 1–65535 (or too long to be a number), as written.
    case portOutOfRange(String)
    /// `user:password@` (or an empty `@`) before the host.
    case credentials
}

/// Reads what a URL's authority says, without trapping on any text.
enum URLSyntax {
    /// The ports a connection can be made to.
    static let ports = 1...65535

    /// The first reason `url` cannot be fetched, or `nil` when it can (an absolute `http(s)` URL
    /// with a host, no credentials, and no port or one in 1–65535).
    ///
    /// The port is read from the text, not from `URL.port`: Foundation gives `nil` for a port
    /// too long for an `Int`, and a transport would then connect to the scheme's default port.
    /// - Parameter url: Any URL.
    static func problem(in url: URL) -> URLSyntaxProblem? {
        guard let scheme = url.scheme?.lowercased() else { return .notAbsolute }
        guard scheme == "http" || scheme == "https" else { return .unsupportedScheme }
        guard let host = url.host, !host.isEmpty, let authority = authority(of: url.absoluteString) else {
            return .notAbsolute
        }
        // Anything before an `@` is user information, sent by no transport we use: refused,
        // rather than dropped, so the caller learns the credentials did nothing.
        if authority.contains("@") { return .credentials }
        if let port = portText(ofHostAndPort: authority), !port.isEmpty, number(port).map(ports.contains) != true {
            return .portOutOfRange(String(port))
        }
        return nil
    }

    /// The absolute URL a redirect's `Location` names, resolved against the URL that answered;
    /// `nil` when it is not a URL at all. (The result still needs ``problem(in:)``.)
    /// - Parameters:
    ///   - location: The header's value, as received.
    ///   - current: The URL that answered with the redirect.
    static func resolve(location: String, against current: URL) -> URL? {
        URL(string: location, relativeTo: current)?.absoluteURL
    }

    /// The text between `scheme://` and the path, query or fragment; `nil` without `//`.
    static func authority(of text: String) -> Substring? {
        guard let start = text.range(of: "://")?.upperBound else { return nil }
        let rest = text[start...]
        return rest[..<(rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex)]
    }

    /// The port as written after the host (`nil` when there is no `:`, empty for `host:`).
    /// - Parameter authority: Host and port, with no user information.
    static func portText(ofHostAndPort authority: Substring) -> Substring? {
        if authority.hasPrefix("[") {
            // An IPv6 literal: its colons are not the port's.
            guard let close = authority.firstIndex(of: "]") else { return nil }
            let after = authority[authority.index(after: close)...]
            return after.hasPrefix(":") ? after.dropFirst() : nil
        }
        guard let colon = authority.lastIndex(of: ":") else { return nil }
        return authority[authority.index(after: colon)...]
    }

    /// The decimal number `digits` spells, or `nil` when it is not all ASCII digits or has
    /// more than 5 significant ones (no port has more; a longer one must not overflow).
    static func number(_ digits: Substring) -> Int? {
        guard digits.allSatisfy({ $0.isASCII && $0.isWholeNumber }) else { return nil }
        let significant = digits.drop { $0 == "0" }
        guard significant.count <= 5 else { return nil }
        return significant.reduce(0) { $0 * 10 + ($1.wholeNumberValue ?? 0) }
    }
}
