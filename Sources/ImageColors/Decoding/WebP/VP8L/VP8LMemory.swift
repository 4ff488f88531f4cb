/// What a VP8L decoding has reserved from the analysis's ledger, released together at the end.
final class VP8LMemory {
    private let ledger: MemoryLedger?
    /// Bytes reserved so far.
    private(set) var reserved = 0

    init(ledger: MemoryLedger?) {
        self.ledger = ledger
    }

    /// Reserves `bytes` before they are allocated.
    /// - Throws: `MemoryBudgetError` when they do not fit.
    func reserve(_ bytes: Int, for purpose: @autoclosure () -> String) throws {
        try ledger?.reserve(bytes, for: purpose())
        reserved += bytes
    }

    /// Returns everything reserved.
    func releaseAll() {
        ledger?.release(reserved)
        reserved = 0
    }
}
