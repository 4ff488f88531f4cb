import Foundation
import TestSupport
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// One image for the placeholder oracle: the pixels both encoders see, and for a file the
/// analysis that made its placeholders.
struct PlaceholderCase: Sendable, CustomTestStringConvertible {
    var name: String
    /// What ThumbHash sees: the analysed image shrunk to at most 64 px.
    var pixels: RGBAImage
    /// What transparent pixels become for BlurHash: the card's background.
    var backdrop: RGBColor
    var components: BlurHash.Components
    /// The analysis of a file, with both placeholders; `nil` for a generated image.
    var analysis: ColorAnalysis?

    var testDescription: String { "\(name) \(pixels.width)×\(pixels.height) \(components)" }

    /// What BlurHash sees.
    var opaquePixels: RGBAImage {
        var opaque = pixels
        opaque.composite(onto: backdrop)
        return opaque
    }

    /// The Samples, corpus files (EXIF orientations, colour-managed files, libjpeg's test
    /// images, PNGs with alpha and odd sizes), and generated images for the corners: one colour
    /// (no AC energy), fully transparent, 1×1, tall, and sizes whose ThumbHash coefficient
    /// counts fall exactly halfway (100×50 with alpha: 5·50/100 = 2.5; 98×63: 7·63/98 = 4.5).
    static let all: [PlaceholderCase] = {
        var cases: [PlaceholderCase] = []
        var files = RepositoryPaths.sampleNames.map { TestFiles.samples.appendingPathComponent($0).path }
        files += (1...8).map { TestFiles.corpus("orientation/hopper_orientation_\($0).jpg") }
        files += ["color/pil_sample_cmyk.jpg", "color/icc_profile.png", "jpeg/testorig.jpg", "jpeg/testimgari.jpg"].map(
            TestFiles.corpus)
        files += [
            "basn4a08", "basn6a16", "tbrn2c08", "tm3n3p02", "tp1n3p08", "s01i3p01", "s03n3p01", "s09n3p02", "s40n3p04",
            "bgan6a08",
        ]
        .map { TestFiles.corpus("pngsuite/valid/\($0).png") }
        for (index, path) in files.enumerated() {
            let quality: Quality = index % 3 == 1 ? .low : .high
            let options = AnalysisOptions(quality: quality, placeholders: .both)
            guard let analysis = try? ImageColorAnalyzer(options: options).analyzeNow(.file(path)),
                let (image, _) = try? ImageColorAnalyzer(options: options).downscaledImage(.file(path)),
                let small = try? Placeholders.sourceImage(from: image, ledger: nil)
            else { continue }
            cases.append(
                PlaceholderCase(
                    name: (path as NSString).lastPathComponent + " at \(quality)", pixels: small,
                    backdrop: analysis.background, components: .default, analysis: analysis))
        }
        func generated(_ name: String, _ image: RGBAImage, _ x: Int = 4, _ y: Int = 3) {
            cases.append(
                PlaceholderCase(
                    name: name, pixels: image, backdrop: RGBColor(hex: "#204060")!,
                    components: try! BlurHash.Components(x: x, y: y), analysis: nil))
        }
        generated("one colour", RGBAImage(width: 100, height: 60, filledWith: RGBColor(hex: "#c86432")!))
        generated("fully transparent", RGBAImage(width: 10, height: 10, filledWith: .black, alpha: 0))
        generated("one pixel", RGBAImage(width: 1, height: 1, filledWith: RGBColor(hex: "#3a7bd5")!), 1, 1)
        generated("tall gradient", gradient(width: 30, height: 100, alpha: false), 3, 5)
        generated("2:1 with alpha", gradient(width: 100, height: 50, alpha: true), 9, 9)
        generated("98×63", gradient(width: 98, height: 63, alpha: false), 5, 2)
        generated("square with alpha", gradient(width: 64, height: 64, alpha: true))
        return cases
    }()

    /// Red across, blue down, a green disc, and with `alpha` a transparent left third fading in.
    static func gradient(width: Int, height: Int, alpha: Bool) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, filledWith: .black)
        for y in 0..<height {
            for x in 0..<width {
                let dx = Double(x) - Double(width) / 2
                let dy = Double(y) - Double(height) / 2
                let inDisc = dx * dx + dy * dy < Double(min(width, height) * min(width, height)) / 16
                let a = alpha ? UInt8(min(255, max(0, (x - width / 3) * 255 / max(1, width / 3)))) : 255
                image[x, y] = (
                    UInt8(x * 255 / max(1, width - 1)), inDisc ? 200 : 40, UInt8(y * 255 / max(1, height - 1)), a
                )
            }
        }
        return image
    }
}
