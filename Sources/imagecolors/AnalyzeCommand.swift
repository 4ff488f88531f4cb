import ArgumentParser
import Foundation
import ImageColors

extension Quality: ExpressibleByArgument {}
extension BackgroundSource: ExpressibleByArgument {}

/// `imagecolors analyze SOURCE…`: one result per source, in input order.
struct AnalyzeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "Print the background, primary, secondary and detail colours and the title choice of each image.",
        discussion: """
            Each SOURCE is a JPEG or PNG file (the format is read from its bytes, not its name). \
            Every source is analysed even when some fail; the exit status is 1 when any failed. \
            With --format json, each source gives one JSON object on its own line, in input order: \
            a result, or {"source": …, "error": {"code": …, "message": …}}.
            """
    )

    /// Output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: ArgumentHelp("Image files (JPEG or PNG).", valueName: "source"))
    var sources: [String]

    @Option(help: "How far to shrink before counting colours: lowest (50 px), low (100), high (250) or highest (no downscale).")
    var quality: Quality = .high

    @Option(name: .customLong("background-from"), help: "Take the background from the image's edges or from the whole image.")
    var backgroundSource: BackgroundSource = .edges

    @Option(help: "text for people, json for scripts (one object per line per source).")
    var format: Format = .text

    func validate() throws {
        if sources.isEmpty { throw ValidationError("give at least one image file") }
    }

    func run() async throws {
        let analyzer = ImageColorAnalyzer(options: AnalysisOptions(quality: quality, backgroundSource: backgroundSource))
        let style = TextStyle.forStandardOutput()
        var failures = 0
        for source in sources {
            let outcome: Result<ColorAnalysis, any Error>
            do {
                outcome = .success(try await analyze(source, with: analyzer))
            } catch {
                outcome = .failure(error)
            }
            switch outcome {
            case .success(let analysis):
                switch format {
                case .json: StandardStreams.printLine(try JSONLines.line(for: analysis))
                case .text: StandardStreams.printLine(TextReport(analysis: analysis, style: style).render())
                }
            case .failure(let error):
                failures += 1
                let failure = SourceFailure(source: source, error: error)
                StandardStreams.printError("imagecolors: \(source): \(failure.message)")
                if format == .json { StandardStreams.printLine(try JSONLines.line(for: failure)) }
            }
        }
        if failures > 0 { throw ExitCode(1) }
    }

    private func analyze(_ source: String, with analyzer: ImageColorAnalyzer) async throws -> ColorAnalysis {
        let lowered = source.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            throw LoadingError.urlNotSupported(source)
        }
        var analysis = try await analyzer.analyze(fileAt: source)
        analysis.source = source
        return analysis
    }
}
