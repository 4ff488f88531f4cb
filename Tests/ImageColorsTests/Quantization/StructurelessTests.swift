import Foundation
import TestSupport
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// Counts without colour structure (noise, a chart of every colour): how they are told from
/// pictures, the coarse count they are clustered on, and the card they get.
@Suite("Structureless counts")
struct StructurelessTests {
    /// Uniform noise: every channel of every pixel from a 64-bit LCG.
    static func noise(_ width: Int, _ height: Int, seed: UInt64) -> RGBAImage {
        ClusteringWorkspaceTests.noise(width, height, seed: seed)
    }

    /// A sample or corpus picture as the `high` preset analyses it: decoded (DCT-scaled, as the
    /// analyzer does, to at least twice the long side) into the box filter, to a long side of 250.
    static func analysisImage(_ path: String, longSide: Int = 250) throws -> RGBAImage {
        var downscaler = Downscaler(targetLongSide: longSide)
        var options = DecodeOptions()
        options.minimumLongSide = longSide * 2
        _ = try ImageDecoding.decode(try SourceProbe(.file(path)), options: options, into: &downscaler)
        return downscaler.finish()
    }

    /// The `width`×`height` pixels of `image` from (`x`, `y`).
    static func crop(_ image: RGBAImage, x: Int, y: Int, width: Int, height: Int) -> RGBAImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for row in y..<(y + height) {
            pixels += image.pixels[((row * image.width + x) * 4)..<((row * image.width + x + width) * 4)]
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// The samples and the corpus's colour photos.
    static let pictures: [String] =
        RepositoryPaths.sampleNames.map { RepositoryPaths.samples.appendingPathComponent($0).path }
        + TestFiles.files(in: "color").map { TestFiles.corpus("color/\($0)") }

    @Test(
        """
        Given one flat colour, then the count spreads over one bin; given four equally full bins, over about four; \
        given uniform noise of 3,400 or 62,500 pixels, over about all 4,096 bins whatever its size
        """)
    func effectiveBinCount() {
        let flat = ColorHistogram(
            image: paintedImage(40, 40, RGBColor(red: 10, green: 200, blue: 90)), bitsPerChannel: 4)
        #expect(flat.effectiveBinCount == 1)
        // Four quarters of four colours in four bins.
        let quarters = paintedImage(
            40, 40, RGBColor(red: 0, green: 0, blue: 0),
            [
                (20, 0, 40, 20, RGBColor(red: 250, green: 0, blue: 0)),
                (0, 20, 20, 40, RGBColor(red: 0, green: 250, blue: 0)),
                (20, 20, 40, 40, RGBColor(red: 0, green: 0, blue: 250)),
            ])
        #expect(abs(ColorHistogram(image: quarters, bitsPerChannel: 4).effectiveBinCount - 4) < 0.01)
        // The unbiased estimate: a small sample of noise is judged like a large one.
        for (width, height) in [(100, 34), (250, 250)] {
            let noise = ColorHistogram(image: Self.noise(width, height, seed: 7), bitsPerChannel: 4)
            #expect(abs(noise.effectiveBinCount - 4096) < 4096 * 0.1, "\(width)×\(height)")
        }
    }

    @Test(
        """
        Given uniform noise of 250×250, 250×100, 50×50 and 16×16 pixels and noise over a quarter of the colour cube \
        (10 of 16 levels per channel), then their counts are structureless; given 15×15 of noise, fewer than 256 \
        pixels, or a count of 3 bits per channel, then they are not judged so
        """)
    func noiseIsStructureless() {
        for (width, height) in [(250, 250), (250, 100), (50, 50), (16, 16)] {
            #expect(
                ColorHistogram(image: Self.noise(width, height, seed: 1), bitsPerChannel: 4).isStructureless,
                "\(width)×\(height)")
        }
        let quarter = ClusteringWorkspaceTests.noise(250, 250, seed: 2, spread: 160)
        #expect(ColorHistogram(image: quarter, bitsPerChannel: 4).isStructureless)
        #expect(!ColorHistogram(image: Self.noise(15, 15, seed: 3), bitsPerChannel: 4).isStructureless)
        #expect(!ColorHistogram(image: Self.noise(250, 250, seed: 4), bitsPerChannel: 3).isStructureless)
    }

    @Test(
        """
        Given a sample or corpus picture at the high and highest presets, then neither its band nor its whole is \
        structureless
        """,
        arguments: pictures)
    func picturesAreNot(path: String) throws {
        for side in [250, 1000] {
            let image = try Self.analysisImage(path, longSide: side)
            let whole = ColorHistogram(image: image, region: .whole, bitsPerChannel: 4)
            let band = ColorHistogram(image: image, region: .border, bitsPerChannel: 4)
            #expect(!whole.isStructureless, "\(path) at \(side): \(whole.effectiveBinCount)")
            #expect(!band.isStructureless, "\(path) at \(side): \(band.effectiveBinCount)")
            // Far from the threshold (512 bins), not just under it.
            #expect(whole.effectiveBinCount < 0.6 * Double(whole.binCount) * ColorHistogram.structurelessShare)
            #expect(band.effectiveBinCount < 0.6 * Double(band.binCount) * ColorHistogram.structurelessShare)
        }
    }

    @Test(
        """
        Given noise with transparent pixels counted at 4 or 5 bits, packed (small) or not (large), when coarsened to \
        fewer bits, then every bin's count and channel sums are those of counting the image at those bits
        """,
        arguments: [(4, 90, 60), (4, 400, 380), (5, 80, 80), (5, 600, 520)], [1, 2, 3])
    func coarseningIsACoarserCount(fine: (bits: Int, width: Int, height: Int), bits: Int) {
        let image = ClusteringWorkspaceTests.noise(fine.width, fine.height, seed: 5, transparentEvery: 9)
        let counted = ColorHistogram(image: image, bitsPerChannel: fine.bits)
        #expect(counted.packedSums == (fine.width * fine.height <= 100_000))
        let coarse = ColorHistogram(coarsening: counted, toBits: bits)
        let direct = ColorHistogram(image: image, bitsPerChannel: bits)
        #expect(coarse.bitsPerChannel == bits)
        #expect(coarse.pixelCount == direct.pixelCount)
        #expect(coarse.counts == direct.counts)
        var mismatched = 0
        for bin in 0..<direct.binCount where direct.count(ofBin: bin) > 0 {
            if coarse.channelSums(ofBin: bin) != direct.channelSums(ofBin: bin) { mismatched += 1 }
        }
        #expect(mismatched == 0)
    }

    @Test(
        """
        Given noise with transparent pixels, packed or not, then the count's mean colour is the plain mean of its \
        opaque pixels
        """,
        arguments: [(90, 60), (400, 380)])
    func meanColor(size: (width: Int, height: Int)) throws {
        let image = ClusteringWorkspaceTests.noise(size.width, size.height, seed: 6, spread: 90, transparentEvery: 5)
        var sums = [0, 0, 0]
        var pixels = 0
        for index in 0..<(size.width * size.height) where image.pixels[index * 4 + 3] >= ColorHistogram.minimumAlpha {
            for channel in 0..<3 { sums[channel] += Int(image.pixels[index * 4 + channel]) }
            pixels += 1
        }
        let mean = try #require(ColorHistogram(image: image, bitsPerChannel: 4).meanColor)
        let expected = sums.map { UInt8(($0 + pixels / 2) / pixels) }
        #expect([mean.red, mean.green, mean.blue] == expected)
        #expect(ColorHistogram(image: paintedImage(4, 4, .white, alpha: 0), bitsPerChannel: 4).meanColor == nil)
    }

    @Test(
        """
        Given five uniform noise pictures and a 1-pixel crop of each, when quantized, then every background is the \
        band's mean, within ΔE_OK 0.02 of one another, where growing clusters from chance bins gave backgrounds as \
        far apart as a green and a magenta
        """)
    func noiseBackgroundDoesNotFlip() throws {
        var backgrounds: [OKLab] = []
        for seed in 20..<25 as Range<UInt64> {
            let image = Self.noise(251, 251, seed: seed)
            for picture in [image, Self.crop(image, x: 1, y: 1, width: 250, height: 250)] {
                let roles = Quantizer().roles(of: picture)
                let band = ColorHistogram(image: picture, region: .border, bitsPerChannel: 4)
                #expect(roles.background == band.meanColor)
                #expect(roles.reports.background.source == .edges)
                #expect(roles.reports.background.share == 1)
                backgrounds.append(OKLab(roles.background))
            }
        }
        let spread = backgrounds.flatMap { x in backgrounds.map { x.distance(to: $0) } }.max() ?? 0
        #expect(spread < 0.02)
    }

    @Test(
        """
        Given uniform noise and a 1-pixel crop of it, when quantized with the faithful scheme, then each role stands \
        for a coarse bin, more of the picture than any of its 4-bit clusters holds, and the crop's roles are the same \
        colours
        """)
    func noiseRolesComeFromCoarseBins() throws {
        let image = Self.noise(251, 251, seed: 50)
        let roles = Quantizer().roles(of: image)
        let cropped = Quantizer().roles(of: Self.crop(image, x: 1, y: 1, width: 250, height: 250))
        let fine = ColorHistogram(image: image, bitsPerChannel: 4).clusters(minimumCount: 1)
        let largestFine = Double(try #require(fine.first).count) / Double(251 * 251)
        for report in [roles.reports.primary, roles.reports.secondary, roles.reports.detail] {
            #expect(try #require(report.share) > largestFine)
        }
        let colors = [roles.primary, roles.secondary, roles.detail].map(OKLab.init)
        for color in [cropped.primary, cropped.secondary, cropped.detail].map(OKLab.init) {
            #expect(colors.contains { $0.distance(to: color) < 0.02 })
        }
    }

    @Test(
        """
        Given uniform noise on its mid-grey card, when quantized at 3:1 and 4.5:1, then every role comes from the \
        image and reaches the target
        """,
        arguments: [3.0, 4.5])
    func noiseRolesReachTheTarget(target: Double) {
        let roles = Quantizer(minimumContrast: target).roles(of: Self.noise(250, 250, seed: 30))
        #expect(roles.fallback.isEmpty)
        for report in [roles.reports.primary, roles.reports.secondary, roles.reports.detail] {
            #expect(report.source == .image)
            #expect((report.contrastRatio ?? 0) >= target)
        }
    }

    @Test(
        """
        Given uniform noise, when quantized with either scheme at 3, 4.5 or 7:1, then each role is from the image and \
        reaches the target, or falls back to white or black (no colour reaches 7:1 on mid-grey, and no 4-bit bin of \
        noise holds the classic scheme's 0.05%)
        """,
        arguments: [RoleScheme.faithful, .classic], [3.0, 4.5, 7.0])
    func noiseRolesAreLegible(scheme: RoleScheme, target: Double) {
        let roles = Quantizer(scheme: scheme, minimumContrast: target).roles(of: Self.noise(250, 250, seed: 31))
        for (color, report) in [
            (roles.primary, roles.reports.primary), (roles.secondary, roles.reports.secondary),
            (roles.detail, roles.reports.detail),
        ] {
            if report.source == .image {
                #expect((report.contrastRatio ?? 0) >= target)
            } else {
                #expect(color == .white || color == .black)
            }
        }
    }

    @Test(
        """
        Given a red and a blue square on a noise field whose band is structureless, when quantized, then the \
        background is the band's mean and the squares, clustered finely, give the roles their hues
        """)
    func noiseFrameAroundAPicture() {
        var image = Self.noise(250, 250, seed: 40)
        for y in 40..<210 {
            for x in 40..<210 { image[x, y] = x < 125 ? (200, 30, 30, 255) : (30, 60, 210, 255) }
        }
        let band = ColorHistogram(image: image, region: .border, bitsPerChannel: 4)
        #expect(band.isStructureless)
        #expect(!ColorHistogram(image: image, bitsPerChannel: 4).isStructureless)
        let roles = Quantizer().roles(of: image)
        #expect(roles.background == band.meanColor)
        let hues = [roles.primary, roles.secondary].map { OKLCh($0).hue }
        let red = OKLCh(RGBColor(red: 200, green: 30, blue: 30)).hue
        let blue = OKLCh(RGBColor(red: 30, green: 60, blue: 210)).hue
        #expect(hues.contains { OKLCh.hueDistance($0, red) < 15 })
        #expect(hues.contains { OKLCh.hueDistance($0, blue) < 15 })
    }
}
