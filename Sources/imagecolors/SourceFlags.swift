import ArgumentParser
import Foundation

/// Which images to analyse and how many at once: the sources `analyze` and `report` share.
struct SourceFlags: ParsableArguments {
    @Argument(
        help: ArgumentHelp("Image files or http(s) URLs (JPEG, PNG, WebP, GIF, HEIC or AVIF).", valueName: "source"))
    var sources: [String] = []

    @Option(
        name: .customLong("input-list"),
        help: ArgumentHelp(
            """
            Also read sources from this file, one per line (- for standard input); blank lines and lines starting \
            with # are skipped. Sources are analysed as the lines arrive. At most 1,000,000 sources and 64 MiB.
            """,
            valueName: "file"))
    var inputList: String?

    @Option(
        help: ArgumentHelp(
            """
            How many images to analyse at once, at most 64 (a larger number runs 64). Each may use the whole memory \
            budget.
            """,
            valueName: "n"))
    var jobs: Int = SourceSettings().jobs

    /// The flags' values as plain settings.
    var settings: SourceSettings { SourceSettings(sources: sources, inputList: inputList, jobs: jobs) }

    func validate() throws { try settings.validate() }

    /// How many analyses run at once (``SourceSettings/workers``).
    var workers: Int { settings.workers }

    /// The sources, read as the run goes (``SourceSettings/feed(check:)``).
    func feed(check: @escaping @Sendable (String) throws -> Void = { _ in }) throws -> SourceFeed {
        try settings.feed(check: check)
    }
}
