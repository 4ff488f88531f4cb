import ArgumentParser
import Foundation
import ImageColors

/// `imagecolors report SOURCE… -o report.html`: a page to look at the results with your eyes.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write one self-contained HTML page showing each image's colours, title choice and sample cards.",
        discussion: """
            Each image gets its thumbnail, the four colours with hex codes and WCAG ratios, a palette \
            strip (--palette, default 8 colours, each as wide as its share), and two \
            sample cards: the title in its chosen colour over the background colour, and over the \
            title region of the picture (--title-region, default bottom) with the suggested scrim. \
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
        if !(1...ThumbnailRequest.maximumLongSide).contains(thumbnailSize) {
            throw ValidationError("--thumbnail-size must be from 1 to \(ThumbnailRequest.maximumLongSide) pixels, not \(thumbnailSize)")
        }
    }

    func run() async throws {
        let sources = try input.resolve()
        // Found out before the work, not after it: the page is written at the end.
        do {
            try AtomicFile.checkWritable(output)
        } catch {
            StandardStreams.printError("imagecolors: \(error)")
            throw ExitCode(1)
        }
        var options = analysis.analysisOptions
        // The second sample card draws the title over the picture: it needs a region.
        options.titleRegion = options.titleRegion ?? .bottom
        // The page shows a palette strip: 8 colours unless --palette says otherwise.
        options.paletteSize = analysis.palette ?? 8
        let batch = BatchAnalysis(analyzer: analysis.analyzer(options: options), downloadLimits: analysis.downloadLimits,
                                  jobs: input.jobs, thumbnail: ThumbnailRequest(longSide: thumbnailSize, jpegQuality: 80),
                                  cache: analysis.resultCache())
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
                StandardStreams.printError("imagecolors: \(SourceDisplay.name(source)): \(failure.message)")
                entries.append(.failed(source: source, failure))
            }
        }
        progress.clear()
        do {
            try AtomicFile.write(Data(HTMLReport(entries: entries).render().utf8), to: output)
        } catch {
            StandardStreams.printError("imagecolors: \(error)")
            throw ExitCode(1)
        }
        StandardStreams.printError("imagecolors: wrote \(output): \(sources.count) sources, \(sources.count - failures) analysed, \(failures) failed")
        if failures > 0 { throw ExitCode(1) }
    }
}
