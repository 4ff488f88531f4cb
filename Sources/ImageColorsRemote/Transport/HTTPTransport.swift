import Foundation

/// Sends one HTTP GET and streams its response: the only thing ``RemoteImageLoader`` needs
/// from a network stack, so another one (URLSession on Apple platforms, a stub in tests) can
/// be plugged in instead of ``AsyncHTTPClientTransport``.
///
/// A transport is deliberately dumb: it must **not** follow redirects (the loader follows
/// them itself, to count them and detect loops), decompress, or enforce size limits and
/// deadlines (the loader does, the same for every transport). It must stop promptly when
/// the calling task is cancelled, in `send` and in the body's `next()`.
///
/// ```swift
/// struct MyTransport: HTTPTransport {
///     func send<Value>(
///         _ request: HTTPTransportRequest,
///         receive: (HTTPTransportResponse) async throws -> Value
///     ) async throws -> Value {
///         let (status, headers, chunks) = try await myStack.get(request.url, headers: request.headers)
///         let response = HTTPTransportResponse(status: status, headers: headers, body: HTTPResponseBody(chunks))
///         return try await receive(response)
///     }
/// }
/// ```
public protocol HTTPTransport: Sendable {
    /// Sends `request` as a GET, without following redirects, and hands the response to
    /// `receive` while the connection is open.
    ///
    /// The response is scoped to `receive`: once `receive` returns or throws, the transport
    /// releases the connection, cancelling the request if its body was not read to the end.
    ///
    /// - Parameters:
    ///   - request: The URL and headers to send.
    ///   - receive: Reads the status, the headers and as much of the body as it wants.
    /// - Returns: What `receive` returned.
    /// - Throws: What `receive` threw; an error of the network stack when no response head
    ///   arrived (the loader reports it as ``RemoteLoadingError/connectionFailed(_:underlying:)``,
    ///   unless it is a ``RemoteLoadingError`` already); `CancellationError` when cancelled.
    func send<Value>(
        _ request: HTTPTransportRequest,
        receive: (HTTPTransportResponse) async throws -> Value
    ) async throws -> Value
}
