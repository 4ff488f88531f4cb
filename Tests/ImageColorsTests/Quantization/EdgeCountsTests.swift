import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// The edges' count of each band cluster, which decides background near-ties: a table from bin
/// to cluster, then one look-up a pixel, against the plain count it replaced (each pixel's
/// label looked up in the clustering's grid, then its cluster).
@Suite("Edge counts")
struct EdgeCountsTests {
    /// The plain count: every pixel of every strip, its label in the padded grid, its slot.
    static func plainCounts(
        of image: RGBAImage, clusterCount: Int, bits: Int, workspace: borrowing ClusteringWorkspace
    ) -> BackgroundChoice.EdgeCounts {
        var counts = BackgroundChoice.EdgeCounts(clusterCount: clusterCount)
        let width = image.width
        let height = image.height
        let thickness = min(ColorHistogram.borderThickness(width: width, height: height), width, height)
        let strips: [(BackgroundChoice.EdgeCounts.Edge, Range<Int>, Range<Int>)] = [
            (.top, 0..<thickness, 0..<width), (.bottom, (height - thickness)..<height, 0..<width),
            (.left, 0..<height, 0..<thickness), (.right, 0..<height, (width - thickness)..<width),
        ]
        let shift = 8 - bits
        for (edge, rows, columns) in strips {
            for y in rows {
                for x in columns {
                    let pixel = image[x, y]
                    guard pixel.3 >= ColorHistogram.minimumAlpha else { continue }
                    let bin =
                        Int(pixel.0 >> shift) << (2 * bits) | Int(pixel.1 >> shift) << bits | Int(pixel.2 >> shift)
                    let label = Int(workspace.labels[workspace.labelIndex(ofBin: bin)])
                    guard label >= 0, workspace.slots[label] >= 0 else { continue }
                    counts.add(1, toCluster: Int(workspace.slots[label]), on: edge)
                }
            }
        }
        return counts
    }

    /// Busy pictures with transparent pixels, by name (names, not images, are the tests'
    /// arguments, so that the log does not print every pixel).
    static let pictures: [String: RGBAImage] = [
        "noise": ClusteringWorkspaceTests.noise(250, 250, seed: 11, transparentEvery: 13),
        "narrow noise": ClusteringWorkspaceTests.noise(120, 80, seed: 12, spread: 40, transparentEvery: 7),
        "noise on a flat field": ClusteringWorkspaceTests.noiseOnFlat(97, 61, seed: 13),
        "one column": ClusteringWorkspaceTests.noise(1, 40, seed: 14, spread: 60),
    ]

    @Test(
        """
        Given busy pictures with transparent pixels, when their band is clustered and the edges counted, then every \
        cluster's pixels on every edge are those of a plain count through the labels, and every other pixel of the \
        strip is counted as in no listed cluster
        """,
        arguments: [3, 4, 5], ["noise", "narrow noise", "noise on a flat field", "one column"])
    func matchesThePlainCount(bits: Int, name: String) throws {
        let image = try #require(Self.pictures[name])
        let histogram = ColorHistogram(image: image, region: .border, bitsPerChannel: bits)
        var workspace = ClusteringWorkspace(bitsPerChannel: bits)
        // A floor of 2 pixels leaves some clusters out, whose pixels must count for none.
        let clusters = histogram.clustering(minimumCount: 2, radius: 0.12, workspace: &workspace)
        let counted = BackgroundChoice.EdgeCounts(
            of: image, clusterCount: clusters.count, bitsPerChannel: bits, labels: workspace.labels,
            labelSide: workspace.labelSide, slots: workspace.slots, grownBins: workspace.grownBins,
            grownCount: workspace.grownCount, binMask: workspace.binMask)
        let plain = Self.plainCounts(of: image, clusterCount: clusters.count, bits: bits, workspace: workspace)
        #expect(!clusters.isEmpty, "\(name)")
        #expect(counted.counts == plain.counts, "\(name) at \(bits) bits")
        #expect(counted.counts.reduce(0, +) > 0, "\(name)")
        // Every pixel of each strip once: in a listed cluster, or not (a strip is as thick as
        // the band along its whole side, corners included).
        let thickness = min(
            ColorHistogram.borderThickness(width: image.width, height: image.height), image.width, image.height)
        let across = [image.width, image.width, image.height, image.height]
        for edge in BackgroundChoice.EdgeCounts.Edge.allCases {
            let listed = (0..<clusters.count).reduce(0) { $0 + counted.pixels(ofCluster: $1, on: edge) }
            #expect(listed + counted.unlisted[edge.rawValue] == thickness * across[edge.rawValue], "\(name), \(edge)")
        }
        if name == "noise" {
            // Its transparent pixels and thin bins are in no listed cluster.
            #expect(counted.unlisted.allSatisfy { $0 > 0 })
        }
    }
}
