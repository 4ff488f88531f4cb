import Synchronization

/// Holds the responses that use it back until a number of requests have reached it: a test
/// can then have several requests in flight at once however slowly its client sends them.
///
/// ```swift
/// var response = TestResponse.ok(body)
/// response.gate = ArrivalGate(opensAt: 3)   // the first 3 wait for each other; later ones pass
/// ```
///
/// A test can also open it itself, with ``open()``: a gate made with `opensAt: .max` holds its
/// responses until the test has seen what it waited for, however long a loaded machine takes.
public final class ArrivalGate: Sendable {
    /// How many requests open it.
    public let count: Int
    private let state = Mutex((arrived: 0, opened: false))

    /// Creates a closed gate.
    /// - Parameter count: How many requests must reach it before any passes; 1 or less never holds.
    public init(opensAt count: Int) {
        self.count = count
    }

    /// Whether enough requests arrived, or the test opened it.
    public var isOpen: Bool { state.withLock { $0.opened || $0.arrived >= count } }

    /// Opens the gate whatever has reached it: the responses held go on, later ones pass.
    public func open() {
        state.withLock { $0.opened = true }
    }

    /// Counts one request that reached the gate.
    func arrive() {
        state.withLock { $0.arrived += 1 }
    }
}
