import Foundation
import ImageColors

extension RemoteImageLoader {
    /// Downloads the image at `url` once and analyses it by the analyzer's scheme and by
    /// `other`, from that one body and one decoding pass: both sets of colours describe the same
    /// bytes (two downloads could bring two images, from a server that alternates them).
    ///
    /// The ``cache`` is not used: it keeps one result per scheme, each revalidated on its own,
    /// and so could not promise that both came from one body.
    /// - Parameters:
    ///   - url: An `http` or `https` URL of a JPEG, PNG, WebP, GIF, HEIC or AVIF image.
    ///   - thumbnail: The thumbnail to make from the same pass, or `nil`.
    ///   - other: The second scheme.
    /// - Returns: Both analyses (with `source` set to `url.displayString`) and the thumbnail.
    /// - Throws: As ``analyze(url:thumbnail:)``.
    public func analyze(url: URL, thumbnail: ThumbnailRequest?, comparing other: RoleScheme) async throws
        -> SchemeComparison
    {
        try await withTaskExecutorPreference(analyzer.executor) {
            let file = SpoolFile(in: temporaryDirectory)
            defer { file.remove() }
            try RemoteURL.check(url)
            // Unconditional (no validators), so never 304.
            guard case .body(let body) = try await download(url, spoolingTo: file, validators: nil) else {
                throw RemoteLoadingError.httpStatus(url, status: 304)
            }
            var pooled: PooledBody?
            if let reservation = body.reservation, case .data(let bytes) = body.source {
                pooled = PooledBody(reservation: reservation) {
                    try SpoolFile.write(bytes, to: file)
                    return .file(file.path)
                }
            }
            var compared = try await analyzer.perform(
                body.source, thumbnail: thumbnail, comparing: other, body: pooled)
            // Redacted, as ``analyze(url:)`` does: signed URLs carry secrets in the query.
            compared.response.analysis.source = url.displayString
            compared.comparison.source = url.displayString
            return compared
        }
    }
}
