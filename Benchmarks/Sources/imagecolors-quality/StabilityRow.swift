import Foundation
@_spi(Benchmarks) import ImageColors

/// One image's stability: the ΔE_OK of each role across three kinds of change.
struct StabilityRow {
    /// ΔE_OK of background, primary, secondary, detail between the low and high presets.
    var presets: [Double]
    /// … between the image and its JPEG quality 75 copy (`nil` when the copy could not be made).
    var reencoded: [Double]?
    /// … between the image and its 1-pixel crop (`nil` for images under 2×2).
    var cropped: [Double]?
    /// Roles that fell back at the high preset (background included).
    var fallbacks: Int

    static let analyzer = ImageColorAnalyzer(options: AnalysisOptions(quality: .high, colorManagement: false))
    static let lowAnalyzer = ImageColorAnalyzer(options: AnalysisOptions(quality: .low, colorManagement: false))

    static func measure(_ path: String) async throws -> StabilityRow {
        let high = try await analyzer.analyze(fileAt: path)
        let low = try await lowAnalyzer.analyze(fileAt: path)
        let full = try BenchmarkHooks.decodeFullSize(fileAt: path)
        let reencoded = try? await analyzer.analyze(
            data: BenchmarkHooks.encodeJPEG(full, quality: 75, backdrop: high.background))
        var cropped: ColorAnalysis?
        if full.width >= 2 && full.height >= 2 {
            cropped = try? await analyzer.analyze(data: BenchmarkHooks.encodePNG(full.croppingFirstRowAndColumn()))
        }
        let background = high.roleReports?.background.source == .fallback ? 1 : 0
        return StabilityRow(presets: deltas(low, high), reencoded: reencoded.map { deltas($0, high) },
                            cropped: cropped.map { deltas($0, high) }, fallbacks: high.fallback.count + background)
    }

    /// ΔE_OK of each role between two results.
    static func deltas(_ x: ColorAnalysis, _ y: ColorAnalysis) -> [Double] {
        [ColorDistance.deltaE(x.background, y.background), ColorDistance.deltaE(x.primary, y.primary),
         ColorDistance.deltaE(x.secondary, y.secondary), ColorDistance.deltaE(x.detail, y.detail)]
    }

    var formatted: String {
        func cell(_ values: [Double]?) -> String {
            guard let values else { return "–" }
            // Changes a reader would notice (≥ the distinctness threshold) in bold.
            return values.map { $0 >= noticeableChange ? String(format: "**%.2f**", $0) : String(format: "%.2f", $0) }
                .joined(separator: " ")
        }
        return "\(cell(presets)) | \(cell(reencoded)) | \(cell(cropped)) | \(fallbacks)"
    }
}

extension RGBAImage {
    /// The image without its first row and first column: a 1-pixel crop that also shifts every
    /// downscaling cell by a pixel.
    func croppingFirstRowAndColumn() -> RGBAImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity((width - 1) * (height - 1) * 4)
        for y in 1..<height {
            pixels += self.pixels[((y * width + 1) * 4)..<((y + 1) * width * 4)]
        }
        return RGBAImage(width: width - 1, height: height - 1, pixels: pixels)
    }
}

/// The ΔE_OK from which a change counts as noticeable: 0.08, the library's default distinctness
/// threshold, fixed here so that experiments with that threshold do not move the yardstick.
let noticeableChange = 0.08
