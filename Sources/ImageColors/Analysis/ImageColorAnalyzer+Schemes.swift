import Foundation

/// One image's colours by two role schemes, from one read of its bytes and one decoding pass.
public struct SchemeComparison: Sendable {
    /// The analysis by the analyzer's own scheme (`AnalysisOptions.scheme`), and the thumbnail
    /// when one was asked for.
    public var response: AnalysisResponse
    /// The analysis of the same pixels by the other scheme. It has no placeholders, title
    /// region or palette of its own (those do not depend on the scheme: see `response`).
    public var comparison: ColorAnalysis

    /// Creates a comparison.
    /// - Parameters:
    ///   - response: The analysis by the analyzer's scheme, with its thumbnail.
    ///   - comparison: The analysis by the other scheme.
    public init(response: AnalysisResponse, comparison: ColorAnalysis) {
        self.response = response
        self.comparison = comparison
    }
}

extension ImageColorAnalyzer {
    /// Analyses `source` by `AnalysisOptions.scheme` and by `other` from the same decoded,
    /// downscaled pixels: the image is read and decoded once, so both sets of colours describe
    /// the same bytes (reading it twice could show two images: a file replaced, a server that
    /// answers differently).
    ///
    /// The two quantizations run one after the other on one memory reservation; the second
    /// needs one more copy of the analysed image (250 px: 250 kB at most at `high`).
    /// - Parameters:
    ///   - source: The image.
    ///   - thumbnail: The thumbnail to make from the same pass, or `nil` (the default).
    ///   - other: The second scheme.
    /// - Returns: Both analyses, and the thumbnail.
    /// - Throws: As ``analyze(_:)``, and `EncodingError` when the thumbnail cannot be encoded.
    public func analyze(
        _ source: ImageSource, thumbnail: ThumbnailRequest? = nil, comparing other: RoleScheme
    ) async throws -> SchemeComparison {
        try await perform(source, thumbnail: thumbnail, comparing: other, body: nil)
    }

    /// ``analyze(_:thumbnail:comparing:)`` on ``executor``, within ``memoryPool`` when there is one.
    /// - Parameter body: For `.data` sources whose bytes are already held in the pool: that
    ///   hold, which is given back (after writing the bytes to a file) before waiting for room.
    package func perform(
        _ source: ImageSource, thumbnail: ThumbnailRequest?, comparing other: RoleScheme, body: PooledBody?
    ) async throws -> SchemeComparison {
        try await withTaskExecutorPreference(executor) {
            guard let memoryPool else { return try analyzeNow(source, thumbnail: thumbnail, comparing: other) }
            // The whole budget up front (simpler than the single analysis's growing hold, and a
            // comparison is a report's, not a widget's): never waiting while holding pool bytes.
            var source = source
            if let body {
                source = try await body.spill()
                body.reservation.release()
            }
            let backing = try await MemoryReservation.waiting(
                for: effectiveBudget.bytes, from: memoryPool, purpose: "the analysis of \(source.name)")
            defer { backing.release() }
            return try analyzeNow(
                source, thumbnail: thumbnail, comparing: other,
                ledger: MemoryLedger(budget: effectiveBudget, backing: backing))
        }
    }

    /// The synchronous pipeline of ``analyzeNow(_:thumbnail:ledger:)`` with a second
    /// quantization of the same pixels by `other`.
    func analyzeNow(
        _ source: ImageSource, thumbnail request: ThumbnailRequest?, comparing other: RoleScheme,
        ledger: MemoryLedger? = nil
    ) throws -> SchemeComparison {
        let ledger = ledger ?? MemoryLedger(budget: options.memoryBudget)
        var otherOptions = options
        otherOptions.scheme = other
        otherOptions.placeholders = []
        otherOptions.titleRegion = nil
        otherOptions.paletteSize = 0
        // One reservation for both quantizers: they run one after the other, and are the same size.
        let quantizer = options.quantizer
        let decoded = try decodedForAnalysis(source, quantizer: quantizer, thumbnail: request, ledger: ledger)
        var images = decoded.images
        // The first analysis composites a backdrop onto its images in place: the second gets a copy.
        try ledger.reserve(
            images.image.pixels.count + (images.canonical?.pixels.count ?? 0),
            for: "the analysed images, copied for the second scheme")
        var copy = images
        let analysis = try ColorAnalysis(
            analyzing: &images, described: decoded.description, options: options, quantizer: quantizer, ledger: ledger)
        let comparison = try ColorAnalysis(
            analyzing: &copy, described: decoded.description, options: otherOptions, quantizer: otherOptions.quantizer,
            ledger: ledger)
        return SchemeComparison(
            response: AnalysisResponse(
                analysis: analysis, thumbnail: try thumbnail(decoded.thumbnail, as: request, behind: analysis)),
            comparison: comparison)
    }
}
