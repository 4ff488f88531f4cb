import Foundation
import TestSupport
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// The encoders' and decoders' own behaviour: validation, hostile hashes, ties, round trips.
@Suite("Placeholders")
struct PlaceholderTests {
    @Test(
        "Given components outside 1–9, when a BlurHash component count is made, then it throws, naming the range",
        arguments: [(0, 3), (10, 3), (4, 0), (4, 10), (-1, -1)])
    func componentsValidated(x: Int, y: Int) {
        #expect(throws: PlaceholderError.componentsOutOfRange(x: x, y: y)) { try BlurHash.Components(x: x, y: y) }
        #expect(PlaceholderError.componentsOutOfRange(x: x, y: y).description.contains("1 to 9"))
    }

    @Test("Given XxY text, when parsed, then 4x3 and 9×9 are read, and text that is not two numbers is nil")
    func componentsParsed() throws {
        #expect(try BlurHash.Components(parsing: "4x3") == .default)
        #expect(try BlurHash.Components(parsing: "9×9")?.x == 9)
        #expect(try BlurHash.Components(parsing: "4") == nil)
        #expect(try BlurHash.Components(parsing: "ax3") == nil)
    }

    @Test("Given an empty image, when either hash is asked for, then it throws instead of dividing by zero")
    func emptyImage() {
        let empty = RGBAImage(width: 0, height: 0, pixels: [])
        #expect(throws: PlaceholderError.emptyImage) { try ThumbHash.hash(of: empty) }
        #expect(throws: PlaceholderError.emptyImage) { try BlurHash.hash(of: empty) }
    }

    @Test(
        """
        Given random bytes and strings, when decoded, then each either draws an image or throws invalidHash, never \
        traps
        """
    )
    func hostileHashes() {
        var random = SplitMix64(seed: 21)
        for length in 0..<40 {
            let bytes = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &random) })
            do {
                let image = try ThumbHash.image(from: bytes)
                #expect(image.width >= 1 && image.height >= 1)
            } catch let error as PlaceholderError {
                guard case .invalidHash = error else {
                    Issue.record("\(error)")
                    continue
                }
            } catch { Issue.record("\(error)") }
            let characters = Array(
                "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~ é")
            let text = String(
                (0..<length).map { _ in characters[Int.random(in: 0..<characters.count, using: &random)] })
            do {
                _ = try BlurHash.image(from: text, width: 8, height: 8)
            } catch let error as PlaceholderError {
                guard case .invalidHash = error else {
                    Issue.record("\(error)")
                    continue
                }
            } catch { Issue.record("\(error)") }
        }
    }

    @Test(
        """
        Given a size whose L coefficient count is exactly halfway, when encoded, then ours rounds up (the reference's \
        Math.round) where Python rounds to even
        """
    )
    func tiesRoundAwayFromZero() {
        // 98×63, opaque: 7·63/98 = 4.5 → 5 rows of L coefficients (Python: 4).
        let image = PlaceholderCase.gradient(width: 98, height: 63, alpha: false)
        let ours = ThumbHash.encode(image, ties: .toNearestOrAwayFromZero)
        let python = ThumbHash.encode(image, ties: .toNearestOrEven)
        #expect(ours[3] & 7 == 5)
        #expect(python[3] & 7 == 4)
        // A size without ties: the same bytes either way.
        let plain = PlaceholderCase.gradient(width: 64, height: 43, alpha: false)
        #expect(
            ThumbHash.encode(plain, ties: .toNearestOrAwayFromZero) == ThumbHash.encode(plain, ties: .toNearestOrEven))
    }

    @Test(
        """
        Given an image, when its ThumbHash is drawn by our decoder, then the drawing keeps the approximate aspect \
        ratio and the average colour
        """
    )
    func thumbHashRoundTrip() throws {
        let image = PlaceholderCase.gradient(width: 64, height: 32, alpha: false)
        let drawn = try ThumbHash.image(from: try ThumbHash.hash(of: image))
        // ThumbHash stores the ratio as its L coefficient counts: 7 by 4 here, so 32×18 for 2:1.
        #expect(drawn.width == 32 && drawn.height == 18)
        let a = PlaceholderOracleTests.averageColor(image).rgb
        let b = PlaceholderOracleTests.averageColor(drawn).rgb
        for c in 0..<3 { #expect(abs(a[c] - b[c]) <= 8, "channel \(c): \(a[c]) vs \(b[c])") }
        #expect(try ThumbHash.image(from: try ThumbHash.hash(of: image), longSide: 160).width == 160)
    }

    @Test(
        """
        Given an image larger than 100 px, when its ThumbHash is asked for, then it is that of the image shrunk to 64 \
        px
        """
    )
    func largeImagesShrunk() throws {
        let image = PlaceholderCase.gradient(width: 400, height: 300, alpha: true)
        let small = try Placeholders.sourceImage(from: image, ledger: nil)
        #expect(small.width == 64 && small.height == 48)
        #expect(try ThumbHash.hash(of: image) == ThumbHash.encode(small, ties: .toNearestOrAwayFromZero))
    }

    @Test(
        "Given placeholders asked for, when analysed within a budget, then their copy is reserved and the peak says so")
    func reserved() throws {
        let path = TestFiles.samples.appendingPathComponent("coffee.png").path
        let plain = try ImageColorAnalyzer().analyzeNow(.file(path))
        let with = try ImageColorAnalyzer(options: AnalysisOptions(placeholders: .both)).analyzeNow(.file(path))
        #expect(plain.placeholder == nil)
        #expect(with.placeholder?.blurHash?.count == 28)
        #expect((with.memory?.accountedPeak ?? 0) >= (plain.memory?.accountedPeak ?? 0))
    }
}
