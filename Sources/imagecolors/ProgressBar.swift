import Foundation

/// A one-line progress bar on stderr, drawn only when stderr is a terminal: pipes and logs get
/// nothing but the results and the closing summary.
final class ProgressBar {
    private let total: Int?
    private let enabled: Bool
    private let started = ContinuousClock.now
    private var done = 0
    private var failed = 0

    /// - Parameters:
    ///   - total: How many items there are, or `nil` when not known up front (items read as
    ///     the run goes): the bar then shows the count alone.
    ///   - enabled: Whether to draw; default: stderr is a terminal.
    init(total: Int?, enabled: Bool = isatty(STDERR_FILENO) == 1) {
        self.total = total
        self.enabled = enabled && (total ?? 2) > 1
    }

    /// Records one finished item and redraws.
    func advance(failed itemFailed: Bool) {
        done += 1
        if itemFailed { failed += 1 }
        guard enabled else { return }
        let failures = failed > 0 ? ", \(failed) failed" : ""
        guard let total else {
            write("\r\u{1B}[2K\(done) done\(failures)  \(Self.seconds(since: started))")
            return
        }
        let width = 30
        let filled = total == 0 ? width : width * min(done, total) / total
        let bar = String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
        write("\r\u{1B}[2K[\(bar)] \(done)/\(total)\(failures)  \(Self.seconds(since: started))")
    }

    /// Erases the bar so the summary starts on a clean line.
    func clear() {
        if enabled { write("\r\u{1B}[2K") }
    }

    /// "3.4 s" since `start`.
    static func seconds(since start: ContinuousClock.Instant) -> String {
        let elapsed = ContinuousClock.now - start
        return String(
            format: "%.1f s", Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    private func write(_ text: String) {
        StandardStreams.printControl(text)
    }
}
