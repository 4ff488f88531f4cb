import ArgumentParser
import Foundation
import ImageColors

/// `imagecolors analyze SOURCE…`: one result per source, in input order.
struct AnalyzeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "Print the background, primary, secondary and detail colours and the title choice of each image.",
        discussion: """
            Each SOURCE is a JPEG, PNG, WebP or GIF file or an http(s) URL (the format is read from its bytes, \
            not its name or Content-Type). \
            Every source is analysed even when some fail; the exit status is 1 when any failed. \
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

    @Option(help: ArgumentHelp("Which cards to print: light, dark or both (default: both in JSON, under `appearances`, whose top-level colours stay the light card; light in text).", valueName: "appearance"))
    var appearance: AppearanceFlag?

    @Option(help: ArgumentHelp("Also write each image's thumbnail here, JPEG or PNG by extension, from the same decoding pass. With several sources, use {name} (the source's file name without extension) or {index} (its position, from 1) in the path.", valueName: "path"))
    var thumbnail: String?

    @Option(name: .customLong("thumbnail-size"), help: ArgumentHelp("The thumbnail's long side in pixels (it is never enlarged).", valueName: "pixels"))
    var thumbnailSize: Int = 320

    @OptionGroup(title: "Analysis and download options") var analysis: AnalysisFlags

    func validate() throws {
        guard let thumbnail else { return }
        if ThumbnailRequest.Format(path: thumbnail) == nil {
            throw ValidationError("--thumbnail \(thumbnail): the name must end in .jpg, .jpeg or .png")
        }
        if thumbnailSize < 1 { throw ValidationError("--thumbnail-size must be at least 1, not \(thumbnailSize)") }
    }

    /// Where source number `index` (from 0) writes its thumbnail.
    static func thumbnailPath(_ template: String, source: String, index: Int) -> String {
        let name = ((source as NSString).lastPathComponent as NSString).deletingPathExtension
        return template.replacingOccurrences(of: "{name}", with: name.isEmpty ? "image" : name)
            .replacingOccurrences(of: "{index}", with: String(index + 1))
    }

    func run() async throws {
        let sources = try input.resolve()
        if let thumbnail, sources.count > 1, !thumbnail.contains("{name}"), !thumbnail.contains("{index}") {
            throw ValidationError("--thumbnail \(thumbnail): with \(sources.count) sources, put {name} or {index} in the path")
        }
        let request = thumbnail.map { ThumbnailRequest(longSide: thumbnailSize, format: ThumbnailRequest.Format(path: $0)!) }
        let batch = BatchAnalysis(analyzer: ImageColorAnalyzer(options: analysis.analysisOptions),
                                  downloadLimits: analysis.downloadLimits, jobs: input.jobs, thumbnail: request)
        let style = TextStyle.forStandardOutput()
        let progress = ProgressBar(total: sources.count)
        let started = ContinuousClock.now
        var failures = 0
        try await batch.run(sources) { index, source, outcome in
            var outcome = outcome
            if case .success(let item) = outcome, let template = thumbnail, let made = item.thumbnail {
                let path = Self.thumbnailPath(template, source: source, index: index)
                do {
                    try made.data.write(to: URL(fileURLWithPath: path))
                } catch {
                    outcome = .failure(ThumbnailWriteError(path: path, reason: error.localizedDescription))
                }
            }
            switch outcome.map(\.analysis) {
            case .success(var analysis):
                progress.advance(failed: false)
                switch format {
                case .json:
                    analysis.appearances = analysis.appearances?.keeping((appearance ?? .both).appearances)
                    StandardStreams.printLine(try JSONLines.line(for: analysis))
                case .text:
                    let shown = CardAppearance.allCases.filter((appearance ?? .light).appearances.contains)
                    StandardStreams.printLine(TextReport(analysis: analysis, style: style, appearances: shown).render())
                }
            case .failure(let error):
                failures += 1
                progress.advance(failed: true)
                let failure = SourceFailure(source: source, error: error)
                progress.clear()
                StandardStreams.printError("imagecolors: \(source): \(failure.message)")
                if format == .json { StandardStreams.printLine(try JSONLines.line(for: failure)) }
            }
        }
        progress.clear()
        if sources.count > 1 {
            StandardStreams.printError("imagecolors: \(sources.count) sources: \(sources.count - failures) analysed, "
                + "\(failures) failed, \(ProgressBar.seconds(since: started))")
        }
        if failures > 0 { throw ExitCode(1) }
    }
}

/// A thumbnail that could not be written.
struct ThumbnailWriteError: ImageColorsError {
    var path: String
    var reason: String
    var code: String { "thumbnail-not-written" }
    var description: String { "cannot write the thumbnail \(path): \(reason)" }
}
