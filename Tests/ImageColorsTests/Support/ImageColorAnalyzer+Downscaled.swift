@testable import ImageColors
@testable import ImageColorsCore

extension ImageColorAnalyzer {
    /// Decodes and downscales `source`, upright: the image quantization sees (the analysis'
    /// decode alone, without a thumbnail). Tests only: the library has `downscaledImages`.
    /// - Parameters:
    ///   - source: The image.
    ///   - ledger: Where memory is reserved; default a fresh one for the options' budget.
    func downscaledImage(_ source: ImageSource, ledger: MemoryLedger? = nil) throws -> (RGBAImage, DecodedImageInfo) {
        let (image, _, info, _) = try downscaledImages(
            source, ledger: ledger ?? MemoryLedger(budget: options.memoryBudget), thumbnailSide: nil)
        return (image.image, info)
    }
}
