import Foundation
import ImageColorsRemote
import PostgresNIO

extension PostgresAnalysisCache {
    /// Runs `body` once across the fleet at a time for `key`: with the key's lease, or after
    /// the server holding it has let it go (then `body` finds that server's result in the
    /// cache), or past `wait`, or at once when the cache is unusable.
    ///
    /// The lease is a row in `imagecolors_lease` with an expiry on the database's clock: a
    /// server that crashes while holding one gives it up `lifetime` later. A server asks again
    /// every 50 ms while another holds it. The server's own single flight sits in front, so at
    /// most one request per server and key asks here.
    /// - Parameters:
    ///   - key: What is analysed (as the loader keys it).
    ///   - lifetime: How long a lease lasts unless given up: the longest an analysis may take.
    ///   - wait: How long to wait for another server's lease before analysing anyway.
    ///   - body: The work; its errors are thrown as they are.
    /// - Returns: `body`'s value.
    public func withLease<Value: Sendable>(
        for key: AnalysisStoreKey, lifetime: Duration, wait: Duration,
        _ body: @Sendable () async throws -> Value
    ) async throws -> Value {
        let source = Self.source(of: key)
        let variant = key.variant
        let deadline = ContinuousClock.now + wait
        while true {
            let holder = UUID().uuidString
            switch await acquire(source: source, variant: variant, holder: holder, lifetime: lifetime) {
            case true?:
                let value: Value
                do {
                    value = try await body()
                } catch {
                    await release(source: source, variant: variant, holder: holder)
                    throw error
                }
                await release(source: source, variant: variant, holder: holder)
                return value
            case false? where ContinuousClock.now < deadline:
                try await Task.sleep(for: .milliseconds(50))
            case false?, nil:
                return try await body()
            }
        }
    }

    /// Takes the lease for the row (a free or expired one): `true` when taken, `false` when
    /// another holds it, `nil` when the cache is unusable.
    private func acquire(source: String, variant: String, holder: String, lifetime: Duration) async -> Bool? {
        let seconds = Double(lifetime.components.seconds) + Double(lifetime.components.attoseconds) / 1e18
        return await perform("take a lease") { [logger] client in
            let rows = try await client.query(
                """
                INSERT INTO imagecolors_lease (source, variant, holder, expires_at)
                VALUES (\(source), \(variant), \(holder), now() + make_interval(secs => \(seconds)))
                ON CONFLICT (source, variant) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
                WHERE imagecolors_lease.expires_at < now()
                RETURNING holder
                """, logger: logger)
            var taken = false
            for try await _ in rows { taken = true }
            return taken
        }
    }

    /// Gives the lease up, in a task of its own: a cancelled request still lets it go.
    private func release(source: String, variant: String, holder: String) async {
        await Task { [self] in
            _ = await perform("give a lease up") { [logger] client in
                try await client.query(
                    """
                    DELETE FROM imagecolors_lease
                    WHERE source = \(source) AND variant = \(variant) AND holder = \(holder)
                    """, logger: logger)
            }
        }.value
    }
}
