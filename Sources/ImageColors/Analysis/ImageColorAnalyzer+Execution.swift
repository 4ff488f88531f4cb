/// What one analysis made: the result and, when one was asked for, the thumbnail.
package struct AnalysisOutput: Sendable {
    /// The colours and the title choice.
    package var analysis: ColorAnalysis
    /// The thumbnail from the same decoding pass, or `nil` when none was asked for.
    package var thumbnail: Thumbnail?

    package init(analysis: ColorAnalysis, thumbnail: Thumbnail?) {
        self.analysis = analysis
        self.thumbnail = thumbnail
    }
}

extension ImageColorAnalyzer {
    /// Runs one analysis on ``executor``.
    /// - Parameters:
    ///   - source: The image.
    ///   - thumbnail: The thumbnail to make from the same decoding pass, or `nil`.
    /// - Throws: As ``analyze(_:)``.
    package func perform(_ source: ImageSource, thumbnail: ThumbnailRequest?) async throws -> AnalysisOutput {
        try await withTaskExecutorPreference(executor) {
            let made = try analyzeNow(source, thumbnail: thumbnail)
            return AnalysisOutput(analysis: made.analysis, thumbnail: made.thumbnail)
        }
    }
}
