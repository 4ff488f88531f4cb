import Foundation
import Synchronization

/// Lets at most `limit` requests per host through at once; the rest wait their turn, in order.
///
/// The transport's connection pool opens a bounded number of connections per host and fails a
/// request that waits for one longer than the connect timeout; the gate keeps the number of
/// requests in the pool within its limit, so a wide batch queues here instead of failing.
/// A waiting task that is cancelled stops waiting at once.
final class HostGate: Sendable {
    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var inUse: [String: Int] = [:]
        var waiters: [String: [Waiter]] = [:]
        var cancelled: Set<UInt64> = []
        var nextID: UInt64 = 0
    }

    /// The most requests per host at once.
    let limit: Int
    private let state = Mutex(State())

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Waits until fewer than ``limit`` requests to `host` are running and takes a permit; each
    /// permit taken must be given back with ``release(_:)`` exactly once.
    /// - Throws: `CancellationError` when cancelled while waiting (no permit is then taken).
    func acquire(_ host: String) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Decision { case go, cancelled, wait }
                let decision: Decision = state.withLock { state in
                    if state.cancelled.remove(id) != nil { return .cancelled }
                    if state.inUse[host, default: 0] < limit {
                        state.inUse[host, default: 0] += 1
                        return .go
                    }
                    state.waiters[host, default: []].append(Waiter(id: id, continuation: continuation))
                    return .wait
                }
                switch decision {
                case .go: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .wait: break
                }
            }
        } onCancel: {
            let waiter: Waiter? = state.withLock { state in
                if let index = state.waiters[host]?.firstIndex(where: { $0.id == id }) {
                    return state.waiters[host]?.remove(at: index)
                }
                // Not queued yet (or already let through): remembered, so it does not queue later.
                state.cancelled.insert(id)
                return nil
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
        // Let through before the cancellation was seen: nothing to forget.
        state.withLock { _ = $0.cancelled.remove(id) }
    }

    /// Gives back a permit taken with ``acquire(_:)``, passing it to the first waiter, if any.
    func release(_ host: String) {
        let next: Waiter? = state.withLock { state in
            if var queue = state.waiters[host], !queue.isEmpty {
                // The permit passes to the first waiter; the count stays.
                let first = queue.removeFirst()
                state.waiters[host] = queue.isEmpty ? nil : queue
                return first
            }
            let count = state.inUse[host, default: 1] - 1
            state.inUse[host] = count > 0 ? count : nil
            return nil
        }
        next?.continuation.resume()
    }
}
