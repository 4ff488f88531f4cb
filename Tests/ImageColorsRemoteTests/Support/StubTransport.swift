import Foundation
import ImageColorsRemote
import Synchronization

/// A transport that answers from a closure, for tests that need no sockets.
final class StubTransport: HTTPTransport {
    /// What one request gets.
    struct Reply: Sendable {
        var status = 200
        var headers: [HTTPHeaderField] = []
        var chunks: [Data] = []
        /// After the chunks, wait forever (until cancelled) instead of ending the body.
        var stalls = false
        /// After the chunks, throw this instead of ending the body.
        var failure: String?
    }

    private struct State {
        var requests: [HTTPTransportRequest] = []
        var chunksRead = 0
    }

    private let reply: @Sendable (HTTPTransportRequest) throws -> Reply
    private let state = Mutex(State())

    init(_ reply: @escaping @Sendable (HTTPTransportRequest) throws -> Reply) {
        self.reply = reply
    }

    /// The requests sent, in order.
    var requests: [HTTPTransportRequest] { state.withLock { $0.requests } }
    /// How many body chunks the loader pulled.
    var chunksRead: Int { state.withLock { $0.chunksRead } }

    func send<Value>(
        _ request: HTTPTransportRequest, receive: (HTTPTransportResponse) async throws -> Value
    ) async throws -> Value {
        state.withLock { $0.requests.append(request) }
        let reply = try reply(request)
        let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        for chunk in reply.chunks { continuation.yield(chunk) }
        if let failure = reply.failure {
            continuation.finish(throwing: StubFailure(description: failure))
        } else if !reply.stalls {
            continuation.finish()
        }
        let body = HTTPResponseBody(stream) { [self] chunk in
            self.state.withLock { $0.chunksRead += 1 }
            return chunk
        }
        return try await receive(HTTPTransportResponse(status: reply.status, headers: reply.headers, body: body))
    }
}

/// An error of the stub's "network stack".
struct StubFailure: Error, CustomStringConvertible {
    var description: String
}
