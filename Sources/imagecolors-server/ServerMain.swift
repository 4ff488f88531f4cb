import ArgumentParser
import Foundation

/// The `imagecolors-server` executable: `imagecolors serve`, in a binary of its own.
///
/// The service links Hummingbird, swift-crypto and the metrics stack; linked into `imagecolors`
/// they made every run of the CLI start slower (`imagecolors --version`: 59.9 → 61.9 million
/// instructions, 1–2 MB more peak RSS, a binary of 81 → 110 MB), though only `serve` uses them.
/// So `imagecolors serve` replaces itself with this binary (``ServerLauncher`` in the CLI), and
/// the CLI's own start-up stays as it was. The flags the two share (`AnalysisFlags` and what it
/// needs) are the CLI's files, linked into this target's folder, as Release/ links them.
@main
enum ServerMain {
    /// Parses the arguments and serves until SIGTERM or SIGINT, which stop it gracefully (exit 0).
    static func main() async {
        // A client that goes away mid-answer is an EPIPE error, never a signal that kills the server.
        signal(SIGPIPE, SIG_IGN)
        let command: ServeCommand
        do {
            command = try ServeCommand.parse()
        } catch {
            ServeCommand.exit(withError: error)
        }
        let work = Task.detached { try await command.run() }
        // The signals cancel the run; `serve` then drains the requests in flight and returns.
        let signals = SignalCancellation { work.cancel() }
        let result = await work.result
        if case .failure(let error) = result {
            if let status = signals.exitStatus, error is CancellationError { Foundation.exit(status) }
            ServeCommand.exit(withError: error)
        }
        Foundation.exit(0)
    }
}
