/// Encoded bytes already held in a `MemoryPool` for an analysis (a download kept in memory),
/// and how to move them out of memory if the analysis has to wait for room.
package struct PooledBody: Sendable {
    /// The pool bytes held for the body.
    package var reservation: MemoryReservation
    /// Writes the body to a file and returns that file as the source; called at most once,
    /// before waiting, so that nothing waits for the pool while holding pool bytes.
    package var spill: @Sendable () async throws -> ImageSource

    package init(reservation: MemoryReservation, spill: @escaping @Sendable () async throws -> ImageSource) {
        self.reservation = reservation
        self.spill = spill
    }
}

extension ImageColorAnalyzer {
    /// The most one analysis may reserve: `AnalysisOptions.memoryBudget`, and never more
    /// than the ``memoryPool``'s capacity.
    public var effectiveBudget: MemoryBudget {
        guard let memoryPool else { return options.memoryBudget }
        return min(options.memoryBudget, memoryPool.capacity)
    }

    /// Runs one analysis on ``executor``, within ``memoryPool`` when there is one.
    /// - Parameters:
    ///   - source: The image.
    ///   - thumbnail: The thumbnail to make from the same decoding pass, or `nil`.
    ///   - body: For `.data` sources whose bytes are already held in the pool: that hold,
    ///     which the analysis takes over. Ignored without a pool.
    /// - Throws: As ``analyze(_:)``.
    package func perform(_ source: ImageSource, thumbnail: ThumbnailRequest?, body: PooledBody? = nil) async throws
        -> AnalysisResponse
    {
        try await withTaskExecutorPreference(executor) {
            guard let memoryPool else { return try analyzeNow(source, thumbnail: thumbnail) }
            return try await performPooled(source, thumbnail: thumbnail, pool: memoryPool, body: body)
        }
    }

    /// Runs the analysis with pool bytes behind its ledger, again with more room whenever the
    /// pool fell short of what the budget allowed (see ``MemoryLedger``). Never waits for the
    /// pool while holding pool bytes, so analyses cannot wait for each other in a circle.
    private func performPooled(
        _ source: ImageSource, thumbnail: ThumbnailRequest?, pool: MemoryPool, body: PooledBody?
    ) async throws -> AnalysisResponse {
        let budget = effectiveBudget
        var source = source
        var held = body?.reservation
        // Pool bytes to hold before starting, besides the body's.
        var upFront = 0
        while true {
            var grant = MemoryReservation.now(upFront, from: pool)
            if grant == nil {
                if let body, let bodyHold = held {
                    source = try await body.spill()
                    bodyHold.release()
                    held = nil
                }
                grant = try await MemoryReservation.waiting(
                    for: upFront, from: pool, purpose: "the analysis of \(source.name)")
            }
            let backing = grant!
            if let held { backing.absorb(held) }
            let bodyBytes = held == nil ? 0 : backing.bytes - upFront
            let ledger = MemoryLedger(budget: budget, backing: backing)
            let outcome = Result { try analyzeNow(source, thumbnail: thumbnail, ledger: ledger) }
            guard let shortfall = ledger.shortfall else { return try outcome.get() }
            // Others took the room first: keep only the body's bytes, wait for all it needed.
            try Task.checkCancellation()
            if held != nil {
                backing.shrink(to: bodyBytes)
                held = backing
            } else {
                backing.release()
            }
            upFront = max(0, shortfall - bodyBytes)
        }
    }
}
