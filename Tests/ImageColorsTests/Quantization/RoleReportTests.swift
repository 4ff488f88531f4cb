import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

private func hex(_ text: String) -> RGBColor { RGBColor(hex: text)! }

/// A 60×60 image of 2–7 random rectangles of random colours over a random fill, with noise.
private func generatedImage(seed: UInt64) -> RGBAImage {
    var random = SplitMix64(seed: seed)
    func color() -> RGBColor {
        RGBColor(
            red: .random(in: 0...255, using: &random), green: .random(in: 0...255, using: &random),
            blue: .random(in: 0...255, using: &random))
    }
    var rects: [(Int, Int, Int, Int, RGBColor)] = []
    for _ in 0..<Int.random(in: 2...7, using: &random) {
        let x0 = Int.random(in: 0..<50, using: &random)
        let y0 = Int.random(in: 0..<50, using: &random)
        rects.append(
            (
                x0, y0, Int.random(in: (x0 + 1)...60, using: &random), Int.random(in: (y0 + 1)...60, using: &random),
                color()
            ))
    }
    var image = paintedImage(60, 60, color(), rects)
    image.withMutablePixels { pixels in
        for i in stride(from: 0, to: pixels.count, by: 4) where Int.random(in: 0..<4, using: &random) == 0 {
            for c in 0..<3 {
                pixels[i + c] = UInt8(clamping: Int(pixels[i + c]) + Int.random(in: -6...6, using: &random))
            }
        }
    }
    return image
}

@Suite("Role reports")
struct RoleReportTests {
    let quantizer = Quantizer()

    @Test(
        """
        Given 300 generated images, when quantized by either scheme at 3, 4.5 or 7, then every role from the image \
        reaches the target on the background, its report says so, and the roles are pairwise distinct
        """,
        arguments: 0..<300)
    func contrastGuarantee(seed: UInt64) {
        let scheme = RoleScheme.allCases[Int(seed % 2)]
        let target = [3, 4.5, 7][Int(seed / 2 % 3)]
        let roles = Quantizer(scheme: scheme, minimumContrast: target).roles(of: generatedImage(seed: seed))
        var fromImage: [RGBColor] = []
        for role in ColorRole.allCases {
            let report = roles.reports[role]
            let ratio = Contrast.contrastRatio(roles[role], roles.background)
            #expect(
                abs((report.contrastRatio ?? 0) - ratio) <= 0.005,
                "\(role) report \(String(describing: report.contrastRatio)) vs \(ratio)")
            #expect((report.source == .fallback) == roles.fallback.contains(role))
            guard report.source == .image else { continue }
            #expect(
                ratio >= target, "seed \(seed): \(role) \(roles[role].hex) on \(roles.background.hex) is \(ratio):1")
            #expect(report.share.map { $0 > 0 && $0 <= 1 } == true)
            fromImage.append(roles[role])
        }
        for (i, x) in fromImage.enumerated() {
            for y in fromImage[(i + 1)...] {
                #expect(ColorDistance.isDistinct(x, y), "seed \(seed): \(x.hex) and \(y.hex)")
            }
        }
    }

    @Test(
        """
        Given a gradient 'photo' inside a solid border, when quantized, then the border is the background, from the \
        edges, with its share of the band
        """
    )
    func gradientWithBorder() {
        var image = paintedImage(100, 100, hex("#20303f"))
        for y in 10..<90 {
            for x in 10..<90 { image[x, y] = (UInt8(150 + x), UInt8(100 + y), 40, 255) }
        }
        let roles = quantizer.roles(of: image)
        #expect(roles.background == hex("#20303f"))
        #expect(roles.reports.background == RoleReport(source: .edges, share: 1))
        #expect(roles.reports.primary.source == .image)
        #expect(roles.primary != roles.background)
    }

    @Test("Given the whole image as the background's source, when quantized, then the background's source is the image")
    func wholeImageSource() {
        let roles = Quantizer(backgroundSource: .whole).roles(
            of: paintedImage(40, 40, hex("#f2e3c4"), [(0, 0, 40, 10, hex("#1d2b3a"))]))
        #expect(roles.reports.background == RoleReport(source: .image, share: 0.75))
        #expect(
            roles.reports.primary
                == RoleReport(
                    source: .image, share: 0.25,
                    contrastRatio: Contrast.contrastRatio(hex("#1d2b3a"), hex("#f2e3c4"))))
    }

    @Test(
        """
        Given an all-black or all-white image, when quantized, then it is the background and the roles fall back to \
        the opposite neutral at 21:1
        """,
        arguments: [(RGBColor.black, RGBColor.white), (RGBColor.white, RGBColor.black)])
    func blackOrWhite(fill: RGBColor, neutral: RGBColor) {
        let roles = quantizer.roles(of: paintedImage(50, 50, fill))
        #expect(roles.background == fill)
        #expect(roles.reports.background.source == .edges)
        for role in ColorRole.allCases {
            #expect(roles[role] == neutral)
            #expect(roles.reports[role] == RoleReport(source: .fallback, contrastRatio: 21))
        }
    }

    @Test(
        """
        Given a report, when encoded, then the share has 4 decimals, the ratio 2, a role from the image says whether \
        it was adjusted, and a missing share has no key
        """
    )
    func encoding() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(RoleReport(source: .image, share: 0.123456, contrastRatio: 4.56789))
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"{"adjusted":false,"contrastRatio":4.57,"share":0.1235,"source":"image"}"#)
        let fallback = try encoder.encode(RoleReport(source: .fallback, contrastRatio: 21))
        #expect(String(decoding: fallback, as: UTF8.self) == #"{"contrastRatio":21,"source":"fallback"}"#)
    }

    @Test(
        """
        Given an adjusted role's report, when encoded and decoded, then it names the original colour and ΔL to 3 \
        decimals, and comes back equal
        """
    )
    func adjustedEncoding() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let report = RoleReport(
            source: .image, share: 0.71, contrastRatio: 3.0149,
            adjustment: .init(original: hex("#d84f06"), deltaL: -0.08349))
        let data = try encoder.encode(report)
        #expect(
            String(decoding: data, as: UTF8.self)
                == ##"{"adjusted":true,"contrastRatio":3.01,"deltaL":-0.083,"original":"#d84f06","##
                + ##""share":0.71,"source":"image"}"##
        )
        #expect(try JSONDecoder().decode(RoleReport.self, from: data) == report)
    }

    @Test(
        """
        Given an analysis with a palette, when encoded to JSON and decoded, then its roles, reports and palette are \
        unchanged
        """
    )
    func roundTrip() throws {
        let options = AnalysisOptions(paletteSize: 8)
        let analysis = try ImageColorAnalyzer(options: options).analyzeNow(
            .file(TestFiles.samples.appendingPathComponent("rocket.jpg").path))
        let decoded = try JSONDecoder().decode(ColorAnalysis.self, from: JSONEncoder().encode(analysis))
        #expect(decoded.roles == analysis.roles)
        #expect(decoded.roleReports != nil)
        #expect(decoded.palette == analysis.palette)
        #expect(decoded.palette?.count == 8)
    }
}
