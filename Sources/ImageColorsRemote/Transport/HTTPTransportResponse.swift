import Foundation

/// A response head and its streamed body, as an ``HTTPTransport`` hands it over.
public struct HTTPTransportResponse {
    /// The status code, such as 200 or 404.
    public var status: Int
    /// The header fields, in the order received.
    public var headers: [HTTPHeaderField]
    /// The body, read chunk by chunk; reading it is optional.
    public var body: HTTPResponseBody

    /// Creates a response.
    /// - Parameters:
    ///   - status: The status code.
    ///   - headers: The header fields; default none.
    ///   - body: The body; default empty.
    public init(status: Int, headers: [HTTPHeaderField] = [], body: HTTPResponseBody = .empty) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the first header field named `name` (case-insensitive), or `nil`.
    /// - Parameter name: The field name.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The declared body length: `Content-Length` when it is a single non-negative integer,
    /// else `nil` (absent, malformed, or ignored because the body is chunked).
    public var contentLength: Int? {
        // RFC 9112 §6.3: Transfer-Encoding overrides Content-Length.
        guard header("Transfer-Encoding") == nil, let value = header("Content-Length") else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.allSatisfy(\.isASCIIDigit) else { return nil }
        // Too many digits for an Int is certainly over any limit.
        return Int(trimmed) ?? Int.max
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
