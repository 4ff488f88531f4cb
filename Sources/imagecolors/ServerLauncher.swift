import ArgumentParser
import Foundation

/// `imagecolors serve …`: runs the `imagecolors-server` executable installed beside `imagecolors`.
///
/// The service lives in a binary of its own so that the CLI does not link the server stack
/// (Hummingbird, swift-crypto, the metrics): every `imagecolors analyze` would pay for it at
/// start-up. `ImageColorsCommand.main` hands `serve` and everything after it to the server before
/// parsing anything, so `imagecolors serve --help` is the server's own help; this command is what
/// `imagecolors --help` lists.
struct ServerLauncher: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve card colours over HTTP: the JSON of analyze --format json, CSS, batches and a playground.",
        discussion: """
            Runs imagecolors-server, which is built and installed beside imagecolors (swift build builds \
            both). `imagecolors serve --help` lists its options.
            """
    )

    /// Everything after `serve`, for the server.
    @Argument(parsing: .captureForPassthrough, help: "The server's options (see imagecolors serve --help).")
    var arguments: [String] = []

    func run() throws {
        Self.replaceProcess(arguments: arguments)
    }

    /// The server binary's name.
    static let serverName = "imagecolors-server"

    /// Replaces this process with `imagecolors-server ARGUMENTS…` (the same process id, so a
    /// supervisor's SIGTERM reaches the server); returns only by exiting with an error message
    /// when the server cannot be started.
    static func replaceProcess(arguments: [String]) -> Never {
        // Beside the binary that runs, symbolic links resolved: `swift build` puts both in one
        // folder, an install puts both in one bin folder, and a link to imagecolors elsewhere
        // still finds its server.
        let directory = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
            .resolvingSymlinksInPath().deletingLastPathComponent()
        let path = directory.appendingPathComponent(serverName).path
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        StandardStreams.printError(
            "imagecolors: serve runs \(path), which cannot be started (\(reason)): build it with "
                + "`swift build` (or `swift build --product \(serverName)`), or install it beside imagecolors")
        Foundation.exit(ExitCode.failure.rawValue)
    }
}
