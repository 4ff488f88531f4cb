import Foundation
import Synchronization

/// An image served the way a CDN serves it: with an `ETag`, a `Last-Modified` and a
/// `Cache-Control`, answering a conditional request whose validator still matches with
/// `304 Not Modified` and no body. Tests replace the image to see it change.
public final class ConditionalResource: Sendable {
    private struct State {
        var body: Data
        var version: Int
        var cacheControl: String?
        var sendsETag: Bool
        var sendsLastModified: Bool
    }

    private let state: Mutex<State>
    /// The `Last-Modified` of version 1; each later version is a day newer.
    private static let firstModified = Date(timeIntervalSince1970: 1_700_000_000)

    /// Serves `body` as version 1.
    /// - Parameters:
    ///   - body: The image.
    ///   - cacheControl: The `Cache-Control` value, or `nil` for none.
    ///   - etag: Whether to send an `ETag`.
    ///   - lastModified: Whether to send a `Last-Modified`.
    public init(body: Data, cacheControl: String? = nil, etag: Bool = true, lastModified: Bool = true) {
        state = Mutex(
            State(body: body, version: 1, cacheControl: cacheControl, sendsETag: etag, sendsLastModified: lastModified))
    }

    /// Serves `body` from now on, as a new version (new validators).
    public func replace(with body: Data) {
        state.withLock {
            $0.body = body
            $0.version += 1
        }
    }

    /// Sends `value` as `Cache-Control` from now on (`nil` for none).
    public func setCacheControl(_ value: String?) {
        state.withLock { $0.cacheControl = value }
    }

    /// The answer to `request`: `304` when its `If-None-Match` (or, without one, its
    /// `If-Modified-Since`) matches the current version, else `200` with the body.
    public func respond(to request: TestRequest) -> TestResponse {
        let current = state.withLock { $0 }
        let etag = "\"v\(current.version)\""
        let modified = Self.httpDate(Self.firstModified.addingTimeInterval(Double(current.version - 1) * 86_400))
        var headers: [(String, String)] = [("Date", Self.httpDate(Date()))]
        if current.sendsETag { headers.append(("ETag", etag)) }
        if current.sendsLastModified { headers.append(("Last-Modified", modified)) }
        if let cacheControl = current.cacheControl { headers.append(("Cache-Control", cacheControl)) }
        let unchanged: Bool
        if let condition = request.header("If-None-Match") {
            unchanged =
                current.sendsETag
                && condition.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == etag }
        } else if let since = request.header("If-Modified-Since") {
            unchanged = current.sendsLastModified && since == modified
        } else {
            unchanged = false
        }
        if unchanged { return TestResponse(status: 304, headers: headers) }
        return TestResponse(headers: headers + [("Content-Type", "application/octet-stream")], body: current.body)
    }

    private static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.string(from: date)
    }
}
