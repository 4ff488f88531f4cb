import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// Near-ties between edge colours are decided by the edges each colour lies on, a property
/// that resizing does not change, rather than by which is a few pixels larger.
@Suite("Background near-ties")
struct BackgroundTieTests {
    static let peach = RGBColor(red: 250, green: 200, blue: 170)
    static let mauve = RGBColor(red: 150, green: 130, blue: 150)
    static let river = RGBColor(red: 40, green: 60, blue: 90)
    static let park = RGBColor(red: 60, green: 110, blue: 60)

    static func cluster(_ color: RGBColor, _ count: Int, seed: Int) -> ColorCluster {
        ColorCluster(seed: seed, count: count, color: color, lch: OKLCh(color))
    }

    /// Edge counts of two clusters (0: peach, 1: mauve): `[top, bottom, left, right]` each.
    static func edges(_ first: [Int], _ second: [Int]) -> BackgroundChoice.EdgeCounts {
        var counts = BackgroundChoice.EdgeCounts(clusterCount: 2)
        for edge in BackgroundChoice.EdgeCounts.Edge.allCases {
            counts.add(first[edge.rawValue], toCluster: 0, on: edge)
            counts.add(second[edge.rawValue], toCluster: 1, on: edge)
        }
        return counts
    }

    @Test(
        """
        Given a sky on the top edge and a city on the other three, when their band shares trade places between two \
        sizes, then both sizes choose the city
        """,
        arguments: [(385, 350), (350, 360)])
    func nearTieFollowsTheEdges(_ sky: Int, _ city: Int) throws {
        // Two sizes of one picture: the sky's share of the band is 38.5% at one and 35% at the
        // other, the city's 35% and 36%; the sky holds the top edge, the city the other three.
        let clusters = [Self.cluster(Self.peach, sky, seed: 3000), Self.cluster(Self.mauve, city, seed: 2000)]
            .sorted { $0.count > $1.count }
        let skyFirst = clusters[0].color == Self.peach
        let skyEdges = [300, 0, 40, 40]
        let cityEdges = [0, 110, 120, 120]
        let counts = skyFirst ? Self.edges(skyEdges, cityEdges) : Self.edges(cityEdges, skyEdges)
        let choice = try #require(BackgroundChoice(clusters: clusters, pixelCount: 1000, edgeCounts: { counts }))
        #expect(choice.color == Self.mauve)
        #expect(choice.decidedByEdges)
    }

    @Test(
        """
        Given the same near-tie without edge counts, when chosen, then the heavier wins: the edges are what changed \
        the answer
        """
    )
    func withoutEdgesTheHeavierWins() throws {
        let clusters = [Self.cluster(Self.peach, 385, seed: 3000), Self.cluster(Self.mauve, 350, seed: 2000)]
        let choice = try #require(BackgroundChoice(clusters: clusters, pixelCount: 1000))
        #expect(choice.color == Self.peach)
        #expect(!choice.decidedByEdges)
    }

    @Test(
        """
        Given a runner-up under the tie ratio of the leader's weight, when it holds more edges, then the leader still \
        wins
        """
    )
    func clearLeadIsNotATie() throws {
        // 35 / 50 = 0.7, under the 0.8 of a near-tie.
        let clusters = [Self.cluster(Self.peach, 500, seed: 3000), Self.cluster(Self.mauve, 350, seed: 2000)]
        let counts = Self.edges([300, 0, 100, 100], [0, 110, 120, 120])
        let choice = try #require(BackgroundChoice(clusters: clusters, pixelCount: 1000, edgeCounts: { counts }))
        #expect(choice.color == Self.peach)
        #expect(!choice.decidedByEdges)
        #expect(abs(choice.runnerUpRatio - 0.7) < 1e-9)
    }

    @Test("Given a near-tie where each colour holds two edges, when chosen, then the heavier wins")
    func equalEdgesGoToTheHeavier() throws {
        // The sky holds top and left, the sea bottom and right.
        let clusters = [Self.cluster(Self.peach, 400, seed: 3000), Self.cluster(Self.mauve, 380, seed: 2000)]
        let counts = Self.edges([300, 0, 60, 40], [0, 300, 40, 60])
        let choice = try #require(BackgroundChoice(clusters: clusters, pixelCount: 1000, edgeCounts: { counts }))
        #expect(choice.color == Self.peach)
        #expect(choice.decidedByEdges)
    }

    /// A 2:1 picture: a peach sky over the top fifth; below it a park in the middle, a river
    /// along the middle of the bottom and a mauve city down both sides and in the bottom
    /// corners. The sky is 39.7% of the band and a fifth of the picture, the city 36.2% and
    /// 18%: the sky is heavier, but the city holds three edges.
    static func skyline(height: Int) -> RGBAImage {
        let width = 2 * height
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let color: RGBColor
                if y * 5 < height {
                    color = peach
                } else if y * 5 >= 4 * height {
                    color = x * 20 >= 3 * width && x * 20 < 17 * width ? river : mauve
                } else {
                    color = x * 10 >= width && x * 10 < 9 * width ? park : mauve
                }
                let offset = (y * width + x) * 4
                pixels[offset] = color.red
                pixels[offset + 1] = color.green
                pixels[offset + 2] = color.blue
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    @Test(
        """
        Given a skyline whose sky is heavier but lies on one edge only, when analysed at the four presets' sizes, \
        then every size chooses the city
        """,
        arguments: [25, 50, 100, 200])
    func skylineAtEverySize(_ height: Int) {
        let roles = Quantizer().roles(of: Self.skyline(height: height))
        #expect(roles.background == Self.mauve)
    }
}
