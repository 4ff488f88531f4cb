import ArgumentParser
import Foundation
import ImageColors

/// `imagecolors analyze SOURCE…`: one result per source, in input order.
struct AnalyzeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "Print the background, primary, secondary and detail colours and the title choice of each image.",
        discussion: """
            Each SOURCE is a JPEG or PNG file or an http(s) URL (the format is read from its bytes, \
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

    @OptionGroup(title: "Analysis and download options") var analysis: AnalysisFlags

    func run() async throws {
        let sources = try input.resolve()
        let batch = BatchAnalysis(analyzer: ImageColorAnalyzer(options: analysis.analysisOptions),
                                  downloadLimits: analysis.downloadLimits, jobs: input.jobs)
        let style = TextStyle.forStandardOutput()
        let progress = ProgressBar(total: sources.count)
        let started = ContinuousClock.now
        var failures = 0
        try await batch.run(sources) { _, source, outcome in
            switch outcome {
            case .success(let analysis):
                progress.advance(failed: false)
                switch format {
                case .json: StandardStreams.printLine(try JSONLines.line(for: analysis))
                case .text: StandardStreams.printLine(TextReport(analysis: analysis, style: style).render())
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
