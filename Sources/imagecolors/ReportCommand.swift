import ArgumentParser
import Foundation
import ImageColors

/// `imagecolors report SOURCE… -o report.html`: a page to look at the results with your eyes.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write one self-contained HTML page showing each image's colours, title choice and sample cards.",
        discussion: """
            Each image gets its thumbnail, the four colours of its light and dark cards with hex \
            codes and WCAG ratios, a palette strip (--palette, default 8 colours, each as wide as \
            its share), sample cards — the light and the dark card side by side, and the title \
            over the title region of the picture (--title-region, default bottom) with the \
            suggested scrim — and its ThumbHash and BlurHash placeholders drawn (--placeholder, \
            default both). \
            The page has no external assets. The exit status is 1 when any source failed (it is \
            still shown, with its error).
            """
    )

    @OptionGroup var input: SourceFlags

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("The HTML file to write.", valueName: "file"))
    var output: String

    @Option(name: .customLong("thumbnail-size"), help: ArgumentHelp("The long side of the embedded thumbnails in pixels.", valueName: "pixels"))
    var thumbnailSize: Int = 320

    @Option(name: .customLong("compare-scheme"),
            help: ArgumentHelp("Also show each image's colours by this scheme (faithful or classic), side by side with --scheme's: each source is analysed twice.", valueName: "scheme"))
    var compareScheme: RoleScheme?

    @OptionGroup(title: "Analysis and download options") var analysis: AnalysisFlags

    func validate() throws {
        if thumbnailSize < 1 { throw ValidationError("--thumbnail-size must be at least 1, not \(thumbnailSize)") }
    }

    func run() async throws {
        let sources = try input.resolve()
        var options = analysis.analysisOptions
        // The second sample card draws the title over the picture: it needs a region.
        options.titleRegion = options.titleRegion ?? .bottom
        // The page shows a palette strip: 8 colours unless --palette says otherwise.
        options.paletteSize = analysis.palette ?? 8
        // The page draws both placeholders unless --placeholder names one.
        options.placeholders = analysis.placeholder?.kinds ?? .both
        let batch = BatchAnalysis(analyzer: ImageColorAnalyzer(options: options), downloadLimits: analysis.downloadLimits,
                                  jobs: input.jobs, thumbnail: ThumbnailRequest(longSide: thumbnailSize, jpegQuality: 80))
        let progress = ProgressBar(total: sources.count)
        // The comparison runs first, without thumbnails; a source it cannot analyse simply shows
        // no comparison (the main run reports the failure).
        var comparisons: [Int: ColorAnalysis] = [:]
        if let compareScheme {
            var compared = options
            compared.scheme = compareScheme
            let other = BatchAnalysis(analyzer: ImageColorAnalyzer(options: compared), downloadLimits: analysis.downloadLimits,
                                      jobs: input.jobs, thumbnail: nil)
            await other.run(sources) { index, _, outcome in
                if case .success(let item) = outcome { comparisons[index] = item.analysis }
            }
        }
        var entries: [HTMLReport.Entry] = []
        var failures = 0
        await batch.run(sources) { index, source, outcome in
            switch outcome {
            case .success(let item):
                progress.advance(failed: false)
                entries.append(.analysed(item.analysis, item.thumbnail!, comparison: comparisons[index]))
            case .failure(let error):
                failures += 1
                progress.advance(failed: true)
                let failure = SourceFailure(source: source, error: error)
                progress.clear()
                StandardStreams.printError("imagecolors: \(source): \(failure.message)")
                entries.append(.failed(source: source, failure))
            }
        }
        progress.clear()
        do {
            try Data(HTMLReport(entries: entries).render().utf8).write(to: URL(fileURLWithPath: output))
        } catch {
            throw ValidationError("cannot write \(output): \(error.localizedDescription)")
        }
        StandardStreams.printError("imagecolors: wrote \(output): \(sources.count) sources, \(sources.count - failures) analysed, \(failures) failed")
        if failures > 0 { throw ExitCode(1) }
    }
}
