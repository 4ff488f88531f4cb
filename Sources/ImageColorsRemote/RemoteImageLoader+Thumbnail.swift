import Foundation
import ImageColors

extension RemoteImageLoader {
    /// Downloads the image at `url`, analyses it and makes its thumbnail in the same decoding
    /// pass, within the analyzer's memory budget.
    ///
    /// - Parameters:
    ///   - url: An `http` or `https` URL of a JPEG, PNG, WebP or GIF image.
    ///   - thumbnail: The thumbnail to make.
    /// - Returns: The analysis (with `source` set to `url.absoluteString`) and the thumbnail.
    /// - Throws: As ``analyze(url:)``.
    public func analyze(url: URL, thumbnail: ThumbnailRequest) async throws -> (analysis: ColorAnalysis, thumbnail: Thumbnail) {
        let file = SpoolFile(in: temporaryDirectory)
        defer { file.remove() }
        let source = try await download(url, spoolingTo: file)
        var result = try await analyzer.analyze(source, thumbnail: thumbnail)
        result.analysis.source = url.absoluteString
        return result
    }
}
