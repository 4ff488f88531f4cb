import ArgumentParser
import Foundation
import ImageColors

/// The `imagecolors` command: picks a card's colours and title colour from images.
@main
struct ImageColorsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "imagecolors",
        abstract: "Pick the colours of a card built around an image, and a readable title colour.",
        version: ImageColorsVersion.current,
        subcommands: [AnalyzeCommand.self, ReportCommand.self, ContrastCommand.self, ServeCommand.self],
        defaultSubcommand: nil
    )

    /// Parses and runs the command, as argument-parser's own `main` does, with two additions:
    /// a closed standard output is an `EPIPE` error for ``StandardStreams`` to handle (exit 141,
    /// quietly) whether or not the HTTP client is loaded, and SIGINT or SIGTERM cancel the run
    /// (``SignalCancellation``) and exit 130 or 143.
    static func main() async {
        signal(SIGPIPE, SIG_IGN)
        // Before parsing: `-dash.jpg` would be read as short flags (`-h` among them prints help).
        let hints = optionLikeSourceHints(Array(CommandLine.arguments.dropFirst()))
        if !hints.isEmpty {
            for hint in hints { StandardStreams.printError("imagecolors: \(hint)") }
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
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

    /// A hint for each argument that names an existing file but starts with `-`, where a source
    /// would stand (not right after an option, whose value it may be), before any `--`.
    static func optionLikeSourceHints(_ arguments: [String]) -> [String] {
        let beforeSeparator = Array(arguments.prefix { $0 != "--" })
        return beforeSeparator.indices.compactMap { index in
            let argument = beforeSeparator[index]
            let afterOption = index > 0 && beforeSeparator[index - 1].hasPrefix("-")
            guard argument.count > 1, argument.hasPrefix("-"), !afterOption,
                FileManager.default.fileExists(atPath: argument)
            else { return nil }
            return "\(argument) is read as an option; to analyse the file, write ./\(argument) or put -- before it"
        }
    }
}
