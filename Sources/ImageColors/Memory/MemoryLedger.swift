/// Accounts the large allocations of one analysis against its ``MemoryBudget``.
///
/// Every stage reserves what it is about to allocate *before* allocating it, from sizes
/// computed out of the header; a reservation that does not fit throws ``MemoryBudgetError``
/// and nothing is allocated. One ledger belongs to one analysis on one task, so it needs no lock.
final class MemoryLedger {
    /// The budget.
    let budget: MemoryBudget
    /// Bytes reserved now.
    private(set) var reserved = 0
    /// The most bytes reserved at once so far.
    private(set) var peak = 0

    /// Creates an empty ledger for `budget`.
    init(budget: MemoryBudget) {
        self.budget = budget
    }

    /// Bytes still free under the budget.
    var available: Int { max(0, budget.bytes - reserved) }

    /// Reserves `bytes` for `purpose`, or throws without reserving when they do not fit.
    /// - Parameters:
    ///   - bytes: What is about to be allocated.
    ///   - purpose: Words for the message, e.g. "the progressive JPEG's coefficient buffer".
    func reserve(_ bytes: Int, for purpose: @autoclosure () -> String) throws(MemoryBudgetError) {
        guard bytes <= available else {
            throw .overBudget(purpose: purpose(), needed: bytes, available: available, budget: budget.bytes)
        }
        reserved += bytes
        peak = max(peak, reserved)
    }

    /// Returns `bytes` reserved earlier, once they have been freed.
    func release(_ bytes: Int) {
        reserved = max(0, reserved - bytes)
    }
}
