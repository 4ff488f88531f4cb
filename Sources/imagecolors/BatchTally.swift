/// A run's outcomes as `analyze` and `report` count and show them: the progress bar, the number
/// of failures, and the one way a failed source is reported (counted, the bar cleared, then
/// `imagecolors: SOURCE: message` on stderr).
final class BatchTally {
    /// How many sources were counted so far (all of them once the run is over).
    private(set) var total = 0
    /// How many failed so far.
    private(set) var failures = 0
    private let progress: ProgressBar
    private let limits: SourceFailure.MemoryFlags

    /// - Parameters:
    ///   - expected: How many sources the run has (the bar is drawn for more than one), or `nil`
    ///     when they are read as the run goes (the bar then counts without a total).
    ///   - limits: The run's memory flags, so that an over-budget failure names the one that refused.
    init(expected: Int?, limits: SourceFailure.MemoryFlags) {
        self.limits = limits
        progress = ProgressBar(total: expected)
    }

    /// How many succeeded, once every outcome is in.
    var analysed: Int { total - failures }

    /// Counts a success.
    func succeeded() {
        total += 1
        progress.advance(failed: false)
    }

    /// Counts a failure and reports it on stderr.
    /// - Returns: The failure, for the caller's own output (a JSON line, a page entry).
    func failed(_ source: String, _ error: any Error) -> SourceFailure {
        total += 1
        failures += 1
        progress.advance(failed: true)
        let failure = SourceFailure(source: source, error: error, limits: limits)
        progress.clear()
        StandardStreams.printError("imagecolors: \(SourceDisplay.name(source)): \(failure.message)")
        return failure
    }

    /// Erases the bar before the run's closing lines.
    func finish() {
        progress.clear()
    }
}
