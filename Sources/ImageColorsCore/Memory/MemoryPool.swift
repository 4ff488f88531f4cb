import Synchronization

/// One memory budget shared by every analysis that uses it: the most a process (a widget
/// extension, a feed worker) spends on images at once, however many run together.
///
/// Give the pool to the analyzers that share it (`ImageColorAnalyzer.memoryPool`). Each
/// analysis reserves from it what its ``MemoryBudget`` lets it reserve, as it goes; downloads
/// of `ImageColorsRemote` that keep a body in memory reserve it too. When the pool is full, an
/// analysis *waits* for room, first come first served, instead of failing; the wait ends with
/// `CancellationError` when its task is cancelled. An analysis that could never fit (it needs
/// more than its budget, or than the whole pool) fails at once with ``MemoryBudgetError``, as
/// without a pool.
///
/// An analysis never has more than `min(options.memoryBudget, capacity)`
/// (`ImageColorAnalyzer.effectiveBudget`), and what it decides from its budget (the decode
/// scale at ``Quality/highest``, whether a profile fits) depends on that alone, never on how
/// full the pool is: the same image gives the same colours whatever else runs. When an
/// analysis finds the pool full half-way (others took the room first), it gives back what it
/// holds, waits until there is room for all it needed, and starts again; large reservations
/// are made from the header, before pixel work, so little is redone.
///
/// ```swift
/// let pool = MemoryPool(capacity: .megabytes(30))        // the whole widget's images
/// let analyzer = ImageColorAnalyzer(memoryPool: pool)
/// let colors = try await withThrowingTaskGroup(of: ColorAnalysis.self) { group in
///     for path in paths { group.addTask { try await analyzer.analyze(fileAt: path) } }
///     return try await group.reduce(into: []) { $0.append($1) }
/// }
/// ```
public final class MemoryPool: Sendable, CustomStringConvertible {
    /// The most bytes reserved at once, by all analyses together.
    public let capacity: MemoryBudget
    private let state: Mutex<PoolState>

    /// Creates an empty pool.
    /// - Parameter capacity: The most bytes reserved at once; at least 1 byte.
    public init(capacity: MemoryBudget) {
        self.capacity = MemoryBudget(bytes: max(1, capacity.bytes))
        state = Mutex(PoolState())
    }

    /// Bytes reserved now.
    public var reserved: Int { state.withLock { $0.reserved } }

    /// The most bytes reserved at once so far (never more than ``capacity``).
    public var peak: Int { state.withLock { $0.peak } }

    /// How many analyses wait for room now.
    public var waiting: Int { state.withLock { $0.waiters.count } }

    /// "12.5 MB of 30 MB reserved".
    public var description: String {
        "\(MemoryBudget.format(bytes: reserved, unitOf: capacity.bytes)) of \(capacity) reserved"
    }

    /// Reserves `bytes` if they fit now.
    /// - Parameters:
    ///   - bytes: What to reserve.
    ///   - aheadOfWaiters: Whether the bytes may be taken while others wait for room: yes for
    ///     an analysis that is running (it must finish to give its room back), no for new work.
    /// - Returns: Whether the bytes were reserved.
    package func tryReserve(_ bytes: Int, aheadOfWaiters: Bool) -> Bool {
        state.withLock { state in
            guard aheadOfWaiters || state.waiters.isEmpty, state.reserved + bytes <= capacity.bytes else {
                return false
            }
            state.take(bytes)
            return true
        }
    }

    /// Reserves `bytes`, waiting for room behind those that asked first.
    /// - Parameter bytes: What to reserve; at most ``capacity``.
    /// - Throws: `CancellationError` when the task is cancelled while it waits (nothing is
    ///   reserved then); ``MemoryBudgetError`` when `bytes` is more than the capacity.
    package func reserve(_ bytes: Int, for purpose: @autoclosure () -> String) async throws {
        guard bytes <= capacity.bytes else {
            throw MemoryBudgetError.overBudget(
                purpose: purpose(), needed: bytes, available: capacity.bytes, budget: capacity.bytes)
        }
        if tryReserve(bytes, aheadOfWaiters: false) { return }
        let id = state.withLock { $0.newID() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let now: Result<Void, any Error>? = state.withLock { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if state.waiters.isEmpty, state.reserved + bytes <= capacity.bytes {
                        state.take(bytes)
                        return .success(())
                    }
                    state.waiters.append(PoolState.Waiter(id: id, bytes: bytes, continuation: continuation))
                    return nil
                }
                if let now { continuation.resume(with: now) }
            }
        } onCancel: {
            let removed = state.withLock { state in
                state.waiters.firstIndex { $0.id == id }.map { state.waiters.remove(at: $0) }
            }
            removed?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Gives back `bytes` reserved earlier, and lets waiters in, in order, while they fit.
    /// - Parameter bytes: What was reserved.
    package func release(_ bytes: Int) {
        guard bytes > 0 else { return }
        let admitted = state.withLock { state in
            state.reserved = max(0, state.reserved - bytes)
            var admitted: [CheckedContinuation<Void, any Error>] = []
            while let first = state.waiters.first, state.reserved + first.bytes <= capacity.bytes {
                state.waiters.removeFirst()
                state.take(first.bytes)
                admitted.append(first.continuation)
            }
            return admitted
        }
        for continuation in admitted { continuation.resume() }
    }
}

/// A pool's counts and queue, behind its mutex.
private struct PoolState: ~Copyable {
    /// An analysis waiting for room.
    package struct Waiter {
        package var id: UInt64
        package var bytes: Int
        package var continuation: CheckedContinuation<Void, any Error>
    }

    package var reserved = 0
    package var peak = 0
    package var waiters: [Waiter] = []
    private var lastID: UInt64 = 0

    package mutating func take(_ bytes: Int) {
        reserved += bytes
        peak = max(peak, reserved)
    }

    package mutating func newID() -> UInt64 {
        lastID += 1
        return lastID
    }
}
