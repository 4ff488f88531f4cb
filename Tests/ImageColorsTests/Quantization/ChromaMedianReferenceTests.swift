import TestSupport
import Testing

@testable import ImageColorsCore

/// The chroma-median count against its definition, pixel by pixel: the lanes, the gathering at
/// edges and transparency, and the sliding medians of the larger radii must all give it.
@Suite("Chroma medians against their definition")
struct ChromaMedianReferenceTests {
    /// What the random pictures are made of.
    enum Kind: CaseIterable, CustomTestStringConvertible {
        /// One colour with a little noise: squares of a narrow span, the lanes' case.
        case smooth
        /// Any colour anywhere: squares spanning more than 128 levels, gathered.
        case wild
        /// Flat rectangles with a little noise: edges between flat areas.
        case patchy
        /// Smooth, with alphas round the threshold (127, 128) and transparent holes.
        case holes

        var testDescription: String { "\(self)" }
    }

    @Test(
        """
        Given random pictures of every kind and size, \
        when counted with chroma medians of radius 1, 2 and 3, then every table equals the definition's count
        """,
        arguments: Kind.allCases, [(1, 1), (2, 9), (9, 3), (10, 10), (17, 5), (37, 23), (64, 12)])
    func matchesDefinition(kind: Kind, size: (Int, Int)) {
        let image = Self.picture(kind, width: size.0, height: size.1, seed: UInt64(size.0 * 1000 + size.1))
        for radius in 1...3 {
            expectDefinition(image, radius: radius, bits: 4)
        }
    }

    @Test(
        """
        Given a smooth picture past the packed sums' limit at 2 bits, \
        when counted at radius 1, then the three sums match
        """
    )
    func unpackedSums() {
        let image = Self.picture(.smooth, width: 190, height: 180, seed: 7)
        #expect(190 * 180 > ColorHistogram.packedPixelLimit(bitsPerChannel: 2))
        expectDefinition(image, radius: 1, bits: 2)
    }

    /// Expects the chroma-median count of `image` to equal the plain count of ``definition(_:radius:)``.
    private func expectDefinition(
        _ image: RGBAImage, radius: Int, bits: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var histogram = ColorHistogram(image: image, bitsPerChannel: bits)
        histogram.recount(image, chromaMedianRadius: radius)
        let expected = ColorHistogram(image: Self.definition(image, radius: radius), bitsPerChannel: bits)
        #expect(histogram.pixelCount == expected.pixelCount, "radius \(radius)", sourceLocation: sourceLocation)
        #expect(histogram.packedSums == expected.packedSums, "radius \(radius)", sourceLocation: sourceLocation)
        #expect(histogram.counts == expected.counts, "radius \(radius)", sourceLocation: sourceLocation)
        #expect(histogram.offsetSums == expected.offsetSums, "radius \(radius)", sourceLocation: sourceLocation)
    }

    /// `image` with each opaque pixel moved to the chroma its square's opaque cells give, written
    /// out plainly from the documented rule: BT.601 chroma offset by 255, each channel's lower
    /// median, the cell nearest the two (ties to the lower Cb, then Cr), green rounded so the luma
    /// stays, every channel clamped.
    static func definition(_ image: RGBAImage, radius: Int) -> RGBAImage {
        let (width, height, pixels) = (image.width, image.height, image.pixels)
        func chroma(_ x: Int, _ y: Int) -> (blue: Int, red: Int)? {
            let i = (y * width + x) * 4
            guard pixels[i + 3] >= 128 else { return nil }
            let (r, g, b) = (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
            let luma = (19_595 * r + 38_470 * g + 7_471 * b + 32_768) >> 16
            return (b - luma + 255, r - luma + 255)
        }
        var moved = pixels
        for y in 0..<height {
            for x in 0..<width {
                guard let own = chroma(x, y) else { continue }
                var cells: [(blue: Int, red: Int)] = []
                for ny in max(0, y - radius)...min(height - 1, y + radius) {
                    for nx in max(0, x - radius)...min(width - 1, x + radius) {
                        if let cell = chroma(nx, ny) { cells.append(cell) }
                    }
                }
                let medianBlue = cells.map(\.blue).sorted()[(cells.count - 1) / 2]
                let medianRed = cells.map(\.red).sorted()[(cells.count - 1) / 2]
                func distance(_ c: (blue: Int, red: Int)) -> Int {
                    (c.blue - medianBlue) * (c.blue - medianBlue) + (c.red - medianRed) * (c.red - medianRed)
                }
                let chosen = cells.min { (distance($0), $0.blue, $0.red) < (distance($1), $1.blue, $1.red) }!
                let (db, dr) = (chosen.blue - own.blue, chosen.red - own.red)
                // −(19,595 dr + 7,471 db) / 38,470, rounded half away from zero.
                let numerator = -(19_595 * dr + 7_471 * db)
                let dg = (abs(numerator) * 2 + 38_470) / (2 * 38_470) * (numerator < 0 ? -1 : 1)
                let i = (y * width + x) * 4
                for (channel, change) in [(0, dr), (1, dg), (2, db)] {
                    moved[i + channel] = UInt8(min(max(Int(pixels[i + channel]) + change, 0), 255))
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: moved)
    }

    /// A random picture of `kind`.
    static func picture(_ kind: Kind, width: Int, height: Int, seed: UInt64) -> RGBAImage {
        var random = SplitMix64(seed: seed)
        func channel(near value: Int, by spread: Int) -> UInt8 {
            UInt8(min(max(value + Int.random(in: -spread...spread, using: &random), 0), 255))
        }
        let base = (0..<3).map { _ in Int.random(in: 0...255, using: &random) }
        let patches = (0..<4).map { _ in
            (
                x: Int.random(in: 0..<width, using: &random), y: Int.random(in: 0..<height, using: &random),
                color: (0..<3).map { _ in Int.random(in: 0...255, using: &random) }
            )
        }
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                switch kind {
                case .smooth, .holes:
                    pixels += base.map { channel(near: $0, by: 20) }
                case .wild:
                    pixels += (0..<3).map { _ in UInt8.random(in: 0...255, using: &random) }
                case .patchy:
                    // The last patch whose corner is above and left of the pixel, else the base.
                    let color = patches.last { $0.x <= x && $0.y <= y }?.color ?? base
                    pixels += color.map { channel(near: $0, by: 3) }
                }
                let alpha: UInt8 =
                    kind == .holes ? [0, 127, 128, 255, 255, 255].randomElement(using: &random)! : 255
                pixels.append(alpha)
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
