#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One colour of an image as a person would name it: the pixels of a ``ColorHistogram`` that
/// gather round one full bin, whatever bins their shades, shading and noise fell in.
///
/// ## Method: seeded growth over the histogram grid, densest first
/// Each occupied bin's *density* is the pixel count of it and its 26 neighbours in the grid.
/// Bins are visited densest first (ties: the lower index). A bin joins the cluster of one of
/// its neighbours — the already visited, hence at least as dense, neighbour whose cluster's
/// *seed* is nearest in OKLab — if that seed lies within ``ColorHistogram/clusterRadius``
/// (ΔE_OK 0.08); otherwise it seeds a cluster of its own. Seeds are therefore the modes of the
/// smoothed distribution, which a few pixels more or less do not move, rather than the fullest
/// single bins, which they do.
/// A cluster's ``count`` is all of its pixels; its ``color`` is the mean of the seed bin and
/// those of the seed's neighbours in the cluster — the mode of the colour, not the mean of a
/// whole gradient.
///
/// Why: one colour of a picture spreads over several bins (shading, JPEG noise, a bin edge
/// through it), and which of those bins is fullest changes when the picture is resized or
/// re-encoded; the sum over a cluster, and the mean round its seed, hardly change. Growing
/// only through neighbours keeps a colour's shades together; the radius keeps a different
/// colour that merely borders it (green eyes in tan fur) apart.
package struct ColorCluster: Sendable, Hashable {
    /// The bin index of the seed; also the cluster's identity and its tie-breaker.
    package var seed: Int
    /// The cluster's label in its clustering's ``ClusteringWorkspace/labels``.
    package var label: Int32 = -1
    /// Pixels in the cluster.
    package var count: Int
    /// The mean colour of the seed bin and its neighbours in the cluster.
    package var color: RGBColor
    /// ``color`` in OKLCh.
    package var lch: OKLCh
}

extension ColorHistogram {
    /// How far from its seed's colour a bin may be to join the seed's cluster: ΔE_OK 0.08, the
    /// distance from which two colours count as distinct (``ColorDistance/distinctThreshold``).
    package static let clusterRadius: Float = 0.08
    /// At most this many bins, the densest, are grown into clusters (1024): a photo at the
    /// analysis sizes occupies fewer; noise, which occupies every bin thinly, holds no colour
    /// worth a cluster in the rest.
    package static let clusteredBinLimit = 1024

    /// The clusters of the histogram (see ``ColorCluster``) holding at least `minimumCount`
    /// pixels, largest first (ties: the lower seed index).
    ///
    /// Cost: the occupied bins ranked by density (see
    /// ``rankBinsByDensity(in:)``, at most ``clusteredBinLimit`` grown), each compared with its
    /// 26 neighbours' seeds; no per-pixel work.
    /// - Parameter minimumCount: Smaller clusters are left out; at least 1.
    package func clusters(minimumCount: Int) -> [ColorCluster] {
        var workspace = ClusteringWorkspace(bitsPerChannel: bitsPerChannel)
        return clustering(minimumCount: minimumCount, radius: Self.clusterRadius, workspace: &workspace)
    }

    /// ``clusters(minimumCount:)`` with the clusters growing to `radius` (ΔE_OK) round their
    /// seeds, in `workspace`: no allocation but the returned list. Until the workspace's next
    /// clustering, its ``ClusteringWorkspace/labels`` tell which bin belongs to which cluster
    /// (bins of clusters under the minimum count keep their labels too) and its
    /// ``ClusteringWorkspace/slots`` where each label's cluster is in the list (−1: left out).
    package func clustering(minimumCount: Int, radius: Float, workspace: inout ClusteringWorkspace) -> [ColorCluster] {
        precondition(
            workspace.binCount == binCount,
            "ColorHistogram: a workspace for \(workspace.binCount) bins, not \(binCount)")
        // Every label back to −1: only the bins the last clustering grew have another.
        let labels = workspace.labels
        let binMask = workspace.binMask
        for i in 0..<workspace.grownCount {
            labels[workspace.labelIndex(ofBin: Int(truncatingIfNeeded: workspace.grownBins[i] & binMask))] = -1
        }
        rankBinsByDensity(in: &workspace)
        let seedLabs = workspace.seedLabs
        let seedBins = workspace.seedBins
        let totals = workspace.totals
        let grown = workspace.grownBins
        let block = workspace.blockOffsets
        var seedCount = 0
        let limit = radius * radius
        Self.binCenterLabs(bitsPerChannel: bitsPerChannel).withUnsafeBufferPointer { labs in
            counts.withUnsafeBufferPointer { counts in
                let side = workspace.labelSide
                let plane = side &* side
                // Each bin's colour is loaded three bins ahead: the bins come in density order,
                // scattered over a table larger than the L1 cache, and the loads are under way
                // while the bins before them are grown.
                let grownCount = workspace.grownCount
                func labAt(_ i: Int) -> SIMD3<Float> {
                    i < grownCount ? labs[Int(truncatingIfNeeded: grown[i] & binMask)] : .zero
                }
                var ahead1 = labAt(0)
                var ahead2 = labAt(1)
                var ahead3 = labAt(2)
                for i in 0..<grownCount {
                    let bin = Int(truncatingIfNeeded: grown[i] & binMask)
                    let lab = ahead1
                    ahead1 = ahead2
                    ahead2 = ahead3
                    ahead3 = labAt(i &+ 3)
                    let cell = workspace.labelIndex(ofBin: bin)
                    let corner = cell &- plane &- side &- 1
                    // Which of the 27 cells round the bin hold a label (the bin's own does not
                    // yet; the padding never does): one bit each, bit 9 dr + 3 dg + db, without
                    // a branch, so that grown bins scattered at random (noise) mispredict nothing.
                    // Each run of three cells is one 64-bit load from the cell before it (the
                    // grid has a spare cell before its first): their sign bits (set: no label),
                    // inverted, at bits 31, 47 and 63, shifted to 0, 16 and 32 and gathered to
                    // 30, 31 and 32 by one multiply whose other six copies fall elsewhere.
                    var labelled: UInt64 = 0
                    let runs = UnsafeRawPointer(labels + (corner &- 1))
                    for dr in 0..<3 {
                        for dg in 0..<3 {
                            let w = runs.loadUnaligned(
                                fromByteOffset: (dr &* plane &+ dg &* side) &* 2, as: UInt64.self)
                            let bits = ((~w &>> 31) & 0x1_0001_0001) &* 0x4000_8001
                            labelled |= (bits &>> 30 & 7) &<< UInt64(dr &* 9 &+ dg &* 3)
                        }
                    }
                    // The nearest seed among those cells' clusters wins, the lower label on a
                    // tie; it must lie within the radius. Each candidate is a key, the squared
                    // distance's bits (which order as the non-negative floats do) above the
                    // label, and the least key wins, without a branch: the start, the radius
                    // above Int32.max (none yet), accepts a seed at exactly the radius, as a
                    // strict comparison of distances, then labels, did.
                    var bestKey = UInt64(limit.bitPattern) &<< 32 | UInt64(Int32.max)
                    while labelled != 0 {
                        let cluster = labels[corner &+ block[labelled.trailingZeroBitCount]]
                        labelled &= labelled &- 1
                        let d = lab - seedLabs[Int(truncatingIfNeeded: cluster)]
                        let key = UInt64((d * d).sum().bitPattern) &<< 32 | UInt64(UInt16(bitPattern: cluster))
                        bestKey = min(bestKey, key)
                    }
                    var best = Int32(truncatingIfNeeded: bestKey & 0xffff_ffff)
                    if best == Int32.max {
                        best = Int32(truncatingIfNeeded: seedCount)
                        seedBins[seedCount] = Int32(truncatingIfNeeded: bin)
                        seedLabs[seedCount] = lab
                        totals[seedCount] = 0
                        seedCount += 1
                    }
                    labels[cell] = Int16(truncatingIfNeeded: best)
                    totals[Int(truncatingIfNeeded: best)] += Int(counts[bin])
                }
            }
        }
        workspace.seedCount = seedCount
        return clusterList(minimumCount: minimumCount, workspace: &workspace)
    }

    /// The clusters the last clustering in `workspace` grew that hold at least `minimumCount`
    /// pixels, largest first, ties to the lower seed index: keyed like the bins by density
    /// (the shortfall from the largest above the seed's index) and radix-sorted.
    private func clusterList(minimumCount: Int, workspace: inout ClusteringWorkspace) -> [ColorCluster] {
        let floor = max(1, minimumCount)
        let seedCount = workspace.seedCount
        let totals = workspace.totals
        let seedBins = workspace.seedBins
        let slots = workspace.slots
        let keys = workspace.clusterKeys
        let labels = workspace.labels
        let binMask = workspace.binMask
        var largest = 0
        for label in 0..<seedCount where totals[label] >= floor { largest = max(largest, totals[label]) }
        var kept = 0
        var largestKey: UInt64 = 0
        for label in 0..<seedCount {
            slots[label] = -1
            guard totals[label] >= floor else { continue }
            let key = UInt64(largest - totals[label]) << UInt64(workspace.binBits) | UInt64(seedBins[label])
            keys[kept] = key
            largestKey = max(largestKey, key)
            kept += 1
        }
        let sorted = Self.radixSort(
            keys, buffer: keys + workspace.seedCapacity, count: kept, largest: largestKey,
            digitCounts: workspace.digitCounts)
        var clusters: [ColorCluster] = []
        clusters.reserveCapacity(kept)
        counts.withUnsafeBufferPointer { counts in
            offsetSums.withUnsafeBytes { sums in
                for index in 0..<kept {
                    let seed = Int(truncatingIfNeeded: sorted[index] & binMask)
                    let label = Int32(labels[workspace.labelIndex(ofBin: seed)])
                    slots[Int(label)] = Int32(truncatingIfNeeded: index)
                    let color = localMean(
                        around: seed, cluster: label, labels: labels, labelSide: workspace.labelSide,
                        counts: counts.baseAddress!, sums: sums.baseAddress!)
                    clusters.append(
                        ColorCluster(
                            seed: seed, label: label, count: totals[Int(label)], color: color, lch: OKLCh(color)))
                }
            }
        }
        return clusters
    }

    /// The mean colour of a seed bin and those of its 26 neighbours in the same cluster: the
    /// exact sums of their pixels' channels (see ``channelSums(ofBin:)``), over their pixels.
    private func localMean(
        around seed: Int, cluster: Int32, labels: UnsafePointer<Int16>, labelSide: Int,
        counts: UnsafePointer<UInt32>, sums: UnsafeRawPointer
    ) -> RGBColor {
        let bits = bitsPerChannel
        let mask = (1 &<< bits) &- 1
        let shift = 8 &- bits
        let packed = packedSums
        let r = seed &>> (2 &* bits)
        let g = (seed &>> bits) & mask
        let b = seed & mask
        var pixels = 0
        var red = 0
        var green = 0
        var blue = 0
        for nr in max(0, r - 1)...min(mask, r + 1) {
            for ng in max(0, g - 1)...min(mask, g + 1) {
                let row = nr &<< (2 &* bits) | ng &<< bits
                let labelRow = ((nr &+ 1) &* labelSide &+ ng &+ 1) &* labelSide &+ 1
                for nb in max(0, b - 1)...min(mask, b + 1) where Int32(labels[labelRow &+ nb]) == cluster {
                    let bin = row | nb
                    let count = Int(counts[bin])
                    let offsets: (red: UInt32, green: UInt32, blue: UInt32)
                    if packed {
                        let word = sums.load(fromByteOffset: bin &* 8, as: UInt64.self)
                        offsets = (
                            UInt32(truncatingIfNeeded: word & 0x1f_ffff),
                            UInt32(truncatingIfNeeded: (word &>> 21) & 0x1f_ffff),
                            UInt32(truncatingIfNeeded: (word &>> 42) & 0x1f_ffff)
                        )
                    } else {
                        let words = sums.assumingMemoryBound(to: UInt32.self) + bin &* 3
                        offsets = (words[0], words[1], words[2])
                    }
                    // No overflow: at most 27 bins' channel sums, each under 2^40.
                    pixels &+= count
                    red &+= count &* (nr &<< shift) &+ Int(offsets.red)
                    green &+= count &* (ng &<< shift) &+ Int(offsets.green)
                    blue &+= count &* (nb &<< shift) &+ Int(offsets.blue)
                }
            }
        }
        func mean(_ sum: Int) -> UInt8 { UInt8((sum + pixels / 2) / pixels) }
        return RGBColor(red: mean(red), green: mean(green), blue: mean(blue))
    }

    /// The OKLab colour of every bin's centre at the default 4 bits, computed once per process
    /// (4096 conversions, about a quarter of a millisecond), so clustering converts nothing.
    private static let labsAtFourBits = centerLabs(bitsPerChannel: 4)

    /// The OKLab colours of the bins' centres at `bitsPerChannel` bits.
    package static func binCenterLabs(bitsPerChannel bits: Int) -> [SIMD3<Float>] {
        bits == 4 ? labsAtFourBits : centerLabs(bitsPerChannel: bits)
    }

    private static func centerLabs(bitsPerChannel bits: Int) -> [SIMD3<Float>] {
        let side = 1 << bits
        let width = 256 / side
        return (0..<(side * side * side)).map { bin in
            func center(_ cell: Int) -> UInt8 { UInt8(cell * width + width / 2) }
            let lab = OKLab(
                RGBColor(
                    red: center(bin >> (2 * bits)), green: center((bin >> bits) & (side - 1)),
                    blue: center(bin & (side - 1))))
            return SIMD3(Float(lab.lightness), Float(lab.a), Float(lab.b))
        }
    }
}
