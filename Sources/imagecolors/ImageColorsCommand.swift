import ArgumentParser

/// The `imagecolors` command: picks a card's colours and title colour from images.
@main
struct ImageColorsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "imagecolors",
        abstract: "Pick the colours of a card built around an image, and a readable title colour.",
        subcommands: [AnalyzeCommand.self, ReportCommand.self, ContrastCommand.self],
        defaultSubcommand: nil
    )
}
