import Foundation

/// What ``TestHTTPServer`` answers to one path, down to the bytes on the wire: how the body
/// is framed, chunked, paced, and whether the server lies about its length or cuts it off.
public struct TestResponse: Sendable {
    /// How the body's end is signalled.
    public enum Framing: Sendable {
        /// `Content-Length` with the body's true length.
        case contentLength
        /// `Content-Length` with this value whatever the body is; the server sends the body,
        /// then closes the connection (so a larger value makes a body cut off early).
        case declaredLength(Int)
        /// `Transfer-Encoding: chunked`.
        case chunked
        /// No length at all: the body ends when the server closes the connection.
        case untilClose
    }

    /// The status code.
    public var status: Int
    /// Extra header fields (framing headers are added from ``framing``).
    public var headers: [(String, String)]
    /// The body.
    public var body: Data
    /// How the body's end is signalled; default ``Framing/contentLength``.
    public var framing: Framing
    /// Bytes written at once; default 64 kB.
    public var chunkSize: Int
    /// Pause before each chunk after the first; default none.
    public var interval: Duration
    /// Pause before the response head; default none.
    public var headDelay: Duration
    /// Holds the response head (after ``headDelay``) until the gate is open, checked every 5 ms
    /// on the event loop; default `nil`, no hold. The request counts as arrived at it when the
    /// server starts the response.
    public var gate: ArrivalGate?

    /// Creates a response.
    public init(
        status: Int = 200, headers: [(String, String)] = [], body: Data = Data(),
        framing: Framing = .contentLength, chunkSize: Int = 65_536, interval: Duration = .zero,
        headDelay: Duration = .zero, gate: ArrivalGate? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.framing = framing
        self.chunkSize = max(1, chunkSize)
        self.interval = interval
        self.headDelay = headDelay
        self.gate = gate
    }

    /// 200 with `body` and the given `Content-Type`.
    public static func ok(_ body: Data, contentType: String = "application/octet-stream") -> TestResponse {
        TestResponse(headers: [("Content-Type", contentType)], body: body)
    }

    /// `status` with a short text body.
    public static func status(_ status: Int) -> TestResponse {
        TestResponse(status: status, headers: [("Content-Type", "text/plain")], body: Data("status \(status)\n".utf8))
    }

    /// A redirect to `location` (absolute or relative).
    public static func redirect(to location: String, status: Int = 302) -> TestResponse {
        TestResponse(status: status, headers: [("Location", location)])
    }

    /// `body` in `chunkSize` pieces, one every `interval`, with a true `Content-Length`.
    public static func drip(_ body: Data, chunkSize: Int, interval: Duration) -> TestResponse {
        TestResponse(headers: [("Content-Type", "image/jpeg")], body: body, chunkSize: chunkSize, interval: interval)
    }

    /// `count` bytes of filler.
    public static func filler(_ count: Int) -> Data { Data(repeating: 0x5A, count: count) }
}
