import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// Colour in HEIC and AVIF: an ICC profile or an nclx box through the colour management, HDR
/// refused, the JSON format names, and a lossless AVIF of a Sample analysed like the Sample.
@Suite("HEIF colour and analysis")
struct HEIFColorTests {
    static let managed = ImageColorAnalyzer()
    static let unmanaged = ImageColorAnalyzer(options: .init(colorManagement: false))

    @Test(
        "Display P3 pixels tagged by an ICC profile or by nclx 12/13 give the sRGB original's colours",
        arguments: [
            ("icc-p3.avif", "Display P3"), ("nclx-p3.avif", "nclx: Display P3 primaries, sRGB transfer"),
            ("icc-p3.heic", "Display P3"),
        ])
    func p3(name: String, profile: String) throws {
        // Given the sRGB picture the P3 pixels were converted from
        let reference = try Self.managed.analyzeNow(.file(ColorFixtures.path("synthetic.png")))
        // When the file (the AVIFs lossless, the HEIC at quality 90, 4:4:4) is analysed
        let analysis = try Self.managed.analyzeNow(.file(HEIFFixtures.path(name)))
        // Then the profile was applied and the four colours are the original's
        #expect(analysis.format == (name.hasSuffix(".heic") ? .heic : .avif))
        #expect(analysis.colorProfile == profile)
        #expect(analysis.colorNote == nil)
        let worst = ColorFixtures.worstRoleDeltaE(analysis, reference)
        #expect(worst <= 0.015, "\(name): worst role ΔE_OK \(worst)")
        // while without colour management they are visibly different
        let off = try Self.unmanaged.analyzeNow(.file(HEIFFixtures.path(name)))
        #expect(ColorFixtures.worstRoleDeltaE(off, reference) >= 0.02)
    }

    @Test("an nclx box of BT.709 primaries and a camera or sRGB transfer is sRGB as it is", arguments: [1, 2, 6, 13])
    func sRGBLike(transfer: Int) {
        #expect(NCLXColorSpace(primaries: 1, transfer: transfer).sourceColorSpace() == .sRGB)
        #expect(NCLXColorSpace(primaries: 2, transfer: transfer).sourceColorSpace() == .sRGB)
    }

    @Test("other primaries or transfers get a profile LittleCMS can read back", arguments: [(9, 13), (12, 13), (1, 8)])
    func builtProfile(primaries: Int, transfer: Int) throws {
        let space = NCLXColorSpace(primaries: primaries, transfer: transfer).sourceColorSpace()
        guard case .icc(let data) = space else {
            Issue.record("expected a profile, got \(space)")
            return
        }
        let profile = try ColorProfile(data, context: try LCMSContext(ledger: nil))
        #expect(profile.space == .rgb && profile.description.hasPrefix("nclx: "))
    }

    @Test("HDR transfers (PQ, HLG) are refused with a typed error before decoding", arguments: ["hdr-pq", "hdr-hlg"])
    func hdrRefused(name: String) async throws {
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await Self.managed.analyze(fileAt: HEIFFixtures.path("\(name).avif"))
        }
        guard case .unsupportedFeature(let format, let detail) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(format == .avif && detail.contains(name == "hdr-pq" ? "PQ" : "HLG"))
        #expect(error?.code == "unsupported-feature")
    }

    @Test("the JSON format is heic or avif", arguments: [("coffee.heic", "heic"), ("coffee.avif", "avif")])
    func jsonFormat(name: String, format: String) async throws {
        let analysis = try await Self.managed.analyze(fileAt: HEIFFixtures.path(name))
        let json = try #require(String(data: try JSONEncoder().encode(analysis), encoding: .utf8))
        #expect(json.contains("\"format\":\"\(format)\""))
        #expect(analysis.width == 300 && analysis.height == 200)
    }

    @Test("a lossless AVIF of a Sample has the Sample's pixels and colours", arguments: ["coffee.png", "horse.png"])
    func losslessSample(name: String) async throws {
        // Given a Sample and avifenc's lossless AVIF of it (RGB stored as is, 4:4:4)
        let original = TestFiles.samples.appendingPathComponent(name).path
        let path = try HEIFFixtures.avifenc(["-l", "-s", "9"], input: original)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When both are decoded and analysed
        let (pixels, _) = try decodeFully(path)
        let (reference, _) = try decodeFully(original)
        let analysis = try await Self.managed.analyze(fileAt: path)
        let expected = try await Self.managed.analyze(fileAt: original)
        // Then the pixels and the colours are the same
        #expect(HEIFFixtures.largestDifference(pixels, reference) == 0)
        #expect(analysis.background == expected.background && analysis.primary == expected.primary)
        #expect(analysis.secondary == expected.secondary && analysis.detail == expected.detail)
        #expect(analysis.title == expected.title)
    }
}
