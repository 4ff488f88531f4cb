import ArgumentParser
import Foundation
import ImageColors

/// `imagecolors analyze SOURCE…`: one result per source, in input order.
struct AnalyzeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "Print the background, primary, secondary and detail colours and the title choice of each image.",
        discussion: """
            Each SOURCE is a JPEG, PNG, WebP, GIF, HEIC or AVIF file or an http(s) URL (the format is read \
            from its bytes, not its name or Content-Type). \
            Every source is analysed even when some fail; the exit status is 1 when any failed. \
            A thumbnail that cannot be written is a warning on stderr (and "thumbnailError" in JSON): the \
            source's colours are still printed, and the exit status is 1. \
            With --format json, each source gives one JSON object on its own line, in input order: \
            a result, or {"source": …, "error": {"code": …, "message": …}}. \
            With several sources, a progress bar is drawn on stderr when it is a terminal, and a \
            summary line ends the run.
            """
    )

    /// Output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @OptionGroup var input: SourceFlags

    @Option(help: "text for people, json for scripts (one object per line per source).")
    var format: Format = .text

    /// `--appearance light|dark|both`.
    enum AppearanceFlag: String, ExpressibleByArgument, CaseIterable {
        case light, dark, both

        var appearances: Set<CardAppearance> {
            switch self {
            case .light: [.light]
            case .dark: [.dark]
            case .both: [.light, .dark]
            }
        }
    }

    @Option(
        help: ArgumentHelp(
            """
            Which cards to print: light, dark or both (default: both in JSON, under `appearances`, whose top-level \
            colours stay the light card; light in text).
            """,
            valueName: "appearance"))
    var appearance: AppearanceFlag?

    @Option(
        help: ArgumentHelp(
            """
            Also write each image's thumbnail here, JPEG or PNG by extension, from the same decoding pass. With \
            several sources, use {name} (the source's file name without extension) or {index} (its position, from 1) \
            in the path.
            """,
            valueName: "path"))
    var thumbnail: String?

    @Option(
        name: .customLong("thumbnail-size"),
        help: ArgumentHelp("The thumbnail's long side in pixels (it is never enlarged).", valueName: "pixels"))
    var thumbnailSize: Int = AnalyzeSettings.defaultThumbnailSize

    @OptionGroup(title: "Analysis and download options") var analysis: AnalysisFlags

    /// The command's values as plain settings.
    var settings: AnalyzeSettings {
        AnalyzeSettings(
            input: input.settings, format: format, appearance: appearance, thumbnail: thumbnail,
            thumbnailSize: thumbnailSize, analysis: analysis.settings)
    }

    func validate() throws { try settings.validateThumbnail() }

    func run() async throws { try await settings.run() }
}

/// A thumbnail that could not be written.
struct ThumbnailWriteError: ImageColorsError {
    var path: String
    var reason: String
    var code: String { "thumbnail-not-written" }
    var description: String { "cannot write the thumbnail \(path): \(reason)" }
}
