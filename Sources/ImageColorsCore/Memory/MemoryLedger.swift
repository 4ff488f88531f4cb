/// Accounts the large allocations of one analysis against its ``MemoryBudget``.
///
/// Every stage reserves what it is about to allocate *before* allocating it, from sizes
/// computed out of the header; a reservation that does not fit throws ``MemoryBudgetError``
/// and nothing is allocated. One ledger belongs to one analysis on one task, so it needs no lock.
///
/// With a ``MemoryPool``, the ledger also holds pool bytes for what it reserves (its
/// `backing`). Whether a reservation fits is still decided by the budget alone, so the
/// analysis takes the same path whatever the pool holds; when the budget allows a reservation
/// that the pool cannot cover now, the ledger refuses it all the same and notes the
/// ``shortfall``: the analyzer then discards that attempt and runs it again with room.
package final class MemoryLedger {
    /// The budget.
    package let budget: MemoryBudget
    /// Bytes reserved now.
    package private(set) var reserved = 0
    /// The most bytes reserved at once so far.
    package private(set) var peak = 0
    /// The pool bytes this ledger holds, when it draws from a pool.
    private let backing: MemoryReservation?
    /// The pool bytes this attempt needed and could not have, once the pool fell short.
    package private(set) var shortfall: Int?

    /// Creates an empty ledger for `budget`.
    /// - Parameters:
    ///   - budget: The most the analysis may reserve.
    ///   - backing: Pool bytes already held for this analysis, grown as it reserves more;
    ///     `nil` without a pool.
    package init(budget: MemoryBudget, backing: MemoryReservation? = nil) {
        self.budget = budget
        self.backing = backing
    }

    /// Bytes still free under the budget.
    package var available: Int { max(0, budget.bytes - reserved) }

    /// Reserves `bytes` for `purpose`, or throws without reserving when they do not fit.
    /// - Parameters:
    ///   - bytes: What is about to be allocated.
    ///   - purpose: Words for the message, e.g. "the progressive JPEG's coefficient buffer".
    package func reserve(_ bytes: Int, for purpose: @autoclosure () -> String) throws(MemoryBudgetError) {
        guard bytes <= available else {
            throw .overBudget(purpose: purpose(), needed: bytes, available: available, budget: budget.bytes)
        }
        if let backing {
            let needed = reserved + bytes
            // Once short, stay short: the attempt is discarded, so end it soon.
            if shortfall != nil
                || (needed > backing.bytes && !backing.grow(by: needed - backing.bytes, aheadOfWaiters: true))
            {
                shortfall = max(shortfall ?? 0, needed)
                throw .overBudget(
                    purpose: purpose(), needed: bytes, available: max(0, backing.bytes - reserved), budget: budget.bytes
                )
            }
        }
        reserved += bytes
        peak = max(peak, reserved)
    }

    /// Returns `bytes` reserved earlier, once they have been freed. (Pool bytes stay held
    /// until the analysis ends: what it needed once it may need again.)
    package func release(_ bytes: Int) {
        reserved = max(0, reserved - bytes)
    }
}
