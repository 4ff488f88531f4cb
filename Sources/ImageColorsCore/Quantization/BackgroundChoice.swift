/// The card's background, chosen the same way by every ``RoleScheme``.
///
/// ## Rule
/// The band round the image's edges (or the whole image, ``BackgroundSource/whole``) is grouped
/// into ``ColorCluster``s — each colour with the shades, shading and noise round it, grown to
/// ΔE_OK 0.12 — and the chromatic clusters (OKLCh chroma ≥ 0.04) further into hues: those
/// within 15° of the hue of the largest among them; a grey cluster stands alone. Each hue (or
/// grey cluster) has a *weight*: its share of the band plus half its share of the whole image,
/// so that two edge colours of nearly the same area are told apart by how much of the picture
/// each is. The heaviest wins — unless it is a near-tie: every group weighing at least
/// ``tieRatio`` (80%) of the heaviest is a *contender*, and then the edges decide. Each of the
/// image's four edges (a strip as thick as the band along one side, corners included; see
/// ``EdgeCounts``) votes for the contender with the most pixels on it — none when two are
/// level there — and the contender with the most votes wins; equal votes go to the heavier
/// (then the first). The background is the colour of the winner's largest cluster, the mean
/// round that cluster's seed, with its shades within ΔE_OK 0.12 and the winner's other clusters
/// of nearly its size (more than half; see ``meanColor(of:from:where:)``). When that colour is black or
/// white (ColorArt's test: every channel ≤ 22 or ≥ 233), the hue or grey that is neither and
/// wins the same way among those holding at least 30% of the winner's pixels of the band and at
/// least 1% of the band wins instead (a coloured border is a better card than a letterbox bar).
///
/// ## Why clusters and hues, not bins
/// A colour that spans two histogram bins splits its count between them; one more pixel on
/// either side of the bin edge, after resizing or re-encoding the same picture, used to swap
/// which of two near-equal bins won, and the background could flip from a dark navy to a sky
/// blue. A cluster counts the whole colour, wherever its bin edges fall, and its colour is a
/// mean of many pixels, so it moves by a fraction of a bin when the picture is resized,
/// cropped by a pixel or re-encoded. Petals in light and shade, or a sky's gradient, still
/// split into several clusters whose sizes shift with the picture's size; the share of their
/// hue does not.
///
/// ## Why the edges decide near-ties
/// Two genuinely different edge colours of nearly the same area — a sky along the top, a city
/// down the sides and along the bottom — still trade places by a few percent between presets:
/// the band is 1 pixel thick at `lowest` and 80 at `highest` on a 1600-pixel short side, and a
/// gradient splits into clusters and hues differently at each size. Which sides of the picture
/// each colour lies on does not change with its size, a crop or re-encoding, and a colour round
/// more of the picture's sides continues it round more of the card. Weights still decide
/// clear leads and level votes, so a sky over a sea (two edges each) goes to the heavier.
package struct BackgroundChoice: Sendable, Hashable {
    /// The colour.
    package var color: RGBColor
    /// The share of the counted band (or image) held by the winner: its hue, or its grey.
    package var share: Double
    /// The weight of the second heaviest group over the heaviest's (0 when there is one):
    /// how near a tie the first decision was.
    package var runnerUpRatio = 0.0
    /// Whether the edges decided a near-tie (see ``tieRatio``).
    package var decidedByEdges = false

    /// A colourful cluster replaces a black or white winner when it holds at least this share of
    /// the winner's pixels (ColorArt's 30%).
    package static let alternativeShare = 0.3
    /// ... and at least this share of the band (1%): smaller ones are noise.
    package static let noiseShare = 0.01
    /// ... and is not black or white even with ColorArt's cuts widened by this much (0.03, about
    /// 8 levels of 255): a near-black just over the 0.09 cut is not colourful. Why: a portrait's
    /// dark armour, `#120a0b` in the picture, came back as `#170d0e` from a JPEG at quality 75,
    /// its largest channel 0.0902; as a colourful alternative it turned the white card dark.
    /// Checked on the eight seen evaluation sets: 0.03 ended that flip and made none; 0.06
    /// turned a navy `#081621` into "black" and flipped an aerial photograph's card.
    package static let alternativeMargin = 0.03
    /// How much a colour's share of the whole image adds to its share of the band: half.
    package static let wholeImageWeight = 0.5
    /// A near-tie: groups whose weight is at least this fraction of the heaviest's are its
    /// contenders, and the edges decide between them (see ``EdgeCounts``).
    package static let tieRatio = 0.8
    /// Clusters under this share of the band (0.2%) are left out: they can neither win nor, by
    /// a fifth of the 1% floor, decide a hue's share.
    package static let clusterFloorShare = 0.002
    /// Shades of the winning hue this close (ΔE_OK 0.12) to its largest cluster are averaged
    /// into the background colour.
    package static let shadeRadius = 0.12
    /// Other clusters of the winning hue start to be blended into the background colour from
    /// this size over the largest's (50%; see ``meanColor(of:from:where:)``)...
    package static let blendStart = 0.5
    /// ... and weigh all their pixels from this one (90%).
    package static let blendFull = 0.9
    /// How far the band's clusters grow round their seeds: ΔE_OK 0.12, wider than the roles'
    /// 0.08 — the background is one colour for the whole card, and the shades of an edge (a
    /// dark navy and a black in shadow) are one colour for it.
    package static let clusterRadius: Float = 0.12

    /// The background of an image from the clusters of the band round its edges (or of the
    /// whole image), weighed by their pixels in the whole image too; `nil` when the band
    /// counted nothing.
    /// - Parameters:
    ///   - band: The band's clusters (``ColorHistogram/clustering(minimumCount:radius:workspace:)``
    ///     at ``clusterRadius``, clusters under ``clusterFloorShare`` of the band left out).
    ///   - bandPixels: The pixels the band's count counted.
    ///   - whole: The whole image's count: the band's histogram once the rest was added.
    ///   - workspace: The workspace `band` was clustered in, not since reused: which bins each
    ///     cluster grew over.
    ///   - image: The image the band was counted on: which edge each pixel lies on, for near-ties.
    ///   - tieRatio: The contenders' least weight over the heaviest's; default ``tieRatio``.
    package init?(
        band: [ColorCluster], bandPixels: Int, whole: ColorHistogram, workspace: borrowing ClusteringWorkspace,
        image: RGBAImage, tieRatio: Double = Self.tieRatio
    ) {
        // Each cluster's pixels in the whole image: the whole count of the bins it grew over.
        var wholeShares = [Double](repeating: 0, count: band.count)
        let labels = workspace.labels
        let slots = workspace.slots
        let grown = workspace.grownBins
        let binMask = workspace.binMask
        whole.counts.withUnsafeBufferPointer { counts in
            for i in 0..<workspace.grownCount {
                let bin = Int(truncatingIfNeeded: grown[i] & binMask)
                let slot = Int(slots[Int(labels[workspace.labelIndex(ofBin: bin)])])
                // Counts summed exactly (a Double holds every pixel count) before the one division.
                if slot >= 0 { wholeShares[slot] += Double(counts[bin]) }
            }
        }
        let wholePixels = Double(max(1, whole.pixelCount))
        for index in wholeShares.indices { wholeShares[index] /= wholePixels }
        // The pointers and sizes the edge count needs, copied out of the borrowed workspace so
        // that the count can run later, and only when there is a near-tie to decide.
        let labelSide = workspace.labelSide
        let clusterCount = band.count
        let bits = whole.bitsPerChannel
        let grownCount = workspace.grownCount
        self.init(clusters: band, pixelCount: bandPixels, wholeShares: wholeShares, tieRatio: tieRatio) {
            EdgeCounts(
                of: image, clusterCount: clusterCount, bitsPerChannel: bits, labels: labels, labelSide: labelSide,
                slots: slots, grownBins: grown, grownCount: grownCount, binMask: binMask)
        }
    }

    /// The background among a count's clusters (largest first), or `nil` when there are none.
    /// - Parameters:
    ///   - clusters: The clusters, largest first (``ColorHistogram/clusters(minimumCount:)``).
    ///   - pixelCount: The pixels the count counted.
    ///   - wholeShares: Each cluster's share of the whole image; default none (the band alone).
    ///   - edgeCounts: Each cluster's pixels on each of the image's four edges, asked for only
    ///     when a near-tie is to be decided (see ``tieRatio``), and at most once; default none
    ///     (near-ties go to the heavier).
    ///   - tieRatio: The contenders' least weight over the heaviest's; default ``tieRatio``
    ///     (above 1: no near-ties, the heaviest always wins).
    package init?(
        clusters: [ColorCluster], pixelCount: Int, wholeShares: [Double]? = nil, tieRatio: Double = Self.tieRatio,
        edgeCounts: () -> EdgeCounts? = { nil }
    ) {
        // Hues: each chromatic cluster joins the hue of the first larger one within 15°;
        // greys stand alone. Clusters come largest first, so each group's first is its largest.
        // A group is its first cluster, its pixels and its share of the whole image; which group
        // each cluster joined is kept for the winner's shades.
        var groups: [(first: Int, count: Int, wholeShare: Double)] = []
        groups.reserveCapacity(clusters.count)
        var groupOf = [Int32](repeating: -1, count: clusters.count)
        for (index, cluster) in clusters.enumerated() {
            let wholeShare = wholeShares?[index] ?? 0
            let chromatic = cluster.lch.chroma >= Quantizer.Salience.chromaticThreshold
            if chromatic,
                let group = groups.firstIndex(where: {
                    clusters[$0.first].lch.chroma >= Quantizer.Salience.chromaticThreshold
                        && OKLCh.hueDistance(clusters[$0.first].lch.hue, cluster.lch.hue)
                            <= Quantizer.Salience.hueFamilyWidth
                })
            {
                groups[group].count += cluster.count
                groups[group].wholeShare += wholeShare
                groupOf[index] = Int32(group)
            } else {
                groupOf[index] = Int32(groups.count)
                groups.append((index, cluster.count, wholeShare))
            }
        }
        func weight(_ group: Int) -> Double {
            Double(groups[group].count) / Double(max(1, pixelCount)) + Self.wholeImageWeight * groups[group].wholeShare
        }
        /// The heaviest group that `accepts`, the first of equal weights (their largest clusters'
        /// order); `nil` when none does.
        func heaviest(where accepts: (Int) -> Bool) -> Int? {
            var best: Int?
            for group in groups.indices where accepts(group) {
                if let chosen = best, !(weight(group) > weight(chosen)) { continue }
                best = group
            }
            return best
        }
        var decidedByEdges = false
        // The edges counted once, when a near-tie first needs them, and each group's pixels on
        // each edge (`edge × groups + group`).
        var askedForEdges = false
        var countedEdges: EdgeCounts?
        func edges() -> EdgeCounts? {
            if !askedForEdges {
                askedForEdges = true
                countedEdges = edgeCounts()
            }
            return countedEdges
        }
        var groupEdges: [Int] = []
        func pixels(of group: Int, on edge: EdgeCounts.Edge, in counts: EdgeCounts) -> Int {
            if groupEdges.isEmpty {
                groupEdges = [Int](repeating: 0, count: 4 * groups.count)
                for edge in EdgeCounts.Edge.allCases {
                    for index in clusters.indices {
                        groupEdges[edge.rawValue * groups.count + Int(groupOf[index])] +=
                            counts.pixels(ofCluster: index, on: edge)
                    }
                }
            }
            return groupEdges[edge.rawValue * groups.count + group]
        }
        /// The group that `accepts` and wins: the heaviest, unless others come within
        /// ``tieRatio`` of its weight; then, among those contenders, the one that is the most
        /// common contender on the most edges (equal: the heavier, then the first).
        func decide(where accepts: (Int) -> Bool) -> Int? {
            guard let leader = heaviest(where: accepts) else { return nil }
            let floor = tieRatio * weight(leader)
            // Counted before anything is allocated: most images have no near-tie, and their
            // quantization allocates nothing more for it.
            func isContender(_ group: Int) -> Bool { accepts(group) && weight(group) >= floor }
            var contenderCount = 0
            for group in groups.indices where isContender(group) { contenderCount += 1 }
            guard contenderCount > 1, let counts = edges() else { return leader }
            decidedByEdges = true
            var votes = [Int](repeating: 0, count: groups.count)
            for edge in EdgeCounts.Edge.allCases {
                // The edge's most common contender gets its vote; a tie on the edge gives none.
                var best: Int?
                var bestPixels = 0
                var tied = false
                for group in groups.indices where isContender(group) {
                    let count = pixels(of: group, on: edge, in: counts)
                    if count > bestPixels {
                        best = group
                        bestPixels = count
                        tied = false
                    } else if count == bestPixels, count > 0 {
                        tied = true
                    }
                }
                if let best, !tied { votes[best] += 1 }
            }
            var chosen = leader
            for group in groups.indices
            where isContender(group)
                && (votes[group] > votes[chosen] || (votes[group] == votes[chosen] && weight(group) > weight(chosen)))
            {
                chosen = group
            }
            return chosen
        }
        guard let winner = decide(where: { _ in true }) else { return nil }
        let leader = heaviest(where: { _ in true })!
        runnerUpRatio = heaviest(where: { $0 != leader }).map { weight($0) / weight(leader) } ?? 0
        var chosen = winner
        if Quantizer.isBlackOrWhite(clusters[groups[winner].first].color) {
            let floor = max(
                Quantizer.smallestCount(reaching: Self.alternativeShare, of: groups[winner].count),
                Quantizer.smallestCount(reaching: Self.noiseShare, of: pixelCount), 1)
            if let alternative = decide(where: {
                groups[$0].count >= floor
                    && !Quantizer.isBlackOrWhite(clusters[groups[$0].first].color, margin: Self.alternativeMargin)
            }) {
                chosen = alternative
            }
        }
        color = Self.meanColor(of: clusters, from: groups[chosen].first, where: { groupOf[$0] == Int32(chosen) })
        share = Double(groups[chosen].count) / Double(pixelCount)
        self.decidedByEdges = decidedByEdges
    }

    /// The pixel-weighted mean, in OKLab, of the largest cluster's colour, the shades within
    /// ``shadeRadius`` of it, and the group's other clusters that come near it in size: each
    /// weighs its pixels times a ramp of its size over the largest's, 0 up to ``blendStart``
    /// (50%) and 1 from ``blendFull`` (90%).
    ///
    /// Why: neighbouring shades averaged make the colour move smoothly as their shares shift
    /// with the picture's size; and two main shades of one hue of nearly equal size (the dark and
    /// the lit green of leaves, a navy and a sky blue of one dusk) used to trade places as the
    /// largest between presets, and the background jumped from one to the other. Weighed by a
    /// ramp of their size, the colour moves smoothly between them instead. A flat edge keeps its
    /// exact colour, and a clearly largest shade its own.
    /// - Parameters:
    ///   - clusters: The clusters, largest first.
    ///   - first: The index of the largest member, the first for which `isMember` holds.
    ///   - isMember: Whether the cluster at an index is one of the hue's.
    package static func meanColor(of clusters: [ColorCluster], from first: Int, where isMember: (Int) -> Bool)
        -> RGBColor
    {
        let largest = clusters[first]
        var sum = SIMD3<Double>(repeating: 0)
        var weight = 0.0
        var blended = 0
        for index in first..<clusters.count where isMember(index) {
            let cluster = clusters[index]
            let pixels = Double(cluster.count)
            let ramp = (pixels / Double(largest.count) - blendStart) / (blendFull - blendStart)
            let w =
                cluster.lch.lab.distance(to: largest.lch.lab) <= shadeRadius ? pixels : pixels * min(1, max(0, ramp))
            guard w > 0 else { continue }
            let lab = OKLab(cluster.color)
            sum += w * SIMD3(lab.lightness, lab.a, lab.b)
            weight += w
            blended += 1
        }
        guard blended > 1 else { return largest.color }
        let mean = sum / weight
        return OKLCh(OKLab(lightness: mean.x, a: mean.y, b: mean.z)).clampedToSRGB.lab.rgbColor
    }
}
