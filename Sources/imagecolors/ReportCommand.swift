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

    @Option(
        name: .customLong("thumbnail-size"),
        help: ArgumentHelp("The long side of the embedded thumbnails in pixels.", valueName: "pixels"))
    var thumbnailSize: Int = 320

    @Option(
        name: .customLong("compare-scheme"),
        help: ArgumentHelp(
            """
            Also show each image's colours by this scheme (faithful or classic), side by side with --scheme's: each \
            source is analysed twice.
            """,
            valueName: "scheme"))
    var compareScheme: RoleScheme?

    @OptionGroup(title: "Analysis and download options") var analysis: AnalysisFlags

    func validate() throws {
        if !(1...ThumbnailRequest.maximumLongSide).contains(thumbnailSize) {
            throw ValidationError(
                "--thumbnail-size must be from 1 to \(ThumbnailRequest.maximumLongSide) pixels, not \(thumbnailSize)")
        }
    }

    func run() async throws {
        let sources = try input.resolve()
        // The page is written as the results arrive (a run of thousands of sources never holds
        // them all), into a temporary file beside -o that replaces it at the end: whether -o can
        // be created is found out before any work.
        let page: AtomicFile.Writer
        do {
            page = try AtomicFile.Writer(path: output)
            try page.append(HTMLReport.header())
        } catch {
            StandardStreams.printError("imagecolors: \(error)")
            throw ExitCode(1)
        }
        var options = analysis.analysisOptions
        // The second sample card draws the title over the picture: it needs a region.
        options.titleRegion = options.titleRegion ?? .bottom
        // The page shows a palette strip: 8 colours unless --palette says otherwise.
        options.paletteSize = analysis.palette ?? 8
        // The page draws both placeholders unless --placeholder names one.
        options.placeholders = analysis.placeholder?.kinds ?? .both
        let batch = BatchAnalysis(
            analyzer: analysis.analyzer(options: options), downloadLimits: analysis.downloadLimits,
            jobs: input.jobs, thumbnail: ThumbnailRequest(longSide: thumbnailSize, jpegQuality: 80),
            cache: analysis.resultCache())
        let tally = BatchTally(
            total: sources.count,
            limits: SourceFailure.MemoryFlags(
                memoryBudget: analysis.memoryBudget, totalMemory: analysis.totalMemory))
        // The comparison runs first, without thumbnails; a source it cannot analyse simply shows
        // no comparison (the main run reports the failure).
        var comparisons: [Int: ColorAnalysis] = [:]
        if let compareScheme {
            var compared = options
            compared.scheme = compareScheme
            let other = BatchAnalysis(
                analyzer: ImageColorAnalyzer(options: compared), downloadLimits: analysis.downloadLimits,
                jobs: input.jobs, thumbnail: nil)
            await other.run(sources) { index, _, outcome in
                if case .success(let item) = outcome { comparisons[index] = item.analysis }
            }
        }
        var writeError: AtomicFile.WriteError?
        let started = Date()
        do {
            try await batch.run(sources) { index, source, outcome in
                let entry: HTMLReport.Entry
                switch outcome {
                case .success(let item):
                    tally.succeeded()
                    entry = .analysed(
                        item.analysis, item.thumbnail ?? Thumbnail(width: 1, height: 1, format: .png, data: Data()),
                        comparison: comparisons[index])
                case .failure(let error):
                    entry = .failed(source: source, tally.failed(source, error))
                }
                // A failed write, thrown from the delivery, cancels the rest of the batch.
                try page.append(HTMLReport.html(for: entry))
            }
        } catch let error as AtomicFile.WriteError {
            writeError = error
        }
        tally.finish()
        do throws(AtomicFile.WriteError) {
            if let writeError { throw writeError }
            try page.append(
                HTMLReport.footer(sources: sources.count, analysed: tally.analysed, generated: started))
            try page.commit()
        } catch {
            StandardStreams.printError("imagecolors: \(error)")
            throw ExitCode(1)
        }
        StandardStreams.printError(
            "imagecolors: wrote \(output): \(sources.count) sources, \(tally.analysed) analysed, "
                + "\(tally.failures) failed"
        )
        if tally.failures > 0 { throw ExitCode(1) }
    }
}
