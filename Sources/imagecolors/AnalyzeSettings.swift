import ArgumentParser
import Foundation
import ImageColors

/// What `imagecolors analyze` was asked, as plain values, and the run itself: filled by
/// argument-parser (``AnalyzeCommand``) or, for the common forms, by ``AnalyzeFastParser``
/// without argument-parser's reflection (issue 43).
struct AnalyzeSettings: Sendable, Equatable {
    var input = SourceSettings()
    var format: AnalyzeCommand.Format = .text
    var appearance: AnalyzeCommand.AppearanceFlag?
    var thumbnail: String?
    var thumbnailSize = Self.defaultThumbnailSize
    var analysis = AnalysisSettings()

    /// `--thumbnail-size` left out.
    static let defaultThumbnailSize = 320

    /// Refuses a thumbnail path of another format, or a size out of range.
    func validateThumbnail() throws {
        guard let thumbnail else { return }
        if ThumbnailRequest.Format(path: thumbnail) == nil {
            throw ValidationError("--thumbnail \(thumbnail): the name must end in .jpg, .jpeg or .png")
        }
        if !(1...ThumbnailRequest.maximumLongSide).contains(thumbnailSize) {
            throw ValidationError(
                "--thumbnail-size must be from 1 to \(ThumbnailRequest.maximumLongSide) pixels, not \(thumbnailSize)")
        }
    }

    /// Every check argument-parser runs on `analyze` (the sources', the analysis flags', the
    /// thumbnail's), in its order.
    func validate() throws {
        try input.validate()
        try analysis.validate()
        try validateThumbnail()
    }

    /// Analyses every source, printing each result as it comes, in input order.
    /// - Throws: `ExitCode(1)` when a source failed or a thumbnail was not written,
    ///   `ValidationError` for an output that would overwrite a source.
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
                        JSONLines.result(analysis, cache: item.cacheStatus, thumbnailError: thumbnailError))
                case .text:
                    let shown = CardAppearance.allCases.filter((appearance ?? .light).appearances.contains)
                    try StandardStreams.printLine(
                        TextReport(analysis: analysis, style: style, appearances: shown).render())
                }
            case .failure(let error):
                let failure = tally.failed(source, error)
                if format == .json { try StandardStreams.printLine(JSONLines.failure(failure)) }
            }
        }
        tally.finish()
        try SourceSettings.checkNotEmpty(count: tally.total, list: input.inputList)
        if tally.total > 1 {
            StandardStreams.printError(
                "imagecolors: \(tally.total) sources: \(tally.analysed) analysed, "
                    + "\(tally.failures) failed, \(ProgressBar.seconds(since: started))\(cacheCounts.summary)"
                    + (thumbnailsNotWritten > 0 ? ", \(thumbnailsNotWritten) thumbnails not written" : ""))
        }
        if tally.failures > 0 || thumbnailsNotWritten > 0 { throw ExitCode(1) }
    }
}
