import Foundation
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// Colour management behind the DC reader: the embedded ICC profile (RGB, grey, CMYK) is read,
/// announced and applied exactly as on libjpeg's path.
@Suite("Progressive DC reader: colour management")
struct ProgressiveDCColorTests {
    /// A 1/8 decode through a ``ColorManagedSink``, by the DC reader or by libjpeg.
    static func decodeEighth(_ path: String, libjpeg: Bool, ledger: MemoryLedger? = nil) throws
        -> (image: RGBAImage, outcome: ColorManagementOutcome, info: DecodedImageInfo)
    {
        var sink = ColorManagedSink(FullImageSink(), ledger: ledger)
        var options = DecodeOptions()
        options.minimumLongSide = 1
        options.ledger = ledger
        let info =
            libjpeg
            ? try JPEGDecoder.decodeWithLibjpeg(.file(path), options: options, into: &sink)
            : try ImageDecoding.decode(try SourceProbe(.file(path)), options: options, into: &sink)
        sink.finishConversion()
        return (sink.inner.image, sink.outcome, info)
    }

    @Test(
        "a progressive copy converts exactly as libjpeg's path converts it",
        arguments: [
            "synthetic-p3.jpg", "photo-p3.jpg", "synthetic-adobe.jpg", "synthetic-cmyk.jpg", "photo-cmyk.jpg",
            "gray-linear.jpg",
        ])
    func sameAsLibjpeg(name: String) throws {
        // Given a progressive copy that keeps the APP2 ICC chunks (the fixtures are 4:4:4 or grey,
        // so the DC reader's pixels equal libjpeg's before conversion)
        let path = try ProgressiveFixtures.run(
            "jpegtran", ["-progressive", "-copy", "all"], input: ColorFixtures.path(name))
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When both decoders feed a colour-managed sink at 1/8
        let ours = try Self.decodeEighth(path, libjpeg: false)
        let theirs = try Self.decodeEighth(path, libjpeg: true)
        // Then the DC reader applied the same profile (CMYK ones through raw CMYK rows) to the
        // same pixels
        #expect(ours.info.decoder == .progressiveDC)
        #expect(ours.outcome.profile != nil)
        #expect(ours.outcome == theirs.outcome)
        #expect(ours.image == theirs.image)
    }

    @Test("the profile's bytes are reserved while it is read and all returned afterwards")
    func profileReserved() throws {
        let path = try ProgressiveFixtures.run(
            "jpegtran", ["-progressive", "-copy", "all"], input: ColorFixtures.path("photo-cmyk.jpg"))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let ledger = MemoryLedger(budget: .megabytes(30))
        let decoded = try Self.decodeEighth(path, libjpeg: false, ledger: ledger)
        #expect(decoded.outcome.profile != nil)
        // The chunks (1 kB) and the profile copy were counted at their peak, then released.
        #expect(ledger.peak > 2 * 1000)
        #expect(ledger.reserved == 0)
    }

    @Test("a profile too large for its share of the budget is noted and ignored, as on libjpeg's path")
    func profileOverLimit() throws {
        // Given a budget whose third left after the reader's buffer is under the 1 kB of chunks
        let path = try ProgressiveFixtures.run(
            "jpegtran", ["-progressive", "-copy", "all"], input: ColorFixtures.path("synthetic-p3.jpg"))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let budget = MemoryBudget(bytes: JPEGByteReader.windowSize + 1_200)
        // When decoded, then the profile is ignored with the shim's words and the pixels stay
        let ours = try Self.decodeEighth(path, libjpeg: false, ledger: MemoryLedger(budget: budget))
        #expect(ours.outcome.profile == nil)
        #expect(ours.outcome.note?.hasPrefix("ignored the embedded ICC profile: ICC chunks over") == true)
        #expect(ours.image == (try ProgressiveFixtures.decodeEighth(path).0))
    }
}
