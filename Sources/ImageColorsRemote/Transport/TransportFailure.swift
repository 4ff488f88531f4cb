import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// An AsyncHTTPClient or NIO error, with words for people ("connection refused" rather than
/// "connection reset (error set): Connection refused) (errno: 111)").
struct TransportFailure: Error, CustomStringConvertible {
    /// The error as the network stack threw it.
    let underlying: any Error
    let description: String

    private init(_ error: any Error) {
        underlying = error
        description = Self.describe(error)
    }

    /// `error` with words for people; a `CancellationError` stays as it is.
    static func wrapping(_ error: any Error) -> any Error {
        error is CancellationError ? error : TransportFailure(error)
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case let error as IOError:
            return String(cString: strerror(error.errnoCode)).lowercased()
        case let error as HTTPClientError:
            switch error {
            case .remoteConnectionClosed: return "the server closed the connection"
            case .readTimeout: return "read timed out"
            case .tlsHandshakeTimeout: return "TLS handshake timed out"
            case .cancelled: return "cancelled"
            default: return "\(error)"
            }
        case HTTPParserError.invalidEOFState:
            return "the connection closed before the body ended"
        default:
            return "\(error)"
        }
    }
}
