import ArgumentParser
import Dispatch
import Foundation
import ImageColors

/// The `imagecolors` command: picks a card's colours and title colour from images.
@main
struct ImageColorsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "imagecolors",
        abstract: "Pick the colours of a card built around an image, and a readable title colour.",
        version: ImageColorsVersion.current,
        subcommands: [AnalyzeCommand.self, ReportCommand.self, ContrastCommand.self, ServerLauncher.self],
        defaultSubcommand: nil
    )

    /// Parses and runs the command, as argument-parser's own `main` does, with two additions:
    /// a closed standard output is an `EPIPE` error for ``StandardStreams`` to handle (exit 141,
    /// quietly) whether or not the HTTP client is loaded, and SIGINT or SIGTERM cancel the run
    /// (``SignalCancellation``) and exit 130 or 143.
    static func main() async {
        // `--version` alone answers before argument-parser builds the command tree: that build
        // reflects every command's properties (Mirror, protocol-conformance look-ups), most of
        // the instructions a `--version` ran. The output is argument-parser's own (the version and
        // a newline, exit 0); CLIConventionTests checks it.
        // It reads the C arguments and writes the line itself: `CommandLine.arguments`,
        // `configuration` and `print` instantiate generic metadata (the runtime's first look-up
        // builds its cache of the stdlib's prespecialized types), and the kernel maps 64 KB of the
        // binary around each page they touch: skipping them took the static `--version`
        // from 14.5 to 12.9 MB peak RSS, and the two writes to 9.8 MB with packed relocations
        // (issue 43).
        if CommandLine.argc == 2, let flag = CommandLine.unsafeArgv[1], strcmp(flag, "--version") == 0 {
            // Two writes: appending the newline to the String would page in String's append paths.
            var version = ImageColorsVersion.current
            _ = version.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: STDOUT_FILENO) }
            _ = withUnsafeBytes(of: UInt8(ascii: "\n")) { writeAll($0, to: STDOUT_FILENO) }
            return
        }
        signal(SIGPIPE, SIG_IGN)
        // `serve` is a binary of its own (ServerLauncher): its options, help included, are its own.
        if CommandLine.arguments.dropFirst().first == ServerLauncher.configuration.commandName {
            ServerLauncher.replaceProcess(arguments: Array(CommandLine.arguments.dropFirst(2)))
        }
        // Before parsing: `-dash.jpg` would be read as short flags (`-h` among them prints help).
        let arguments = Array(CommandLine.arguments.dropFirst())
        let hints = emptyValueHints(arguments) + optionLikeSourceHints(arguments)
        if !hints.isEmpty {
            for hint in hints { StandardStreams.printError("imagecolors: \(hint)") }
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        // `analyze`'s common forms skip argument-parser's reflection (AnalyzeFastParser); anything
        // else, its help and errors included, is argument-parser's.
        if let settings = AnalyzeFastParser.settings(for: arguments) {
            execute(as: AnalyzeCommand.self) { try await settings.run() }
            return
        }
        let command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exit(withError: error)
        }
        // Handed to one task and never touched here again.
        nonisolated(unsafe) let parsed = command
        execute(as: type(of: command)) {
            var command = parsed
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        }
    }

    /// Runs a parsed command's work in a task that SIGINT or SIGTERM cancel, waits for it on the
    /// main thread, then exits as argument-parser would for its error.
    ///
    /// It blocks rather than awaits: `main`'s task then never suspends. Suspended, the runtime
    /// parks the main thread in `dispatch_main`, whose `pthread_exit` unwinds the main thread's
    /// stack through libgcc (a binary search of the static binary's 1.3 MB `.eh_frame_hdr` per
    /// frame, then the frames' `.eh_frame` entries), and two more threads start to drain the main
    /// queue: about 1 MB of peak RSS for every analysis, most of it unwind tables (issue 40).
    /// Nothing the commands run is isolated to the main actor.
    /// - Parameters:
    ///   - commandType: The command whose usage a refusal prints.
    ///   - work: The command's `run()`.
    static func execute(
        as commandType: any ParsableCommand.Type, _ work: @escaping @Sendable () async throws -> Void
    ) {
        let outcome = TaskOutcome()
        let task = Task.detached {
            do { try await work() } catch { outcome.error = error }
            outcome.finished.signal()
        }
        let signals = SignalCancellation { task.cancel() }
        outcome.finished.wait()
        if let status = signals.exitStatus { Foundation.exit(status) }
        if let error = outcome.error {
            if let refusal = error as? ValidationError { exitRefusing(refusal, by: commandType) }
            exit(withError: error)
        }
    }

    /// Exits 64 for a refusal found while running (an output over a source, say) with the
    /// subcommand's usage, as one found while parsing has: the root's `exit(withError:)` would
    /// print `imagecolors <subcommand>`, which tells the user nothing.
    static func exitRefusing(_ refusal: ValidationError, by command: any ParsableCommand.Type) -> Never {
        let name = command == Self.self ? "imagecolors" : "imagecolors \(command.configuration.commandName ?? "")"
        StandardStreams.printError("Error: \(refusal.message)")
        StandardStreams.printError("Usage: \(usageString(for: command))")
        StandardStreams.printError("  See '\(name) --help' for more information.")
        Foundation.exit(ExitCode.validationFailure.rawValue)
    }

    /// A hint for each `--name=` with nothing after the `=`, before any `--`: argument-parser
    /// would take the next argument as its value (`--backdrop= a.png` made a.png the colour).
    static func emptyValueHints(_ arguments: [String]) -> [String] {
        arguments.prefix { $0 != "--" }.compactMap { argument in
            guard argument.hasPrefix("--"), argument.count > 3, argument.hasSuffix("="),
                argument.dropLast().dropFirst(2).allSatisfy({ $0.isLetter || $0 == "-" })
            else { return nil }
            return "\(argument) gives an empty value; write the value after the = (or leave the option out)"
        }
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

/// What a command's task ended with, handed to the main thread that waits for it.
private final class TaskOutcome: @unchecked Sendable {
    /// Signalled once, when the task has ended; `error` is set before it.
    let finished = DispatchSemaphore(value: 0)
    /// The error the task threw, if any: written by the task before `finished` is signalled,
    /// read by the main thread after.
    var error: (any Error)?
}
