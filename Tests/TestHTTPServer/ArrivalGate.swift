import Synchronization

/// Holds the responses that use it back until a number of requests have reached it: a test
/// can then have several requests in flight at once however slowly its client sends them.
///
/// ```swift
/// var response = TestResponse.ok(body)
/// response.gate = ArrivalGate(opensAt: 3)   // the first 3 wait for each other; later ones pass
/// ```
public final class ArrivalGate: Sendable {
    /// How many requests open it.
    public let count: Int
    private let arrived = Mutex(0)

    /// Creates a closed gate.
    /// - Parameter count: How many requests must reach it before any passes; 1 or less never holds.
    public init(opensAt count: Int) {
        self.count = count
    }

    /// Whether enough requests arrived.
    public var isOpen: Bool { arrived.withLock { $0 } >= count }

    /// Counts one request that reached the gate.
    func arrive() {
        arrived.withLock { $0 += 1 }
    }
}
