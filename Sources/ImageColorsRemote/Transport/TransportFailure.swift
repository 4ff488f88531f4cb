import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// An AsyncHTTPClient or NIO error, with words for people ("connection refused" rather than
/// "connection reset (error set): Connection refused) (errno: 111)"). The words never quote
/// the stack's own text where it could carry paths or server bytes: TLS failures are said in
/// words ("certificate not trusted for HOST"), never as BoringSSL's error strings.
struct TransportFailure: Error, CustomStringConvertible {
    /// The error as the network stack threw it.
    let underlying: any Error
    let description: String
    /// Whether the server refused the connection (nothing listens there).
    let isConnectionRefused: Bool
    /// Whether the server answered, but not in HTTP (a malformed status line or header field).
    let isInvalidResponse: Bool

    private init(_ error: any Error, host: String) {
        underlying = error
        isConnectionRefused = Self.isRefused(error)
        // The connection closing early is a cut-off answer, not a malformed one.
        isInvalidResponse = error is HTTPParserError && (error as? HTTPParserError) != .invalidEOFState
        description = isConnectionRefused ? "connection refused" : Self.describe(error, host: host)
    }

    /// `error` with words for people; a `CancellationError` stays as it is, and so does an
    /// ``AddressNotAllowed`` (the loader reports it with its own code).
    /// - Parameters:
    ///   - error: What the stack threw.
    ///   - host: The host asked for, to name in TLS messages.
    static func wrapping(_ error: any Error, host: String) -> any Error {
        if error is CancellationError || error is AddressNotAllowed { return error }
        return TransportFailure(error, host: host)
    }

    private static func isRefused(_ error: any Error) -> Bool {
        switch error {
        case let error as IOError: return error.errnoCode == ECONNREFUSED
        case let error as NIOConnectionError:
            return !error.connectionErrors.isEmpty && error.connectionErrors.allSatisfy { isRefused($0.error) }
        default: return false
        }
    }

    private static func describe(_ error: any Error, host: String) -> String {
        switch error {
        case let error as IOError:
            return String(cString: strerror(error.errnoCode)).lowercased()
        case let error as NIOConnectionError:
            if error.connectionErrors.isEmpty { return "cannot resolve \(host)" }
            return error.connectionErrors.first.map { describe($0.error, host: host) } ?? "cannot connect"
        case let error as HTTPClientError:
            switch error {
            case .remoteConnectionClosed: return "the server closed the connection"
            case .readTimeout: return "read timed out"
            case .tlsHandshakeTimeout: return "TLS handshake timed out"
            case .cancelled: return "cancelled"
            case .connectTimeout: return "connecting timed out"
            default: return "the HTTP exchange failed (\(error.shortDescription))"
            }
        case HTTPParserError.invalidEOFState:
            return "the connection closed before the body ended"
        case is HTTPParserError:
            return "the server's answer is not valid HTTP"
        default:
            let type = String(reflecting: Swift.type(of: error))
            if type.hasPrefix("NIOSSL.") {
                // BoringSSL's text names its source files (build paths) and the peer's bytes.
                let raw = String(describing: error)
                if raw.contains("CERTIFICATE_VERIFY_FAILED") || raw.contains("certificate") {
                    return "certificate not trusted for \(host)"
                }
                if raw.contains("Hostname") || raw.contains("hostname") { return "certificate not valid for \(host)" }
                return "TLS handshake with \(host) failed"
            }
            // Unknown stacks' errors may carry anything: name the kind only.
            return "the connection failed (\(type.split(separator: ".").last.map(String.init) ?? "error"))"
        }
    }
}

extension HTTPClientError {
    /// The error's name without AsyncHTTPClient's prefix ("invalidURL").
    fileprivate var shortDescription: String {
        String(describing: self).replacingOccurrences(of: "HTTPClientError.", with: "")
    }
}
