import Synchronization

/// Bytes held from a ``MemoryPool`` by one piece of work (an analysis, a body downloaded into
/// memory), given back when released or, at the latest, when the reservation goes away.
package final class MemoryReservation: Sendable {
    /// The pool the bytes come from.
    package let pool: MemoryPool
    private let held: Mutex<Int>

    private init(pool: MemoryPool, holding bytes: Int) {
        self.pool = pool
        held = Mutex(bytes)
    }

    deinit {
        pool.release(held.withLock { $0 })
    }

    /// Reserves `bytes` if they fit now and nobody waits; `nil` otherwise.
    package static func now(_ bytes: Int, from pool: MemoryPool) -> MemoryReservation? {
        pool.tryReserve(bytes, aheadOfWaiters: false) ? MemoryReservation(pool: pool, holding: bytes) : nil
    }

    /// Reserves `bytes`, waiting for room in turn.
    /// - Throws: `CancellationError`, or ``MemoryBudgetError`` when `bytes` passes the capacity.
    package static func waiting(for bytes: Int, from pool: MemoryPool, purpose: @autoclosure () -> String) async throws
        -> MemoryReservation
    {
        try await pool.reserve(bytes, for: purpose())
        return MemoryReservation(pool: pool, holding: bytes)
    }

    /// The bytes held.
    package var bytes: Int { held.withLock { $0 } }

    /// Holds `bytes` more if they fit now.
    /// - Parameters:
    ///   - bytes: How many more.
    ///   - aheadOfWaiters: See ``MemoryPool/tryReserve(_:aheadOfWaiters:)``.
    /// - Returns: Whether they were reserved.
    package func grow(by bytes: Int, aheadOfWaiters: Bool) -> Bool {
        guard bytes > 0 else { return true }
        guard pool.tryReserve(bytes, aheadOfWaiters: aheadOfWaiters) else { return false }
        held.withLock { $0 += bytes }
        return true
    }

    /// Takes over what `other` holds (from the same pool); `other` then holds nothing.
    package func absorb(_ other: MemoryReservation) {
        precondition(other.pool === pool, "MemoryReservation: absorbing bytes of another pool")
        let moved = other.held.withLock { held in
            defer { held = 0 }
            return held
        }
        held.withLock { $0 += moved }
    }

    /// Gives back all but `bytes` (or nothing when it holds no more than that).
    package func shrink(to bytes: Int) {
        let freed = held.withLock { held in
            let freed = max(0, held - max(0, bytes))
            held -= freed
            return freed
        }
        pool.release(freed)
    }

    /// Gives everything back; the reservation then holds nothing.
    package func release() {
        shrink(to: 0)
    }
}
