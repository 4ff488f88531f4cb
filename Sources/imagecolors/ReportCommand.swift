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

    @Option(
        name: [.short, .customLong("output")],
        help: ArgumentHelp(
            """
            The HTML file to write, replaced whole at the end; - for standard output. A device, a FIFO or \
            /dev/stdout is written as the page is made.
            """,
            valueName: "file"))
    var output: String

    @Option(
        name: .customLong("thumbnail-size"),
        help: ArgumentHelp("The long side of the embedded thumbnails in pixels.", valueName: "pixels"))
    var thumbnailSize: Int = 320

    @Option(
        name: .customLong("compare-scheme"),
        help: ArgumentHelp(
            """
            Also show each image's colours by this scheme (faithful or classic), side by side with --scheme's, both \
            from one read and one decoding of each source (--cache is not used then).
            """,
            valueName: "scheme"))
    var compareScheme: RoleScheme?

    @OptionGroup(title: "Analysis and download options") var analysis: AnalysisFlags

    /// File name extensions of images: `-o` never names one (see ``validate()``).
    static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "webp", "gif", "heic", "heif", "avif"]

    func validate() throws {
        // `report -o *.jpg` puts the first image after -o once the shell has expanded it; the
        // page would replace that image.
        let outputExtension = (output as NSString).pathExtension.lowercased()
        if Self.imageExtensions.contains(outputExtension) {
            throw ValidationError(
                """
                -o \(SourceDisplay.escapingControlCharacters(output)): the report is an HTML page, not an image; \
                name it .html (a shell pattern after -o puts its first file there)
                """
            )
        }
        if !(1...ThumbnailRequest.maximumLongSide).contains(thumbnailSize) {
            throw ValidationError(
                "--thumbnail-size must be from 1 to \(ThumbnailRequest.maximumLongSide) pixels, not \(thumbnailSize)")
        }
    }

    func run() async throws {
        // Every source named so far is checked against -o before any work, and each line of
        // the list as it arrives (the page replaces -o only at the end, so a source found to
        // be -o stops the run with -o untouched).
        let plan = try OutputPlan(
            outputs: [OutputPlan.Output(path: output, flag: "-o")], sources: input.sources, cache: analysis.cache,
            inputList: input.inputList)
        let feed = try input.feed { try plan.check(source: $0) }
        // The page is written as the results arrive (a run of thousands of sources never holds
        // them all), into a temporary file beside -o that replaces it at the end: whether -o can
        // be created is found out before any work.
        let page: AtomicFile.Writer
        do throws(AtomicFile.WriteError) {
            page = try AtomicFile.Writer(path: output)
            try page.append(HTMLReport.header())
        } catch {
            throw Self.failure(error)
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
            jobs: input.workers, thumbnail: ThumbnailRequest(longSide: thumbnailSize, jpegQuality: 80),
            cache: compareScheme == nil ? analysis.resultCache() : nil, comparing: compareScheme)
        let tally = BatchTally(
            expected: input.inputList == nil ? feed.arguments.count : nil,
            limits: SourceFailure.MemoryFlags(
                memoryBudget: analysis.memoryBudget, totalMemory: analysis.totalMemory))
        var stop: (any Error)?
        let started = Date()
        do {
            try await batch.run(feed) { (_, source, outcome) throws(any Error) in
                let entry: HTMLReport.Entry
                switch outcome {
                case .success(let item):
                    tally.succeeded()
                    // The thumbnail was asked for, so the loader and the cache give one (a cache
                    // row without it is a miss); no value from a cache may trap here all the same.
                    entry = .analysed(
                        item.analysis, item.thumbnail ?? Thumbnail(width: 1, height: 1, format: .png, data: Data()),
                        comparison: item.comparison)
                case .failure(let error as ValidationError):
                    // A line of the list that is -o: the run stops, -o left as it was.
                    throw error
                case .failure(let error):
                    entry = .failed(source: source, tally.failed(source, error))
                }
                // A failed write, thrown from the delivery, cancels the rest of the batch.
                try page.append(HTMLReport.html(for: entry))
            }
        } catch {
            stop = error
        }
        tally.finish()
        if let stop, !(stop is AtomicFile.WriteError) {
            // A line of the list that is -o (a usage error).
            page.abandon()
            throw stop
        }
        if Task.isCancelled {
            // A signal: the sources not analysed would show as failures, so the page is not
            // put in place (one written in place, such as standard output, stops where it is).
            page.abandon()
            StandardStreams.printError(
                page.writesInPlace
                    ? "imagecolors: cancelled: the page on \(outputName) is incomplete"
                    : "imagecolors: cancelled: \(output) was not written; the previous page, if any, is kept")
            throw CancellationError()
        }
        if tally.total == 0 {
            page.abandon()
            try SourceSettings.checkNotEmpty(count: tally.total, list: input.inputList)
        }
        do throws(AtomicFile.WriteError) {
            if let writeError = stop as? AtomicFile.WriteError { throw writeError }
            try page.append(
                HTMLReport.footer(sources: tally.total, analysed: tally.analysed, generated: started))
            try page.commit()
        } catch {
            throw Self.failure(error)
        }
        StandardStreams.printError(
            "imagecolors: wrote \(outputName): \(tally.total) sources, \(tally.analysed) analysed, "
                + "\(tally.failures) failed"
        )
        if tally.failures > 0 { throw ExitCode(1) }
    }

    /// The exit for a page that could not be written: 141, quietly, when its reader has gone
    /// (`report -o - … | head`), as `analyze` does for standard output; else 1, with the reason.
    private static func failure(_ error: AtomicFile.WriteError) -> ExitCode {
        if error.reason == String(cString: strerror(EPIPE)) { return ExitCode(StandardStreams.closedOutputStatus) }
        StandardStreams.printError("imagecolors: \(error)")
        return ExitCode(1)
    }

    /// How the closing lines name -o.
    private var outputName: String { output == "-" ? "standard output" : output }
}
