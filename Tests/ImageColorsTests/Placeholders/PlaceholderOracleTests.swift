import Foundation
import TestSupport
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// Our ThumbHash and BlurHash against the PyPI reference implementations (thumbhash-python 1.0.1,
/// blurhash 1.1.5), run once over every case in the oracle environment (`.build-venv`).
@Suite(
    "Placeholders against the reference encoders",
    .enabled(if: OracleEnvironment.enabled, Comment(rawValue: OracleEnvironment.setupHint)))
struct PlaceholderOracleTests {
    /// What the references say about one case (Tests/Oracles/placeholders.py).
    struct Verdict: Decodable {
        var thumbhash: String
        var blurhash: String
        var thumbhashAverage: [Double]
        var thumbhashDecodedAverage: [Double]
        var blurhashAverage: [Double]
    }

    /// Every case's verdict, by name: one Python run for all of them.
    static let verdicts = Task { () throws -> [String: Verdict] in
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("placeholder-oracle-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var requests: [[String: Any]] = []
        for (index, item) in PlaceholderCase.all.enumerated() {
            let rgba = folder.appendingPathComponent("\(index).rgba")
            let rgb = folder.appendingPathComponent("\(index).rgb")
            try Data(item.pixels.pixels).write(to: rgba)
            let opaque = item.opaquePixels.pixels
            try Data((0..<(opaque.count / 4)).flatMap { opaque[$0 * 4..<$0 * 4 + 3] }).write(to: rgb)
            requests.append([
                "rgba": rgba.path, "rgb": rgb.path, "width": item.pixels.width, "height": item.pixels.height,
                "components": [item.components.x, item.components.y],
                "thumbhash": try ThumbHash.hash(of: item.pixels).base64EncodedString(),
                "blurhash": try BlurHash.hash(of: item.opaquePixels, components: item.components),
            ])
        }
        let output = try await OracleEnvironment.run(
            "placeholders.py", input: try JSONSerialization.data(withJSONObject: requests))
        let verdicts = try JSONDecoder().decode([Verdict].self, from: output)
        return Dictionary(uniqueKeysWithValues: zip(PlaceholderCase.all.map(\.testDescription), verdicts))
    }

    static func verdict(_ item: PlaceholderCase) async throws -> Verdict {
        #expect(OracleEnvironment.python != nil, "\(OracleEnvironment.setupHint)")
        return try #require(try await verdicts.value[item.testDescription])
    }

    @Test("there are cases: the samples, the corpus files and the generated corners")
    func cases() {
        #expect(PlaceholderCase.all.count >= 35)
        if ProcessInfo.processInfo.environment["IMAGECOLORS_PRINT_SWEEP"] == "1" {
            let ties = PlaceholderCase.all.filter {
                ThumbHash.encode($0.pixels, ties: .toNearestOrAwayFromZero)
                    != ThumbHash.encode($0.pixels, ties: .toNearestOrEven)
            }
            print("ThumbHash ties: \(ties.count) of \(PlaceholderCase.all.count): \(ties.map(\.name))")
        }
    }

    @Test(
        """
        Given the same pixels, when both encode a ThumbHash, then ours is the reference's byte for byte (ties rounded \
        as Python does)
        """,
        arguments: PlaceholderCase.all)
    func thumbHashMatches(item: PlaceholderCase) async throws {
        let verdict = try await Self.verdict(item)
        let ours = ThumbHash.encode(item.pixels, ties: .toNearestOrEven).base64EncodedString()
        #expect(ours == verdict.thumbhash)
    }

    @Test(
        "Given the same pixels, when both encode a BlurHash, then the strings are equal", arguments: PlaceholderCase.all
    )
    func blurHashMatches(item: PlaceholderCase) async throws {
        let verdict = try await Self.verdict(item)
        #expect(try BlurHash.hash(of: item.opaquePixels, components: item.components) == verdict.blurhash)
    }

    @Test(
        """
        Given our ThumbHash, when the reference reads its average colour, then it is the image's within 5 levels and \
        its alpha within 5%
        """,
        arguments: PlaceholderCase.all)
    func thumbHashAverage(item: PlaceholderCase) async throws {
        let verdict = try await Self.verdict(item)
        let average = Self.averageColor(item.pixels)
        // Stored in 6 bits (L) and 6 bits over twice the range (P, Q): a few levels at most.
        #expect(
            abs(verdict.thumbhashAverage[3] / 255 - average.alpha) <= 0.05,
            "alpha \(verdict.thumbhashAverage[3]) vs \(average.alpha * 255)")
        // A transparent image's colour is not there to see.
        guard average.alpha > 0.05 else { return }
        Self.expectClose(verdict.thumbhashAverage, average.rgb, within: 5, "stored")
    }

    @Test(
        """
        Given our ThumbHash of an opaque image of 16 px or more a side, when the reference draws it, then the \
        drawing's average colour is the image's within 8 levels
        """,
        arguments: PlaceholderCase.all.filter {
            min($0.pixels.width, $0.pixels.height) >= 16 && averageColor($0.pixels).alpha == 1
        })
    func thumbHashDrawing(item: PlaceholderCase) async throws {
        // Drawn pixels are clamped to 0–255, which pulls a contrasty picture's average in by a
        // few levels; below 16 px the reference's coefficients alias and its drawing is not the
        // picture (a 1×1 blue draws grey), so those are left to the stored-average test above.
        let verdict = try await Self.verdict(item)
        Self.expectClose(verdict.thumbhashDecodedAverage, Self.averageColor(item.pixels).rgb, within: 8, "drawn")
    }

    @Test(
        """
        Given our BlurHash, when the reference decodes it, then its average colour in linear light is the image's \
        within 6 levels
        """,
        arguments: PlaceholderCase.all)
    func blurHashAverage(item: PlaceholderCase) async throws {
        let verdict = try await Self.verdict(item)
        Self.expectClose(verdict.blurhashAverage, Self.linearAverage(item.opaquePixels).rgb, within: 6, "decoded")
    }

    /// Expects the first three channels of `reference` within `tolerance` of `image`'s.
    static func expectClose(
        _ reference: [Double], _ image: [Double], within tolerance: Double, _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for channel in 0..<3 {
            #expect(
                abs(reference[channel] - image[channel]) <= tolerance,
                "channel \(channel): \(what) \(reference[channel]), image \(image[channel])",
                sourceLocation: sourceLocation)
        }
    }

    @Test(
        """
        Given an analysed file, when placeholders are asked for, then they are the hashes of its analysed pixels \
        shrunk to 64 px
        """,
        arguments: PlaceholderCase.all.filter { $0.analysis != nil })
    func analysisUsesTheSamePixels(item: PlaceholderCase) throws {
        let placeholder = try #require(item.analysis?.placeholder)
        #expect(placeholder.thumbHash == (try ThumbHash.hash(of: item.pixels)).base64EncodedString())
        #expect(placeholder.blurHash == (try BlurHash.hash(of: item.opaquePixels)))
        #expect(max(item.pixels.width, item.pixels.height) <= Placeholders.longSide)
    }

    /// The mean colour in linear light (BlurHash's), sRGB-encoded, 0–255 per channel, unrounded.
    static func linearAverage(_ image: RGBAImage) -> (rgb: [Double], alpha: Double) {
        var sums = [0.0, 0.0, 0.0]
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            for c in 0..<3 { sums[c] += BlurHash.linearTable[Int(image.pixels[i + c])] }
        }
        let count = Double(image.width * image.height)
        return (
            sums.map { sum in
                let v = min(1, max(0, sum / count))
                return 255 * (v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055)
            }, 1
        )
    }

    /// The alpha-weighted mean colour (0–255 per channel) and the mean alpha (0–1).
    static func averageColor(_ image: RGBAImage) -> (rgb: [Double], alpha: Double) {
        var sums = [0.0, 0.0, 0.0]
        var alpha = 0.0
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            let a = Double(image.pixels[i + 3])
            for c in 0..<3 { sums[c] += Double(image.pixels[i + c]) * a }
            alpha += a
        }
        let count = Double(image.width * image.height)
        return (alpha > 0 ? sums.map { $0 / alpha } : sums, alpha / 255 / count)
    }
}
