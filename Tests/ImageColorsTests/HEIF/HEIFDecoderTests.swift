import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// HEIC and AVIF through libheif: pixels against heif-convert and avifdec, bit depths,
/// orientation, alpha and the format's detection.
@Suite("HEIF decoding")
struct HEIFDecoderTests {
    static let eightBit = [
        "coffee.heic", "horse-alpha.heic", "coffee.avif", "horse-alpha.avif", "grid.avif", "grid.heic", "irot1.avif",
        "imir1.avif",
    ]

    @Test("8-bit files decode at full size to heif-convert's pixels", arguments: eightBit)
    func eightBitPixels(name: String) throws {
        // Given heif-convert's decode of the file
        let path = HEIFFixtures.path(name)
        let oracle = try HEIFFixtures.heifConvert(path)
        // When decoded at full size (no colour management: the stored pixels)
        let (image, info) = try decodeFully(path)
        // Then every visible pixel is heif-convert's
        #expect(info.format == (name.hasSuffix(".avif") ? .avif : .heic))
        #expect(image.width == oracle.width && image.height == oracle.height)
        #expect(WebGIFFixtures.visibleDifferences(image, oracle) == 0)
    }

    @Test("a picture as large as the side limit is analysed though its coding blocks pad past it")
    func codedPaddingAtTheSideLimit() async throws {
        // Given coffee.heic, 300×200 shown and coded as 304×200 (HEVC's coding blocks, cropped by
        // the conformance window), and a side limit of exactly 300
        let analyzer = ImageColorAnalyzer(options: .init(limits: ImageLimits(maxSide: 300)))
        // When it is analysed (libheif 1.15.1-1+deb12u3 holds the coded size to the limit it is given)
        let colors = try await analyzer.analyze(fileAt: HEIFFixtures.path("coffee.heic"))
        // Then it is the 300×200 image, not an over-limit error
        #expect(colors.width == 300 && colors.height == 200)
    }

    @Test(
        "10- and 12-bit files are rounded to 8 bits: within one level of heif-convert's 16-bit output",
        arguments: ["coffee-10bit.heic", "coffee-10bit.avif", "coffee-12bit.avif"])
    func deepPixels(name: String) throws {
        // Given heif-convert's 16-bit PNG, scaled to 8 bits by libpng with rounding
        let path = HEIFFixtures.path(name)
        let oracle = try HEIFFixtures.heifConvert(path)
        // When decoded
        let (image, _) = try decodeFully(path)
        // Then no channel is more than one level away (the two roundings of 10 bits to 8 differ)
        #expect(HEIFFixtures.largestDifference(image, oracle) <= 1)
    }

    @Test(
        "AVIF pixels agree with avifdec (libavif's own YUV conversion) within one level",
        arguments: ["coffee.avif", "coffee-10bit.avif", "coffee-12bit.avif", "horse-alpha.avif", "grid.avif"])
    func avifdecAgrees(name: String) throws {
        // Given avifdec's 8-bit decode
        let path = HEIFFixtures.path(name)
        let oracle = try HEIFFixtures.avifdec(path)
        // When decoded by libheif through the shim
        let (image, _) = try decodeFully(path)
        // Then the two decoders agree within rounding
        #expect(HEIFFixtures.largestDifference(image, oracle) <= 1)
    }

    @Test("an image sequence (avis) gives its first image, the primary item avifenc writes")
    func sequence() throws {
        // Given a two-frame sequence (coffee, then chelsea) and avifdec's decode of its first
        // frame from the track (heif-convert 1.15 refuses the avis brand; libheif's API reads
        // the primary item)
        let path = HEIFFixtures.path("sequence.avif")
        let oracle = try HEIFFixtures.avifdec(path)
        // When decoded
        let (image, info) = try decodeFully(path)
        // Then it is AVIF, one still image, the first frame's pixels
        #expect(info.format == .avif && info.frames == nil)
        #expect(image.width == 300 && image.height == 200)
        #expect(HEIFFixtures.largestDifference(image, oracle) <= 1)
    }

    @Test("irot is applied by libheif: a quarter turn anti-clockwise, the EXIF orientation unused")
    func rotation() throws {
        // Given coffee.avif and the same bitstream with irot 1
        let (upright, _) = try decodeFully(HEIFFixtures.path("coffee.avif"))
        // When the rotated file is decoded
        let (image, info) = try decodeFully(HEIFFixtures.path("irot1.avif"))
        // Then its pixels are the upright ones turned, and no orientation is left to apply
        #expect(info.width == 200 && info.height == 300 && info.orientation == .up)
        #expect(image.pixels == HEIFFixtures.rotatedAntiClockwise(upright).pixels)
    }

    @Test("imir is applied by libheif: mode 1 mirrors left to right")
    func mirroring() throws {
        let (upright, _) = try decodeFully(HEIFFixtures.path("coffee.avif"))
        let (image, info) = try decodeFully(HEIFFixtures.path("imir1.avif"))
        #expect(info.orientation == .up)
        #expect(image.pixels == HEIFFixtures.mirrored(upright).pixels)
    }

    @Test("alpha comes from the auxiliary alpha image", arguments: ["horse-alpha.heic", "horse-alpha.avif"])
    func alpha(name: String) throws {
        // Given the horse with its white background made transparent
        let (image, _) = try decodeFully(HEIFFixtures.path(name))
        // Then a good share of the pixels are transparent and the rest opaque-ish
        let alphas = stride(from: 3, to: image.pixels.count, by: 4).map { image.pixels[$0] }
        let transparent = alphas.filter { $0 < 8 }.count
        #expect(transparent > alphas.count / 10 && transparent < alphas.count * 9 / 10)
    }

    @Test("premultiplied colours are divided back: avifdec's straight colours within a few levels")
    func premultiplied() throws {
        // Given avifenc -p's file (colours premultiplied, signalled by prem) and avifdec's
        // straight-alpha decode of it
        let path = HEIFFixtures.path("horse-premultiplied.avif")
        let oracle = try HEIFFixtures.avifdec(path)
        // When decoded
        let (image, _) = try decodeFully(path)
        // Then the colours are straight again: where alpha is high, at most rounding apart;
        // where it is low, dividing by it magnifies rounding, so only the visible pixels with
        // alpha ≥ 32 are compared
        var largest = 0
        for i in stride(from: 0, to: image.pixels.count, by: 4) where oracle.pixels[i + 3] >= 32 {
            #expect(image.pixels[i + 3] == oracle.pixels[i + 3])
            for c in 0..<3 { largest = max(largest, abs(Int(image.pixels[i + c]) - Int(oracle.pixels[i + c]))) }
        }
        #expect(largest <= 8)
    }

    @Test(
        "the format is told from the ftyp brands",
        arguments: [
            ("heic", ImageFormat.heic), ("heix", .heic), ("hevc", .heic), ("avif", .avif), ("avis", .avif),
            ("mif1", .heic),
        ])
    func sniffMajorBrand(brand: String, format: ImageFormat) {
        let box = [0, 0, 0, 24] + Array("ftyp\(brand)".utf8) + [0, 0, 0, 0] + Array("mif1miaf".utf8)
        #expect(ImageFormat.sniff(box) == format)
    }

    @Test("a generic mif1 major brand with avif among the compatible brands is AVIF; isom is neither")
    func sniffCompatibleBrands() {
        let avif = [0, 0, 0, 28] + Array("ftypmif1".utf8) + [0, 0, 0, 0] + Array("mif1miafavif".utf8)
        #expect(ImageFormat.sniff(avif) == .avif)
        let mp4 = [0, 0, 0, 24] + Array("ftypisom".utf8) + [0, 0, 0, 0] + Array("isomavc1".utf8)
        #expect(ImageFormat.sniff(mp4) == nil)
    }

    @Test("every fixture is detected from its bytes", arguments: HostileInputs.heif.map(\.name))
    func sniffFixtures(name: String) throws {
        let bytes = try Data(contentsOf: HEIFFixtures.folder.appendingPathComponent(String(name.dropFirst(5))))
        #expect(ImageFormat.sniff(bytes.prefix(33)) == (name.hasSuffix(".avif") ? .avif : .heic))
    }
}
