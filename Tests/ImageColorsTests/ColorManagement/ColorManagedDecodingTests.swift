import Foundation
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// Pixels through ``ColorManagedSink``: tagged images come out as their sRGB originals.
@Suite("Colour management: pixels")
struct ColorManagedDecodingTests {
    @Test(
        "an RGB-profile PNG decodes to its sRGB original's pixels",
        arguments: [("synthetic-p3.png", "Display P3"), ("synthetic-adobe.png", "Adobe RGB (1998) compatible")])
    func rgbProfilePNG(name: String, profile: String) throws {
        // Given a lossless PNG converted from sRGB into a wider gamut and tagged with it
        let original = try ColorFixtures.decode("synthetic.png").image
        // When decoded with and without colour management
        let (managed, outcome) = try ColorFixtures.decode(name)
        let (unmanaged, unmanagedOutcome) = try ColorFixtures.decode(name, colorManagement: false)
        // Then the managed pixels are the original's, within LittleCMS's 8-bit rounding
        #expect(outcome == ColorManagementOutcome(profile: profile, note: nil))
        #expect(ColorFixtures.maxChannelDifference(managed, original) <= 2)
        // and the unmanaged ones are visibly off (the test can tell the difference)
        #expect(unmanagedOutcome == ColorManagementOutcome())
        #expect(ColorFixtures.maxChannelDifference(unmanaged, original) >= 20)
    }

    @Test(
        "a grey profile: linear samples come out sRGB-encoded",
        arguments: ["gray-linear.png", "gray-linear.jpg", "gray-linear.heic", "gray-linear.avif"])
    func greyProfile(name: String) throws {
        let (managed, outcome) = try ColorFixtures.decode(name)
        let (stored, _) = try ColorFixtures.decode(name, colorManagement: false)
        #expect(outcome.profile == "Linear grey")
        var worst = 0
        for i in stride(from: 0, to: stored.pixels.count, by: 4) {
            let linear = Double(stored.pixels[i]) / 255
            let encoded = linear <= 0.0031308 ? linear * 12.92 : 1.055 * pow(linear, 1 / 2.4) - 0.055
            let expected = Int((encoded * 255).rounded())
            for c in 0..<3 { worst = max(worst, abs(Int(managed.pixels[i + c]) - expected)) }
            #expect(managed.pixels[i + 3] == 255)
        }
        #expect(worst <= 2, "\(name): off by up to \(worst)")
    }

    @Test("a grey profile on a colour AVIF is ignored with a note; its pixels are as stored")
    func greyProfileOnColourAVIF() throws {
        // Given a colour AVIF whose colr box holds a grey profile (avifenc --icc attaches any)
        let name = "synthetic-gray-icc.avif"
        // When decoded with and without colour management
        let (managed, outcome) = try ColorFixtures.decode(name)
        let (stored, _) = try ColorFixtures.decode(name, colorManagement: false)
        // Then the profile is ignored, said so, and the pixels are the stored ones (the grey
        // profile applies only to grey pixels, as on the monochrome gray-linear.avif)
        #expect(
            outcome
                == ColorManagementOutcome(note: "ignored the embedded ICC profile: a grey profile on a colour image"))
        #expect(managed == stored)
    }

    @Test("a CMYK JPEG with a profile decodes close to its sRGB original; the naive conversion does not")
    func cmykWithProfile() throws {
        let original = try ColorFixtures.decode("synthetic.png").image
        let (managed, outcome) = try ColorFixtures.decode("synthetic-cmyk.jpg")
        let (naive, naiveOutcome) = try ColorFixtures.decode("synthetic-cmyk.jpg", colorManagement: false)
        #expect(outcome == ColorManagementOutcome(profile: "ImageColors test CMYK", note: nil))
        #expect(naiveOutcome == ColorManagementOutcome())
        let managedError = ColorFixtures.meanDeltaE(managed, original)
        let naiveError = ColorFixtures.meanDeltaE(naive, original)
        #expect(managedError < 0.015, "mean ΔE_OK \(managedError)")
        #expect(naiveError > 0.05, "mean ΔE_OK \(naiveError)")
        #expect(managed.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
    }

    @Test("a CMYK JPEG without a profile keeps the naive Adobe-inverted conversion, colour management or not")
    func cmykWithoutProfile() throws {
        let untagged = JPEGSegments.replacingProfile(in: try ColorFixtures.data("synthetic-cmyk.jpg"), with: nil)
        let (managed, outcome) = try ColorFixtures.decode(.data(untagged))
        let (unmanaged, _) = try ColorFixtures.decode(.data(untagged), colorManagement: false)
        let (taggedNaive, _) = try ColorFixtures.decode("synthetic-cmyk.jpg", colorManagement: false)
        #expect(outcome == ColorManagementOutcome())
        #expect(managed == unmanaged)
        #expect(managed == taggedNaive)
        // And the naive formula is the shim's documented one, R = C·K/255 on the stored (Adobe:
        // inverted) samples, which is libjpeg-turbo's own CMYK → RGB: djpeg's pixels at 1/8, each one
        let path = try ProgressiveDCMalformedTests.write([UInt8](untagged))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reference = try ProgressiveFixtures.djpegEighth(path)
        let ours = try ProgressiveFixtures.libjpegEighth(path)
        #expect(ours.width == reference.width && ours.height == reference.height && reference.channels == 3)
        let (largest, differing) = ProgressiveFixtures.compare(ours, reference)
        #expect(differing == 0, "largest difference \(largest)")
    }

    @Test("inverted and plain CMYK samples convert alike (TYPE_CMYK_8_REV and TYPE_CMYK_8)")
    func cmykFlavours() throws {
        let context = try LCMSContext(ledger: nil)
        let profile = try ColorProfile(try ColorFixtures.data("test-cmyk.icc"), context: context)
        let plain = try ColorTransform(from: profile, input: .cmyk(inverted: false))
        let inverted = try ColorTransform(from: profile, input: .cmyk(inverted: true))
        let samples: [UInt8] = [0, 0, 0, 0, 255, 255, 255, 255, 12, 200, 90, 40, 250, 3, 128, 77]
        var a = [UInt8](repeating: 0, count: samples.count)
        var b = a
        samples.withUnsafeBufferPointer { plain.convert($0.baseAddress!, into: &a, count: 4) }
        let flipped = samples.map { 255 - $0 }
        flipped.withUnsafeBufferPointer { inverted.convert($0.baseAddress!, into: &b, count: 4) }
        #expect(a == b)
        #expect(Array(a[0..<4]) == [255, 255, 255, 255]) // no ink: paper white
        #expect(Array(a[4..<8]) == [0, 0, 0, 255]) // all inks: black
    }

    @Test(
        "sRGB-tagged images are left bit-exact and report no profile",
        arguments: ["Samples/chelsea.png", "../shared/corpus/color/icc_profile.png"])
    func sRGBTagged(relative: String) throws {
        let path = TestFiles.root.appendingPathComponent(relative).standardizedFileURL.path
        let (managed, outcome) = try ColorFixtures.decode(.file(path))
        let (unmanaged, _) = try ColorFixtures.decode(.file(path), colorManagement: false)
        #expect(outcome == ColorManagementOutcome())
        #expect(managed == unmanaged)
    }

    static let gammaFiles = TestFiles.files(in: "pngsuite/valid").filter { $0.hasPrefix("g") }

    /// PngSuite names the gamma: g03 is 0.35, g25 is 2.5.
    static func fileGamma(_ name: String) -> Double {
        ["g03": 0.35, "g04": 0.45, "g05": 0.55, "g07": 0.70, "g10": 1.0, "g25": 2.5][String(name.prefix(3))]!
    }

    @Test(
        "PngSuite gAMA files come out gamma-corrected to sRGB (g04, within 5% of 1/2.2, untouched)",
        arguments: gammaFiles)
    func pngSuiteGamma(name: String) throws {
        #expect(Self.gammaFiles.count == 18)
        let gamma = Self.fileGamma(name)
        let (image, outcome) = try ColorFixtures.decode(.file(TestFiles.corpus("pngsuite/valid/\(name)")))
        let reference = try Data(contentsOf: TestFiles.corpus.appendingPathComponent("pngsuite/rgba16le/\(name).rgba"))
        #expect(reference.count == image.pixels.count * 2)
        let corrected = name.hasPrefix("g04") == false
        #expect(outcome.profile == (corrected ? GammaCorrection(gamma: gamma).description : nil))
        #expect(outcome.note == nil)
        // The reference holds the raw samples; the expected pixel is each decoded to light with
        // the file's gamma and encoded with sRGB's curve, computed here from the 16 bits.
        let tolerance = PNGSuiteTests.bitDepth(name) == 16 ? 2 : 1
        var worst = 0
        reference.withUnsafeBytes { raw in
            for i in 0..<image.pixels.count {
                let sample = Double(Int(raw[i * 2]) | Int(raw[i * 2 + 1]) << 8) / 65_535
                var expected = sample * 255
                if corrected, i % 4 != 3 {
                    let linear = pow(sample, 1 / gamma)
                    expected = (linear <= 0.0031308 ? linear * 12.92 : 1.055 * pow(linear, 1 / 2.4) - 0.055) * 255
                }
                worst = max(worst, abs(Int(image.pixels[i]) - Int(expected.rounded())))
            }
        }
        #expect(worst <= tolerance, "\(name): off by up to \(worst)")
    }

    @Test("gamma descriptions name the decoding exponent")
    func gammaDescription() {
        #expect(GammaCorrection(gamma: 0.35).description == "gamma 2.86")
        #expect(GammaCorrection(gamma: 1.0).description == "gamma 1.0")
        #expect(GammaCorrection(gamma: 0.45455).description == "gamma 2.2")
        #expect(GammaCorrection(gamma: 2.5).description == "gamma 0.4")
        #expect(!GammaCorrection.isSignificant(0.45455) && !GammaCorrection.isSignificant(0.45))
        #expect(GammaCorrection.isSignificant(0.55) && GammaCorrection.isSignificant(1.0))
    }

    @Test("PNG precedence: iCCP over sRGB over gAMA")
    func pngPrecedence() throws {
        let linear = try Data(contentsOf: URL(fileURLWithPath: TestFiles.corpus("pngsuite/valid/g10n2c08.png")))
        let (plain, _) = try ColorFixtures.decode(.data(linear), colorManagement: false)
        // sRGB and gAMA 1.0: sRGB wins, nothing is converted.
        let withSRGB = PNGChunks.replacingColorChunks(in: linear, with: [PNGChunks.sRGB, PNGChunks.gAMA(1.0)])
        let (srgbImage, srgbOutcome) = try ColorFixtures.decode(.data(withSRGB))
        #expect(srgbOutcome == ColorManagementOutcome())
        #expect(srgbImage == plain)
        // iCCP and gAMA 1.0: the profile wins.
        let p3 = [UInt8](try ColorFixtures.data("display-p3.icc"))
        let withICC = PNGChunks.replacingColorChunks(in: linear, with: [PNGChunks.iCCP(p3), PNGChunks.gAMA(1.0)])
        #expect(try ColorFixtures.decode(.data(withICC)).outcome == ColorManagementOutcome(profile: "Display P3"))
        // gAMA alone: corrected.
        let withGamma = PNGChunks.replacingColorChunks(in: linear, with: [PNGChunks.gAMA(1.0)])
        #expect(try ColorFixtures.decode(.data(withGamma)).outcome == ColorManagementOutcome(profile: "gamma 1.0"))
        // Nothing: untouched.
        let bare = PNGChunks.replacingColorChunks(in: linear, with: [])
        let (bareImage, bareOutcome) = try ColorFixtures.decode(.data(bare))
        #expect(bareOutcome == ColorManagementOutcome())
        #expect(bareImage == plain)
    }
}
