import Foundation
import ImageColorsRemote

/// The service's transport: AsyncHTTPClient's, which checks the address policy on every
/// connection, with the body bytes counted for the upstream-bytes metric.
struct MeteredTransport: HTTPTransport {
    let base: AsyncHTTPClientTransport
    let countBytes: @Sendable (Int) -> Void

    func send<Value>(
        _ request: HTTPTransportRequest, receive: (HTTPTransportResponse) async throws -> Value
    ) async throws -> Value {
        try await base.send(request) { response in
            var iterator = response.body.makeAsyncIterator()
            let countBytes = self.countBytes
            let counted = HTTPResponseBody {
                let chunk = try await iterator.next()
                if let chunk { countBytes(chunk.count) }
                return chunk
            }
            return try await receive(
                HTTPTransportResponse(status: response.status, headers: response.headers, body: counted))
        }
    }
}
