/// The card's background, chosen the same way by every ``RoleScheme``.
///
/// ## Rule
/// The band round the image's edges (or the whole image, ``BackgroundSource/whole``) is grouped
/// into ``ColorCluster``s — each colour with the shades, shading and noise round it, grown to
/// ΔE_OK 0.12 — and the chromatic clusters (OKLCh chroma ≥ 0.04) further into hues: those
/// within 15° of the hue of the largest among them; a grey cluster stands alone. The hue (or grey cluster) with the highest *weight* wins — its
/// share of the band plus half its share of the whole image, so that two edge colours of nearly
/// the same area are told apart by how much of the picture each is — and the background is
/// the colour of its largest cluster, the mean round that cluster's seed. When
/// that colour is black or white (ColorArt's test: every channel ≤ 22 or ≥ 233), the largest
/// other hue or grey that is neither wins instead if it holds at least 30% of the winner's
/// pixels of the band and at least 1% of the band (a coloured border is a better card than a
/// letterbox bar).
///
/// ## Why clusters and hues, not bins
/// A colour that spans two histogram bins splits its count between them; one more pixel on
/// either side of the bin edge, after resizing or re-encoding the same picture, used to swap
/// which of two near-equal bins won, and the background could flip from a dark navy to a sky
/// blue. A cluster counts the whole colour, wherever its bin edges fall, and its colour is a
/// mean of many pixels, so it moves by a fraction of a bin when the picture is resized,
/// cropped by a pixel or re-encoded. Petals in light and shade, or a sky's gradient, still
/// split into several clusters whose sizes shift with the picture's size; the share of their
/// hue does not. Two genuinely different edge colours of nearly the same area can still trade
/// places; the quality report (`Benchmarks/quality-report.sh`) counts how often.
struct BackgroundChoice: Sendable, Hashable {
    /// The colour.
    var color: RGBColor
    /// The share of the counted band (or image) held by the winner: its hue, or its grey.
    var share: Double

    /// A colourful cluster replaces a black or white winner when it holds at least this share of
    /// the winner's pixels (ColorArt's 30%).
    static let alternativeShare = 0.3
    /// ... and at least this share of the band (1%): smaller ones are noise.
    static let noiseShare = 0.01
    /// How much a colour's share of the whole image adds to its share of the band: half.
    static let wholeImageWeight = 0.5
    /// Clusters under this share of the band (0.2%) are left out: they can neither win nor, by
    /// a fifth of the 1% floor, decide a hue's share.
    static let clusterFloorShare = 0.002
    /// Shades of the winning hue this close (ΔE_OK 0.12) to its largest cluster are averaged
    /// into the background colour.
    static let shadeRadius = 0.12
    /// How far the band's clusters grow round their seeds: ΔE_OK 0.12, wider than the roles'
    /// 0.08 — the background is one colour for the whole card, and the shades of an edge (a
    /// dark navy and a black in shadow) are one colour for it.
    static let clusterRadius: Float = 0.12

    /// The background of an image: `band` is the clustering of the band's count (or the whole
    /// image's), and `whole` gives the whole image's count of each bin and its total; `nil`
    /// when the band counted nothing.
    /// - Parameters:
    ///   - band: The band's clustering (``ColorHistogram/clustering(minimumCount:radius:)`` at
    ///     ``clusterRadius``, clusters under ``clusterFloorShare`` of the band left out).
    ///   - bandPixels: The pixels the band's count counted.
    ///   - wholeCounts: The whole image's count per bin.
    ///   - wholePixels: The pixels the whole image's count counted.
    init?(band: ColorHistogram.Clustering, bandPixels: Int, wholeCounts: [UInt32], wholePixels: Int) {
        // Each cluster's pixels in the whole image: the whole count of the bins it grew over.
        var slot = [Int](repeating: -1, count: Int(band.clusters.map(\.label).max() ?? 0) + 1)
        for (index, cluster) in band.clusters.enumerated() { slot[Int(cluster.label)] = index }
        var inWhole = [Int](repeating: 0, count: band.clusters.count)
        for (bin, label) in band.labels.enumerated() where label >= 0 && Int(label) < slot.count {
            let index = slot[Int(label)]
            if index >= 0 { inWhole[index] += Int(wholeCounts[bin]) }
        }
        self.init(clusters: band.clusters, pixelCount: bandPixels,
                  wholeShares: inWhole.map { Double($0) / Double(max(1, wholePixels)) })
    }

    /// The background among a count's clusters (largest first), or `nil` when there are none.
    /// - Parameters:
    ///   - clusters: The clusters, largest first (``ColorHistogram/clusters(minimumCount:)``).
    ///   - pixelCount: The pixels the count counted.
    ///   - wholeShares: Each cluster's share of the whole image; default none (the band alone).
    init?(clusters: [ColorCluster], pixelCount: Int, wholeShares: [Double]? = nil) {
        // Hues: each chromatic cluster joins the hue of the first larger one within 15°;
        // greys stand alone. Clusters come largest first, so each group's first is its largest.
        var groups: [(members: [ColorCluster], count: Int, wholeShare: Double)] = []
        for (index, cluster) in clusters.enumerated() {
            let wholeShare = wholeShares?[index] ?? 0
            let chromatic = cluster.lch.chroma >= Quantizer.Salience.chromaticThreshold
            if chromatic, let index = groups.firstIndex(where: {
                $0.members[0].lch.chroma >= Quantizer.Salience.chromaticThreshold
                    && OKLCh.hueDistance($0.members[0].lch.hue, cluster.lch.hue) <= Quantizer.Salience.hueFamilyWidth
            }) {
                groups[index].members.append(cluster)
                groups[index].count += cluster.count
                groups[index].wholeShare += wholeShare
            } else {
                groups.append(([cluster], cluster.count, wholeShare))
            }
        }
        func weight(_ group: (members: [ColorCluster], count: Int, wholeShare: Double)) -> Double {
            Double(group.count) / Double(max(1, pixelCount)) + Self.wholeImageWeight * group.wholeShare
        }
        // Stable: equal weights keep the order of their largest clusters.
        let ranked = groups.enumerated().sorted {
            let x = weight($0.element), y = weight($1.element)
            return x != y ? x > y : $0.offset < $1.offset
        }.map(\.element)
        guard let winner = ranked.first else { return nil }
        var chosen = winner
        if Quantizer.isBlackOrWhite(winner.members[0].color) {
            let floor = max(Quantizer.smallestCount(reaching: Self.alternativeShare, of: winner.count),
                            Quantizer.smallestCount(reaching: Self.noiseShare, of: pixelCount), 1)
            if let alternative = ranked.first(where: { $0.count >= floor && !Quantizer.isBlackOrWhite($0.members[0].color) }) {
                chosen = alternative
            }
        }
        color = Self.meanColor(of: chosen.members)
        share = Double(chosen.count) / Double(pixelCount)
    }

    /// The pixel-weighted mean, in OKLab, of the largest cluster's colour and those of the
    /// others within ``shadeRadius`` of it: neighbouring shades of a hue averaged, so the colour
    /// moves smoothly as their shares shift with the picture's size instead of jumping from one
    /// shade to the other when their sizes trade places; a flat edge keeps its exact colour.
    static func meanColor(of clusters: [ColorCluster]) -> RGBColor {
        let largest = clusters[0].lch.lab
        let near = clusters.filter { $0.lch.lab.distance(to: largest) <= shadeRadius }
        guard near.count > 1 else { return clusters[0].color }
        var sum = SIMD3<Double>(repeating: 0), weight = 0.0
        for cluster in near {
            let lab = OKLab(cluster.color), w = Double(cluster.count)
            sum += w * SIMD3(lab.lightness, lab.a, lab.b)
            weight += w
        }
        let mean = sum / weight
        return OKLCh(OKLab(lightness: mean.x, a: mean.y, b: mean.z)).clampedToSRGB.lab.rgbColor
    }
}
