import Foundation
import ImageColors
import ImageColorsRemote

/// Analyses many sources, files and URLs mixed, with at most `jobs` at once, and hands each
/// outcome to the caller in input order as soon as it and all before it are done.
struct BatchAnalysis {
    /// Analyses one file.
    var analyzer: ImageColorAnalyzer
    /// Limits for URLs.
    var downloadLimits: DownloadLimits
    /// Most analyses in flight.
    var jobs: Int
    /// A thumbnail to make with each analysis, or `nil`.
    var thumbnail: ThumbnailRequest?

    /// One source's result: its analysis and, when asked, its thumbnail.
    typealias Item = (analysis: ColorAnalysis, thumbnail: Thumbnail?)

    /// Whether a source is a URL rather than a path.
    static func isURL(_ source: String) -> Bool {
        let lowered = source.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    /// Runs every source; `deliver(index, source, outcome)` is called once per source, in order.
    func run(_ sources: [String], deliver: (Int, String, Result<Item, any Error>) throws -> Void) async rethrows {
        // One loader (one connection pool) for every URL, created only when there is one.
        let remote = sources.contains(where: Self.isURL)
            ? RemoteImageLoader(analyzer: analyzer, limits: downloadLimits) : nil
        defer { if let remote { Task { try? await remote.shutdown() } } }
        let analyzer = self.analyzer, thumbnail = self.thumbnail
        try await withThrowingTaskGroup(of: (Int, Result<Item, any Error>).self) { group in
            var next = 0, printed = 0
            var waiting: [Int: Result<Item, any Error>] = [:]
            func start(_ index: Int) {
                let source = sources[index]
                group.addTask {
                    do {
                        return (index, .success(try await Self.analyze(source, analyzer: analyzer, remote: remote, thumbnail: thumbnail)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            while next < min(jobs, sources.count) { start(next); next += 1 }
            while let (index, outcome) = try await group.next() {
                waiting[index] = outcome
                if next < sources.count { start(next); next += 1 }
                // Results may finish out of order; print each once all before it are printed.
                while let ready = waiting.removeValue(forKey: printed) {
                    try deliver(printed, sources[printed], ready)
                    printed += 1
                }
            }
        }
        try? await remote?.shutdown()
    }

    private static func analyze(
        _ source: String, analyzer: ImageColorAnalyzer, remote: RemoteImageLoader?, thumbnail: ThumbnailRequest?
    ) async throws -> Item {
        var item: Item
        switch (remote, isURL(source), thumbnail) {
        case (let remote?, true, let request):
            guard let url = URL(string: source) else { throw RemoteLoadingError.invalidURL(source) }
            if let request {
                let (analysis, made) = try await remote.analyze(url: url, thumbnail: request)
                item = (analysis, made)
            } else {
                item = (try await remote.analyze(url: url), nil)
            }
        case (_, _, let request?):
            let (analysis, made) = try await analyzer.analyze(.file(source), thumbnail: request)
            item = (analysis, made)
        default:
            item = (try await analyzer.analyze(fileAt: source), nil)
        }
        item.analysis.source = source
        return item
    }
}
