import Foundation
import Synchronization

extension RemoteImageLoader {
    /// The transports `ImageColorAnalyzer.analyze(url:limits:)` shares, one per connect timeout.
    private static let shared = Mutex<[Duration: AsyncHTTPClientTransport]>([:])

    /// The process-wide transport (one connection pool) for `connectTimeout`, created on first
    /// use. It lives until the process ends or ``shutdownSharedTransports()``.
    /// - Parameter connectTimeout: How long connecting may take.
    public static func sharedTransport(connectTimeout: Duration) -> AsyncHTTPClientTransport {
        shared.withLock { transports in
            if let transport = transports[connectTimeout] { return transport }
            let transport = AsyncHTTPClientTransport(connectTimeout: connectTimeout)
            transports[connectTimeout] = transport
            return transport
        }
    }

    /// Closes the connections `ImageColorAnalyzer.analyze(url:limits:)` keeps open between calls
    /// (downloads under way fail); the next call opens new ones. Needed only by a process that
    /// wants its connections closed before it ends, such as a test.
    /// - Throws: AsyncHTTPClient's error when a connection did not close cleanly.
    public static func shutdownSharedTransports() async throws {
        for connectTimeout in shared.withLock({ Array($0.keys) }) {
            try await shutdownSharedTransport(connectTimeout: connectTimeout)
        }
    }

    /// Closes the shared transport for `connectTimeout` alone, if there is one; the next call
    /// with that timeout opens a new one. (Tests use it: the other shared transports may be
    /// downloading for other tests.)
    /// - Throws: As ``shutdownSharedTransports()``.
    package static func shutdownSharedTransport(connectTimeout: Duration) async throws {
        let transport = shared.withLock { $0.removeValue(forKey: connectTimeout) }
        try await transport?.shutdown()
    }
}
