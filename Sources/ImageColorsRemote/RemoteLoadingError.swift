import Foundation
import ImageColors
import NIOHTTP1

/// Why an image could not be downloaded. Each message names the URL (without credentials,
/// query or fragment, which may hold secrets) and the reason or the limit passed.
public enum RemoteLoadingError: ImageColorsError, Equatable {
    /// The text is not an absolute URL.
    case invalidURL(String)
    /// An absolute `http(s)` URL that cannot be fetched as written: a port outside 1–65535, or
    /// credentials (`user:password@`), which are never sent. Code `invalid-url`, as for
    /// ``invalidURL(_:)``; checked on the URL given and on every redirect's target.
    case refusedURL(URL, reason: URLRefusal)
    /// The URL's scheme is not `http` or `https`.
    case unsupportedScheme(URL)
    /// The server answered with a status outside 200–299 (3xx included when not followed).
    case httpStatus(URL, status: Int)
    /// The body is larger than ``DownloadLimits/maxBodySize``; `declared` is the
    /// `Content-Length` when that alone decided it (nothing was read), else `nil`.
    case bodyTooLarge(URL, limit: Int, declared: Int?)
    /// The body ended before its `Content-Length`, or the connection broke while reading it.
    case bodyTruncated(URL, received: Int, expected: Int?, reason: String?)
    /// The download did not finish within ``DownloadLimits/timeout``.
    case timedOut(URL, limit: Duration)
    /// No connection could be made within ``DownloadLimits/connectTimeout``.
    case connectTimedOut(URL, limit: Duration)
    /// No connection could be made, or it failed before a response head arrived; `underlying`
    /// is the transport's error (for the default transport, AsyncHTTPClient's or NIO's).
    case connectionFailed(URL, underlying: UnderlyingError)
    /// More than ``DownloadLimits/maxRedirects`` redirects; `url` is the URL first asked for.
    case tooManyRedirects(URL, limit: Int)
    /// `url` redirects to `target`, which was already visited.
    case redirectLoop(URL, target: URL)
    /// A redirect without a usable `Location`.
    case invalidRedirect(URL, location: String?)
    /// The temporary file for a large body could not be created or written; `underlying` is
    /// the file system's error.
    case spoolFailed(path: String, underlying: UnderlyingError)
    /// The host resolved to (or a connection reached) an address the ``AddressPolicy`` refuses;
    /// nothing was sent to it. The message names the address and its class, never a body.
    case addressNotAllowed(URL, address: IPAddress, addressClass: AddressClass)
    /// The server refused the connection (nothing listens on that port). Not retried.
    case connectionRefused(URL)
    /// The server answered, but not in HTTP: a malformed status line or header field.
    /// `underlying` is the transport's error.
    case invalidResponse(URL, underlying: UnderlyingError)
    /// The body is not an image, and the response says it is encoded (`Content-Encoding`, such
    /// as `gzip`), which the loader never asks for and does not decode; `encoding` is the
    /// header's value, lowercased (or words for it when it is not a plain token).
    case unexpectedContentEncoding(URL, encoding: String)
    /// An `https` URL redirected to a plain `http` one and
    /// ``DownloadLimits/allowsDowngrade`` is `false`; the `http` URL was not fetched.
    case insecureRedirect(URL, target: URL)

    public var code: String {
        switch self {
        case .invalidURL, .refusedURL: "invalid-url"
        case .unsupportedScheme: "unsupported-scheme"
        case .httpStatus: "http-status"
        case .bodyTooLarge: "body-too-large"
        case .bodyTruncated: "body-truncated"
        case .timedOut: "timed-out"
        case .connectTimedOut: "connect-timed-out"
        case .connectionFailed: "connection-failed"
        case .tooManyRedirects: "too-many-redirects"
        case .redirectLoop: "redirect-loop"
        case .invalidRedirect: "invalid-redirect"
        case .spoolFailed: "spool-failed"
        case .addressNotAllowed: "address-not-allowed"
        case .connectionRefused: "connection-refused"
        case .invalidResponse: "invalid-response"
        case .unexpectedContentEncoding: "unexpected-content-encoding"
        case .insecureRedirect: "insecure-redirect"
        }
    }

    public var description: String {
        switch self {
        case .invalidURL(let text):
            return "not an absolute http(s) URL: \(URL.displayString(ofText: text))"
        case .refusedURL(let url, .portOutOfRange(let port)):
            let shown = port.count > 12 ? port.prefix(12) + "…" : port
            return "port \(shown) is outside 1-65535 in \(url.displayString)"
        case .refusedURL(let url, .credentials):
            return "credentials (user:password@) in a URL are never sent; remove them from \(url.displayString)"
        case .unsupportedScheme(let url):
            return
                "unsupported URL scheme \"\(url.scheme ?? "")\" in \(url.displayString): only http and https are loaded"
        case .httpStatus(let url, let status):
            // NIO's table traps on a negative code (UInt(statusCode)); a custom transport may pass one.
            let reason = (100...999).contains(status) ? HTTPResponseStatus(statusCode: status).reasonPhrase : ""
            return "HTTP \(status)\(reason.isEmpty ? "" : " \(reason)") from \(url.displayString)"
        case .bodyTooLarge(let url, let limit, let declared):
            let detail =
                declared.map { "Content-Length \(MemoryBudget.format(bytes: $0)); nothing read" }
                ?? "stopped reading at \(MemoryBudget.format(bytes: limit))"
            return "body over \(MemoryBudget.format(bytes: limit)) from \(url.displayString) (\(detail))"
        case .bodyTruncated(let url, let received, let expected, let reason):
            let of = expected.map { " of \(MemoryBudget.format(bytes: $0))" } ?? ""
            return "body cut off after \(MemoryBudget.format(bytes: received))\(of) from \(url.displayString)"
                + (reason.map { ": \($0)" } ?? "")
        case .timedOut(let url, let limit):
            return "timed out after \(limit.displayString) downloading \(url.displayString)"
        case .connectTimedOut(let url, let limit):
            return "could not connect to \(url.displayString) within \(limit.displayString)"
        case .connectionFailed(let url, let underlying):
            return "cannot connect to \(url.displayString): \(underlying)"
        case .tooManyRedirects(let url, let limit):
            return "more than \(limit) redirects from \(url.displayString)"
        case .redirectLoop(let url, let target):
            return "redirect loop: \(url.displayString) redirects back to \(target.displayString)"
        case .invalidRedirect(let url, let location):
            return "redirect from \(url.displayString) has "
                + (location.map { "an invalid Location: \($0)" } ?? "no Location")
        case .spoolFailed(let path, let underlying):
            return "cannot write the download to \(path): \(underlying)"
        case .addressNotAllowed(let url, let address, let kind):
            return "\(address) is \(kind.phrase); refused: \(url.displayString)"
        case .connectionRefused(let url):
            return "cannot connect to \(url.displayString): connection refused"
        case .invalidResponse(let url, let underlying):
            return "invalid response from \(url.displayString): \(underlying)"
        case .unexpectedContentEncoding(let url, let encoding):
            return
                "the body from \(url.displayString) is not an image: it is compressed (Content-Encoding: \(encoding)), "
                + "which was not asked for and is not decoded"
        case .insecureRedirect(let url, let target):
            return
                "redirect from https to plain http refused: \(url.displayString) redirects to \(target.displayString)"
        }
    }
}
