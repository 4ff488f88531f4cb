import Foundation

/// Decides the colours of a card built around an image: decode (streaming), downscale,
/// quantize, choose the title.
///
/// ```swift
/// let analyzer = ImageColorAnalyzer(options: .init(quality: .high))
/// let colors = try await analyzer.analyze(fileAt: "cover.jpg")
/// print(colors.background.hex, colors.title.text)
/// ```
public struct ImageColorAnalyzer: Sendable {
    /// The options every analysis uses.
    public var options: AnalysisOptions

    /// Creates an analyzer.
    /// - Parameter options: Default ``AnalysisOptions/init(quality:memoryBudget:limits:backgroundSource:titleRule:brightnessThreshold:titleRegion:strictDecoding:)``
    ///   with its defaults.
    public init(options: AnalysisOptions = AnalysisOptions()) {
        self.options = options
    }

    /// Analyses the JPEG or PNG file at `path`.
    /// - Throws: ``LoadingError``, ``ImageDecodingError``, or `CancellationError`.
    public func analyze(fileAt path: String) async throws -> ColorAnalysis {
        try analyzeNow(.file(path))
    }

    /// Analyses encoded JPEG or PNG bytes.
    /// - Throws: ``ImageDecodingError`` or `CancellationError`.
    public func analyze(data: Data) async throws -> ColorAnalysis {
        try analyzeNow(.data(data))
    }

    /// Analyses a file or bytes.
    /// - Throws: ``LoadingError``, ``ImageDecodingError`` or `CancellationError`.
    public func analyze(_ source: ImageSource) async throws -> ColorAnalysis {
        try analyzeNow(source)
    }

    /// The synchronous pipeline; checks for cancellation between rows.
    func analyzeNow(_ source: ImageSource) throws -> ColorAnalysis {
        let ledger = MemoryLedger(budget: options.memoryBudget)
        // The histogram is allocated after decoding; reserving it first keeps the decoder from
        // taking the room it will need.
        try ledger.reserve(ColorHistogram.bytesNeeded(bitsPerChannel: 5), for: "the colour histogram")
        if case .data(let data) = source {
            // Encoded bytes in memory stay there until decoding ends (a file is read as it goes).
            try ledger.reserve(data.count, for: "the encoded image held in memory")
        }
        let (image, info) = try downscaledImage(source, ledger: ledger)
        let (width, height) = info.orientation.displayedSize(width: info.width, height: info.height)
        let roles = Quantizer(backgroundSource: options.backgroundSource).roles(of: image)
        var title = TitleChoice(background: roles.background, rule: options.titleRule,
                                brightnessThreshold: options.brightnessThreshold)
        if let area = options.titleRegion {
            title.region = try RegionContrast(image: image, area: area, background: roles.background)
        }
        let name: String? = if case .file(let path) = source { path } else { nil }
        return ColorAnalysis(
            source: name, format: info.format, width: width, height: height,
            orientation: info.orientation.rawValue,
            analyzed: .init(width: image.width, height: image.height), roles: roles, title: title,
            memory: .init(budget: options.memoryBudget.bytes, accountedPeak: ledger.peak))
    }

    /// Decodes and downscales `source`, upright: the image quantization sees.
    /// - Parameters:
    ///   - source: The image.
    ///   - ledger: Where memory is reserved; default a fresh one for the options' budget.
    func downscaledImage(_ source: ImageSource, ledger: MemoryLedger? = nil) throws -> (RGBAImage, DecodedImageInfo) {
        let ledger = ledger ?? MemoryLedger(budget: options.memoryBudget)
        let probe = try SourceProbe(source)
        let target = options.quality.longSide
        var decodeOptions = DecodeOptions()
        // libvips' rule: let the JPEG decoder shrink by DCT scaling only while the result stays
        // at least twice the target, so the box filter still averages several pixels each.
        decodeOptions.minimumLongSide = target.map { $0 * 2 }
        decodeOptions.warningsAreErrors = options.strictDecoding
        decodeOptions.limits = options.limits
        decodeOptions.ledger = ledger
        var downscaler = Downscaler(targetLongSide: target, ledger: ledger)
        let info = try ImageDecoding.decode(probe, options: decodeOptions, into: &downscaler)
        let image = info.orientation.apply(to: downscaler.finish())
        return (image, info)
    }
}
