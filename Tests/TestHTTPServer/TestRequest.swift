import Foundation

/// A request as the test server received it.
public struct TestRequest: Sendable {
    /// The path with its query.
    public var path: String
    /// The header fields, in order.
    public var headers: [(String, String)]

    /// The value of the first field named `name` (case-insensitive), or `nil`.
    public func header(_ name: String) -> String? {
        headers.first { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1
    }
}

/// One request and the status it was answered with.
public struct TestExchange: Sendable {
    /// The request.
    public var request: TestRequest
    /// The status code sent.
    public var status: Int

    /// Whether the request carried `If-None-Match` or `If-Modified-Since`.
    public var isConditional: Bool {
        request.header("If-None-Match") != nil || request.header("If-Modified-Since") != nil
    }
}
