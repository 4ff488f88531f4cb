import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization

/// The default ``HTTPTransport``: one AsyncHTTPClient `HTTPClient` with its own connection
/// pool, configured to do only what a transport should (no redirects, no decompression).
///
/// It owns its client, so it must be shut down with ``shutdown()`` when no longer needed;
/// ``RemoteImageLoader`` does that for the transport it creates. It does not use
/// `HTTPClient.shared`: that client follows up to 20 redirects itself (the loader must count
/// and detect loops, with a limit of 5), decompresses bodies, and waits 90 s to connect, and
/// none of that can be changed per request.
///
/// Every connection it opens is checked against its ``AddressPolicy`` on the address it
/// actually reached, before a request is sent on it (``RemoteImageLoader`` also checks every
/// address a host resolves to before asking the transport). A refused connection fails at once,
/// without retrying. At most ``maxConnectionsPerHost`` requests per host run at once; more
/// wait their turn here (their wait counts toward the loader's ``DownloadLimits/timeout``)
/// instead of failing for want of a pooled connection.
public final class AsyncHTTPClientTransport: HTTPTransport {
    private let client: HTTPClient
    private let connectTimeout: Duration
    private let isShutDown = Mutex(false)
    private let gate: HostGate
    /// The addresses connections may reach.
    public let addressPolicy: AddressPolicy
    /// The most requests (and so connections) per host at once; others queue.
    public var maxConnectionsPerHost: Int { gate.limit }

    /// The default ``maxConnectionsPerHost``: AsyncHTTPClient's own per-host pool size.
    public static let defaultMaxConnectionsPerHost = 8

    /// Creates a transport with its own `HTTPClient`.
    /// - Parameters:
    ///   - connectTimeout: How long establishing a connection may take; default 10 s.
    ///   - addressPolicy: The addresses connections may reach; default ``AddressPolicy/default``
    ///     (loopback and link-local refused).
    ///   - maxConnectionsPerHost: Requests per host at once, more queue; default 8, at least 1.
    ///   - eventLoopGroup: The NIO threads to run on; default AsyncHTTPClient's shared
    ///     singleton group, so a transport starts no threads of its own.
    public init(
        connectTimeout: Duration = .seconds(10),
        addressPolicy: AddressPolicy = .default,
        maxConnectionsPerHost: Int = AsyncHTTPClientTransport.defaultMaxConnectionsPerHost,
        eventLoopGroup: any EventLoopGroup = HTTPClient.defaultEventLoopGroup
    ) {
        self.connectTimeout = connectTimeout
        self.addressPolicy = addressPolicy
        gate = HostGate(limit: maxConnectionsPerHost)
        // Checked on the connection's peer, so the address NIO resolved and reached is the one
        // judged; failing here fails the connection before any request is written to it.
        let check: @Sendable (any Channel) -> EventLoopFuture<Void> = { channel in
            do {
                try addressPolicy.checkConnected(to: channel.remoteAddress?.ipAddress)
                return channel.eventLoop.makeSucceededVoidFuture()
            } catch {
                return channel.eventLoop.makeFailedFuture(error)
            }
        }
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: TimeAmount(connectTimeout)),
            decompression: .disabled
        )
        configuration.http1_1ConnectionDebugInitializer = check
        configuration.http2ConnectionDebugInitializer = check
        configuration.httpVersion = .automatic
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = gate.limit
        // A refused connection is an answer, not a flake: fail at once instead of retrying
        // until the connect timeout (and then reporting a timeout).
        configuration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroup: eventLoopGroup, configuration: configuration)
    }

    deinit {
        // A client dropped without shutdown() leaks its pool and traps in debug builds; shut it
        // down in the background instead (the task keeps it alive until that is done).
        guard !isShutDown.withLock({ $0 }) else { return }
        let client = self.client
        Task { try? await client.shutdown() }
    }

    /// Closes every connection and cancels requests still running. Calling it again does nothing.
    /// - Throws: AsyncHTTPClient's error when a connection did not close cleanly.
    public func shutdown() async throws {
        let first = isShutDown.withLock { isShutDown in
            defer { isShutDown = true }
            return !isShutDown
        }
        guard first else { return }
        try await client.shutdown()
    }

    /// Sends `request` as a GET and hands the response to `receive`.
    /// - Parameters:
    ///   - request: The URL and headers to send.
    ///   - receive: Reads the response; a body it leaves unread is cancelled when it returns.
    /// - Returns: What `receive` returned.
    /// - Throws: ``RemoteLoadingError/invalidURL(_:)``, ``RemoteLoadingError/unsupportedScheme(_:)``
    ///   or ``RemoteLoadingError/refusedURL(_:reason:)`` for a URL that cannot be fetched (a port
    ///   outside 1–65535, credentials), ``RemoteLoadingError/connectTimedOut(_:limit:)``,
    ///   ``RemoteLoadingError/addressNotAllowed(_:address:addressClass:)`` for a connection that
    ///   reached an address the policy refuses (no request is sent on it), AsyncHTTPClient's and NIO's
    ///   errors, what `receive` threw, or `CancellationError`.
    public func send<Value>(
        _ request: HTTPTransportRequest,
        receive: (HTTPTransportResponse) async throws -> Value
    ) async throws -> Value {
        // NIO traps on a port over 65535 and AsyncHTTPClient wraps a host name's: never hand one over.
        try RemoteURL.check(request.url)
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = .GET
        for field in request.headers {
            outgoing.headers.add(name: field.name, value: field.value)
        }
        let prepared = outgoing
        let key = "\(request.url.scheme ?? "")://\(request.url.host ?? ""):\(request.url.port ?? -1)"
        let url = request.url
        try await gate.acquire(key)
        let response: HTTPClientResponse
        do {
            response = try await PromptCancellation.run {
                try await self.head(prepared, for: url)
            } abandoned: { [gate] _ in
                // An abandoned response is dropped here, which cancels its request; its
                // connection is free only now, so the permit is kept until now.
                gate.release(key)
            }
        } catch is PromptCancellation.Abandoned {
            throw CancellationError()
        } catch {
            gate.release(key)
            throw error
        }
        defer { gate.release(key) }
        let host = url.host ?? ""
        let headers = response.headers.map { HTTPHeaderField(name: $0.name, value: $0.value) }
        var chunks = response.body.makeAsyncIterator()
        let body = HTTPResponseBody(nextChunk: {
            do {
                return try await chunks.next().map { Data($0.readableBytesView) }
            } catch {
                throw TransportFailure.wrapping(error, host: host)
            }
        })
        // When `receive` returns, `response.body` is released; if it was not read to its end,
        // NIO's sequence tells AsyncHTTPClient, which cancels the request and closes the connection.
        return try await receive(HTTPTransportResponse(status: Int(response.status.code), headers: headers, body: body))
    }

    /// Sends `outgoing` and waits for the response's head, with the transport's errors in words.
    private func head(_ outgoing: HTTPClientRequest, for url: URL) async throws -> HTTPClientResponse {
        do {
            // No deadline of AsyncHTTPClient's own: it would cover the head only. The loader's
            // deadline cancels the task instead, and cancellation reaches the connection both
            // here (through `PromptCancellation`) and in the body's next().
            return try await client.execute(outgoing, deadline: .distantFuture)
        } catch let error as HTTPClientError where error == .connectTimeout {
            throw RemoteLoadingError.connectTimedOut(url, limit: connectTimeout)
        } catch let error as AddressNotAllowed {
            throw RemoteLoadingError.addressNotAllowed(url, address: error.address, addressClass: error.addressClass)
        } catch {
            throw TransportFailure.wrapping(error, host: url.host ?? "")
        }
    }
}

extension TimeAmount {
    /// The same span in NIO's nanoseconds (clamped to 0…100 years, see `clampedTimeout`).
    init(_ duration: Duration) {
        self = .nanoseconds(duration.timeoutNanoseconds)
    }
}
