import Foundation

/// One GET request for an ``HTTPTransport``.
public struct HTTPTransportRequest: Sendable, Hashable {
    /// An absolute `http` or `https` URL.
    public var url: URL
    /// Header fields to send, in order (names as written; transports may add their own,
    /// such as `Host`).
    public var headers: [HTTPHeaderField]

    /// Creates a request.
    /// - Parameters:
    ///   - url: An absolute `http` or `https` URL.
    ///   - headers: Header fields to send; default none.
    public init(url: URL, headers: [HTTPHeaderField] = []) {
        self.url = url
        self.headers = headers
    }
}
