import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// The clustering's scratch memory and its ranking of bins: reused without carrying anything
/// over, within the memory the analyzer reserves, and ordering bins exactly as a plain sort does.
@Suite("Clustering workspace")
struct ClusteringWorkspaceTests {
    /// Deterministic pseudo-random pixels (a 64-bit LCG), every `transparentEvery`-th one
    /// transparent when given.
    static func noise(_ width: Int, _ height: Int, seed: UInt64, spread: Int = 256, transparentEvery: Int = 0)
        -> RGBAImage
    {
        var state = seed
        var pixels: [UInt8] = []
        for index in 0..<(width * height) {
            for _ in 0..<3 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                pixels.append(UInt8(truncatingIfNeeded: Int(state >> 56) % spread + (256 - spread) / 2))
            }
            pixels.append(transparentEvery > 0 && index % transparentEvery == 0 ? 0 : 255)
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Noise over a flat field: every fourth pixel noise, the rest one colour.
    static func noiseOnFlat(_ width: Int, _ height: Int, seed: UInt64) -> RGBAImage {
        var pixels = noise(width, height, seed: seed).pixels
        for index in 0..<(width * height) where index % 4 != 0 {
            pixels.replaceSubrange((index * 4)..<(index * 4 + 4), with: [40, 90, 160, 255])
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Pictures that take every path: noise over the whole cube (more occupied bins than are
    /// grown, box sums, densities within one radix digit), noise on a flat field (more occupied
    /// bins than are grown, densities over several digits), noise round mid-grey (few bins, 27
    /// loads each), stripes, a flat field.
    static let pictures: [(name: String, image: RGBAImage)] = [
        ("noise", noise(250, 250, seed: 1)),
        ("noise on a flat field", noiseOnFlat(250, 250, seed: 3)),
        ("narrow noise", noise(120, 80, seed: 2, spread: 40, transparentEvery: 7)),
        (
            "stripes",
            paintedImage(
                90, 60, RGBColor(red: 20, green: 40, blue: 200),
                [
                    (0, 0, 30, 60, RGBColor(red: 250, green: 250, blue: 240)),
                    (60, 0, 90, 60, RGBColor(red: 200, green: 30, blue: 20)),
                ])
        ),
        ("flat", paintedImage(10, 10, RGBColor(red: 128, green: 128, blue: 128))),
    ]

    @Test(
        """
        Given the analyzer's 4 bits per channel, then the clustering workspace, with the edges' table of a near-tie \
        or the coarse grid of a structureless count and its workspace, fits in the quantizer's working set the \
        analyzer reserves
        """
    )
    func fitsTheReservation() {
        let edgeTable = 4096 * MemoryLayout<Int32>.stride
        let coarse = ColorHistogram.structurelessBits
        let coarseGrid =
            ColorHistogram.bytesNeeded(bitsPerChannel: coarse) + ClusteringWorkspace.bytesNeeded(bitsPerChannel: coarse)
        #expect(
            ClusteringWorkspace.bytesNeeded(bitsPerChannel: 4) + max(edgeTable, coarseGrid)
                <= ColorPalette.bytesNeeded(bitsPerChannel: 4))
    }

    @Test(
        """
        Given a workspace that clustered other pictures, when it clusters one more, then the clusters are those a \
        fresh workspace gives
        """,
        arguments: [2, 4, 5])
    func reuseCarriesNothingOver(bits: Int) {
        var shared = ClusteringWorkspace(bitsPerChannel: bits)
        for (name, image) in Self.pictures + Self.pictures.reversed() {
            let histogram = ColorHistogram(image: image, bitsPerChannel: bits)
            var fresh = ClusteringWorkspace(bitsPerChannel: bits)
            let expected = histogram.clustering(minimumCount: 3, radius: 0.08, workspace: &fresh)
            #expect(histogram.clustering(minimumCount: 3, radius: 0.08, workspace: &shared) == expected, "\(name)")
            #expect(!expected.isEmpty, "\(name)")
        }
    }

    @Test(
        """
        Given pictures that take each path, when the bins are ranked, then they are the densest first, ties by index, \
        as a plain sort of all of them orders them
        """,
        arguments: [2, 4, 5])
    func rankingMatchesAPlainSort(bits: Int) {
        var workspace = ClusteringWorkspace(bitsPerChannel: bits)
        for (name, image) in Self.pictures {
            let histogram = ColorHistogram(image: image, bitsPerChannel: bits)
            let side = 1 << bits
            func density(_ bin: Int) -> Int {
                let r = bin >> (2 * bits)
                let g = (bin >> bits) & (side - 1)
                let b = bin & (side - 1)
                var sum = 0
                for nr in max(0, r - 1)...min(side - 1, r + 1) {
                    for ng in max(0, g - 1)...min(side - 1, g + 1) {
                        for nb in max(0, b - 1)...min(side - 1, b + 1) {
                            sum += histogram.count(ofBin: nr << (2 * bits) | ng << bits | nb)
                        }
                    }
                }
                return sum
            }
            let occupied = (0..<histogram.binCount).filter { histogram.count(ofBin: $0) > 0 }
            let expected = occupied.map { ($0, density($0)) }
                .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
                .prefix(ColorHistogram.clusteredBinLimit).map(\.0)
            histogram.rankBinsByDensity(in: &workspace)
            let ranked = (0..<workspace.grownCount).map { Int(workspace.grownBins[$0] & workspace.binMask) }
            #expect(ranked == Array(expected), "\(name)")
        }
    }

    @Test(
        "Given random keys of 1 to 64 bits, when radix-sorted, then they come out as a plain sort orders them",
        arguments: [1, 7, 12, 28, 44, 64])
    func radixSort(bits: Int) {
        var state: UInt64 = 42
        for count in [0, 1, 2, 5, 100, 3000] {
            let keys = (0..<count).map { _ -> UInt64 in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return bits == 64 ? state : state >> UInt64(64 - bits)
            }
            var input = keys
            var buffer = [UInt64](repeating: 0, count: count)
            var digits = [UInt32](repeating: 0, count: 2048)
            let sorted = input.withUnsafeMutableBufferPointer { input in
                buffer.withUnsafeMutableBufferPointer { buffer in
                    digits.withUnsafeMutableBufferPointer { digits in
                        let result = ColorHistogram.radixSort(
                            input.baseAddress!, buffer: buffer.baseAddress!, count: count,
                            largest: keys.max() ?? 0, digitCounts: digits.baseAddress!)
                        return Array(UnsafeBufferPointer(start: result, count: count))
                    }
                }
            }
            #expect(sorted == keys.sorted(), "\(count) keys")
        }
    }

    @Test(
        """
        Given distinct random keys, when the smallest are kept, then they include the limit smallest, in their order, \
        and their largest is reported
        """,
        arguments: [1, 100, 1024])
    func keepSmallest(limit: Int) {
        // 4096 distinct keys of 24 bits in a fixed pseudo-random order.
        var state: UInt64 = 7
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 40
        }
        var keys = (0..<4096).map { UInt64($0) << 12 | next() & 0xfff }
        for i in stride(from: keys.count - 1, to: 0, by: -1) { keys.swapAt(i, Int(next() % UInt64(i + 1))) }
        var output = [UInt64](repeating: 0, count: keys.count)
        var digits = [UInt32](repeating: 0, count: 2048)
        let kept = keys.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                digits.withUnsafeMutableBufferPointer { digits in
                    ColorHistogram.keepSmallest(
                        limit, of: input.baseAddress!, count: input.count, largest: keys.max()!,
                        into: output.baseAddress!, digitCounts: digits.baseAddress!)
                }
            }
        }
        let keptKeys = Array(output.prefix(kept.count))
        #expect(Array(keptKeys.sorted().prefix(limit)) == Array(keys.sorted().prefix(limit)))
        #expect(keptKeys == keys.filter(Set(keptKeys).contains))
        #expect(kept.largest == keptKeys.max())
        #expect(kept.count < keys.count)
    }
}
