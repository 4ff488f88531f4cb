import Foundation
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// PngSuite: every valid file decodes to the reference pixels; interlaced twins agree; every
/// invalid file gives a typed error.
@Suite("PngSuite")
struct PNGSuiteTests {
    static let valid = TestFiles.files(in: "pngsuite/valid")
    static let invalid = TestFiles.files(in: "pngsuite/invalid")

    /// PngSuite names end in the bit depth: `basn0g16.png` is 16-bit.
    static func bitDepth(_ name: String) -> Int {
        Int(name.dropLast(4).suffix(2)) ?? 8
    }

    @Test("the corpus is present")
    func corpusPresent() {
        #expect(Self.valid.count >= 150, "expected PngSuite in \(TestFiles.corpus.path)")
        #expect(Self.invalid.count >= 10)
    }

    @Test("decodes to the reference pixels", arguments: valid)
    func matchesReference(name: String) throws {
        // Given a valid PngSuite file and its 16-bit RGBA reference dump
        let (image, info) = try decodeFully(TestFiles.corpus("pngsuite/valid/\(name)"))
        #expect(info.format == .png)
        #expect(image.width == info.width && image.height == info.height)
        // The gamma files' references are not gamma-corrected, and we do not correct either,
        // but the README tells us to skip them.
        guard !name.hasPrefix("g") else { return }
        let reference = try Data(
            contentsOf: TestFiles.corpus.appendingPathComponent(
                "pngsuite/rgba16le/\(name).rgba"))
        #expect(reference.count == image.pixels.count * 2)
        guard reference.count == image.pixels.count * 2 else { return }
        // When compared channel by channel
        let tolerance = Self.bitDepth(name) == 16 ? 257 : 0
        var mismatches = 0
        reference.withUnsafeBytes { raw in
            for i in 0..<image.pixels.count {
                let expected = Int(raw[i * 2]) | Int(raw[i * 2 + 1]) << 8
                if abs(Int(image.pixels[i]) * 257 - expected) > tolerance { mismatches += 1 }
            }
        }
        // Then they agree (16-bit sources within libpng's rounding of 16 → 8 bits)
        #expect(mismatches == 0, "\(mismatches) channel values differ in \(name)")
    }

    @Test(
        "interlaced files equal their non-interlaced twins",
        arguments: valid.filter { $0.hasPrefix("basi") })
    func interlacedTwin(name: String) throws {
        let twin = "basn" + name.dropFirst(4)
        let (interlaced, _) = try decodeFully(TestFiles.corpus("pngsuite/valid/\(name)"))
        let (plain, _) = try decodeFully(TestFiles.corpus("pngsuite/valid/\(twin)"))
        #expect(interlaced == plain)
    }

    @Test("invalid files give a typed error", arguments: invalid)
    func invalidFile(name: String) throws {
        #expect(throws: ImageDecodingError.self) {
            _ = try decodeFully(TestFiles.corpus("pngsuite/invalid/\(name)"))
        }
    }
}
