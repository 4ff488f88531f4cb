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
    var thumbnailSize: Int = 320

    @OptionGroup(title: "Analysis and download options") var analysis: AnalysisFlags

    func validate() throws {
        guard let thumbnail else { return }
        if ThumbnailRequest.Format(path: thumbnail) == nil {
            throw ValidationError("--thumbnail \(thumbnail): the name must end in .jpg, .jpeg or .png")
        }
        if !(1...ThumbnailRequest.maximumLongSide).contains(thumbnailSize) {
            throw ValidationError(
                "--thumbnail-size must be from 1 to \(ThumbnailRequest.maximumLongSide) pixels, not \(thumbnailSize)")
        }
    }

    func run() async throws {
        // Thumbnails are named after their sources, and every one is planned, and checked
        // against every file the run reads, before any work: the list is then read to its end
        // first. Otherwise sources are analysed as the list's lines arrive.
        let feed: SourceFeed
        var thumbnailPaths: ThumbnailPaths?
        if let thumbnail {
            let sources: [String]
            do {
                sources = try await input.allSources()
            } catch let error as InputListError {
                StandardStreams.printError("imagecolors: \(error)")
                throw ExitCode(1)
            }
            let paths = try ThumbnailPaths(template: thumbnail, sources: sources)
            _ = try OutputPlan(
                outputs: paths.paths.map { OutputPlan.Output(path: $0, flag: "--thumbnail") },
                sources: sources, cache: analysis.cache, inputList: input.inputList)
            thumbnailPaths = paths
            feed = SourceFeed(arguments: sources)
        } else {
            feed = try input.feed()
        }
        let request = thumbnail.map {
            ThumbnailRequest(longSide: thumbnailSize, format: ThumbnailRequest.Format(path: $0)!)
        }
        let batch = BatchAnalysis(
            analyzer: analysis.analyzer(options: analysis.analysisOptions),
            downloadLimits: analysis.downloadLimits, jobs: input.workers, thumbnail: request,
            cache: analysis.resultCache())
        let style = TextStyle.forStandardOutput()
        let tally = BatchTally(
            expected: input.inputList == nil || thumbnailPaths != nil ? feed.arguments.count : nil,
            limits: SourceFailure.MemoryFlags(
                memoryBudget: analysis.memoryBudget, totalMemory: analysis.totalMemory))
        let started = ContinuousClock.now
        var cacheCounts = CacheCounts()
        // A thumbnail that cannot be written loses the source nothing else: its colours are
        // printed, with the reason; the run then exits 1, as an output asked for is missing.
        var thumbnailsNotWritten = 0
        try await batch.run(feed) { index, source, outcome in
            var thumbnailError: SourceFailure.Details?
            if case .success(let item) = outcome, let thumbnailPaths, let made = item.thumbnail,
                thumbnailPaths.paths.indices.contains(index)
            {
                let path = thumbnailPaths.paths[index]
                do throws(AtomicFile.WriteError) {
                    try AtomicFile.write(made.data, to: path)
                } catch {
                    let failure = ThumbnailWriteError(path: path, reason: error.reason)
                    thumbnailError = SourceFailure.Details(code: failure.code, message: failure.description)
                    thumbnailsNotWritten += 1
                    StandardStreams.printError("imagecolors: warning: \(SourceDisplay.name(source)): \(failure)")
                }
            }
            if case .success(let item) = outcome, let status = item.cacheStatus { cacheCounts.add(status) }
            switch outcome {
            case .success(let item):
                var analysis = item.analysis
                tally.succeeded()
                switch format {
                case .json:
                    analysis.appearances = analysis.appearances?.keeping((appearance ?? .both).appearances)
                    try StandardStreams.printLine(
                        JSONLines.line(
                            for: JSONLines.CachedResult(
                                analysis: analysis, cache: item.cacheStatus, thumbnailError: thumbnailError)))
                case .text:
                    let shown = CardAppearance.allCases.filter((appearance ?? .light).appearances.contains)
                    try StandardStreams.printLine(
                        TextReport(analysis: analysis, style: style, appearances: shown).render())
                }
            case .failure(let error):
                let failure = tally.failed(source, error)
                if format == .json { try StandardStreams.printLine(JSONLines.line(for: failure)) }
            }
        }
        tally.finish()
        try SourceFlags.checkNotEmpty(count: tally.total, list: input.inputList)
        if tally.total > 1 {
            StandardStreams.printError(
                "imagecolors: \(tally.total) sources: \(tally.analysed) analysed, "
                    + "\(tally.failures) failed, \(ProgressBar.seconds(since: started))\(cacheCounts.summary)"
                    + (thumbnailsNotWritten > 0 ? ", \(thumbnailsNotWritten) thumbnails not written" : ""))
        }
        if tally.failures > 0 || thumbnailsNotWritten > 0 { throw ExitCode(1) }
    }
}

/// A thumbnail that could not be written.
struct ThumbnailWriteError: ImageColorsError {
    var path: String
    var reason: String
    var code: String { "thumbnail-not-written" }
    var description: String { "cannot write the thumbnail \(path): \(reason)" }
}
