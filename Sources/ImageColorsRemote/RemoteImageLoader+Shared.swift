import Foundation
import Synchronization

extension RemoteImageLoader {
    /// What a shared transport is configured with.
    private struct SharedKey: Hashable {
        var connectTimeout: Duration
        var addressPolicy: AddressPolicy
    }

    /// The transports `ImageColorAnalyzer.analyze(url:limits:)` shares, one per connect timeout
    /// and address policy.
    private static let shared = Mutex<[SharedKey: AsyncHTTPClientTransport]>([:])

    /// The process-wide transport (one connection pool) for `connectTimeout` and
    /// `addressPolicy`, created on first use. It lives until the process ends or
    /// ``shutdownSharedTransports()``.
    /// - Parameters:
    ///   - connectTimeout: How long connecting may take.
    ///   - addressPolicy: The addresses its connections may reach; default ``AddressPolicy/default``.
    public static func sharedTransport(
        connectTimeout: Duration, addressPolicy: AddressPolicy = .default
    ) -> AsyncHTTPClientTransport {
        let key = SharedKey(connectTimeout: connectTimeout, addressPolicy: addressPolicy)
        return shared.withLock { transports in
            if let transport = transports[key] { return transport }
            let transport = AsyncHTTPClientTransport(connectTimeout: connectTimeout, addressPolicy: addressPolicy)
            transports[key] = transport
            return transport
        }
    }

    /// Closes the connections `ImageColorAnalyzer.analyze(url:limits:)` keeps open between calls
    /// (downloads under way fail); the next call opens new ones. Needed only by a process that
    /// wants its connections closed before it ends, such as a test.
    /// - Throws: AsyncHTTPClient's error when a connection did not close cleanly.
    public static func shutdownSharedTransports() async throws {
        for transport in shared.withLock({ transports in
            defer { transports = [:] }
            return Array(transports.values)
        }) {
            try await transport.shutdown()
        }
    }

    /// Closes the shared transports for `connectTimeout` alone, if there are any; the next call
    /// with that timeout opens a new one. (Tests use it: the other shared transports may be
    /// downloading for other tests.)
    /// - Throws: As ``shutdownSharedTransports()``.
    package static func shutdownSharedTransport(connectTimeout: Duration) async throws {
        let closing = shared.withLock { transports in
            let keys = transports.keys.filter { $0.connectTimeout == connectTimeout }
            return keys.compactMap { transports.removeValue(forKey: $0) }
        }
        for transport in closing { try await transport.shutdown() }
    }
}
