import ArgumentParser
import Foundation

/// The `imagecolors` command: picks a card's colours and title colour from images.
@main
struct ImageColorsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "imagecolors",
        abstract: "Pick the colours of a card built around an image, and a readable title colour.",
        subcommands: [AnalyzeCommand.self, ReportCommand.self, ContrastCommand.self],
        defaultSubcommand: nil
    )

    /// Parses and runs the command, as argument-parser's own `main` does, with two additions:
    /// a closed standard output is an `EPIPE` error for ``StandardStreams`` to handle (exit 141,
    /// quietly) whether or not the HTTP client is loaded, and SIGINT or SIGTERM cancel the run
    /// (``SignalCancellation``) and exit 130 or 143.
    static func main() async {
        signal(SIGPIPE, SIG_IGN)
        let command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exit(withError: error)
        }
        // Handed to one task and never touched here again.
        nonisolated(unsafe) let parsed = command
        let work = Task.detached {
            var command = parsed
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        }
        let signals = SignalCancellation { work.cancel() }
        let result = await work.result
        if let status = signals.exitStatus { Foundation.exit(status) }
        if case .failure(let error) = result { exit(withError: error) }
    }
}
