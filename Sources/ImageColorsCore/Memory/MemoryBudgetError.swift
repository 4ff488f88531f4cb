/// An analysis would need more memory than its budget allows.
///
/// The message names what needed the memory and the budget it would pass, never a way to raise
/// it: that depends on the caller (``AnalysisOptions/memoryBudget``, a ``MemoryPool``'s
/// capacity, or a command-line flag the CLI names).
public enum MemoryBudgetError: ImageColorsError, Equatable {
    /// Reserving `needed` bytes for `purpose` would pass the budget: only `available` of
    /// `budget` bytes were left.
    case overBudget(purpose: String, needed: Int, available: Int, budget: Int)

    public var code: String { "over-memory-budget" }

    public var description: String {
        switch self {
        case .overBudget(let purpose, let needed, let available, let budget):
            // All three in the budget's unit: "needs 29 MiB, over the 30 MB budget" read as if it fitted.
            let left =
                available == budget ? "" : " (\(MemoryBudget.format(bytes: available, unitOf: budget)) left)"
            return "\(purpose) needs \(MemoryBudget.format(bytes: needed, unitOf: budget)), over the "
                + "\(MemoryBudget.format(bytes: budget)) memory budget\(left)"
        }
    }
}
