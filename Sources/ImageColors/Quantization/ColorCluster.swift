import Foundation

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
struct ColorCluster: Sendable, Hashable {
    /// The bin index of the seed; also the cluster's identity and its tie-breaker.
    var seed: Int
    /// The cluster's label in ``ColorHistogram/Clustering/labels``.
    var label: Int32 = -1
    /// Pixels in the cluster.
    var count: Int
    /// The mean colour of the seed bin and its neighbours in the cluster.
    var color: RGBColor
    /// ``color`` in OKLCh.
    var lch: OKLCh
}

extension ColorHistogram {
    /// How far from its seed's colour a bin may be to join the seed's cluster: ΔE_OK 0.08, the
    /// distance from which two colours count as distinct (``ColorDistance/distinctThreshold``).
    static let clusterRadius: Float = 0.08
    /// At most this many bins, the densest, are grown into clusters (1024): a photo at the
    /// analysis sizes occupies fewer; noise, which occupies every bin thinly, holds no colour
    /// worth a cluster in the rest.
    static let clusteredBinLimit = 1024

    /// The clusters of the histogram (see ``ColorCluster``) holding at least `minimumCount`
    /// pixels, largest first (ties: the lower seed index).
    ///
    /// Cost: three passes over the grid for the densities, the occupied bins sorted (at most
    /// ``clusteredBinLimit`` grown), each compared with its 26 neighbours' seeds; no per-pixel
    /// work.
    /// - Parameter minimumCount: Smaller clusters are left out; at least 1.
    func clusters(minimumCount: Int) -> [ColorCluster] {
        clustering(minimumCount: minimumCount, radius: Self.clusterRadius).clusters
    }

    /// Clusters and which bin belongs to which.
    struct Clustering {
        /// As ``ColorHistogram/clusters(minimumCount:)`` returns them.
        var clusters: [ColorCluster]
        /// For every bin, the ``ColorCluster/label`` of its cluster (−1: empty, or not grown);
        /// bins of clusters under the minimum count keep their labels too.
        var labels: [Int32]
    }

    /// ``clusters(minimumCount:)`` with the bins' labels, clusters growing to `radius` (ΔE_OK)
    /// round their seeds.
    func clustering(minimumCount: Int, radius: Float) -> Clustering {
        let bits = bitsPerChannel, mask = (1 << bits) - 1
        let visited = binsByDensity()
        let labs = Self.binCenterLabs(bitsPerChannel: bits)
        let neighbours = Self.neighbourOffsets(bitsPerChannel: bits)
        var clusterOf = [Int32](repeating: -1, count: binCount)
        var seeds: [Int32] = [], totals: [Int] = []
        let limit = radius * radius
        labs.withUnsafeBufferPointer { labs in
            clusterOf.withUnsafeMutableBufferPointer { clusterOf in
                for bin in visited {
                    let lab = labs[bin]
                    var best: Int32 = -1, bestDistance = limit
                    var lastChecked: Int32 = -1
                    /// Compares the seed of the neighbour's cluster once per run of equal labels
                    /// (neighbours mostly share a cluster).
                    @inline(__always) func consider(_ neighbour: Int) {
                        let cluster = clusterOf[neighbour]
                        guard cluster >= 0, cluster != lastChecked else { return }
                        lastChecked = cluster
                        let d = lab - labs[Int(seeds[Int(cluster)])]
                        let distance = (d * d).sum()
                        if distance < bestDistance || (distance == bestDistance && (best < 0 || cluster < best)) {
                            best = cluster
                            bestDistance = distance
                        }
                    }
                    let r = bin >> (2 * bits), g = (bin >> bits) & mask, b = bin & mask
                    if r > 0 && r < mask && g > 0 && g < mask && b > 0 && b < mask {
                        // Inside the grid: all 26 neighbours exist, no bounds to test.
                        for offset in neighbours { consider(bin &+ offset) }
                    } else {
                        for nr in max(0, r - 1)...min(mask, r + 1) {
                            for ng in max(0, g - 1)...min(mask, g + 1) {
                                let row = nr << (2 * bits) | ng << bits
                                for nb in max(0, b - 1)...min(mask, b + 1) where row | nb != bin { consider(row | nb) }
                            }
                        }
                    }
                    if best < 0 {
                        best = Int32(seeds.count)
                        seeds.append(Int32(bin))
                        totals.append(0)
                    }
                    clusterOf[bin] = best
                    totals[Int(best)] += Int(counts[bin])
                }
            }
        }
        var clusters: [ColorCluster] = []
        clusterOf.withUnsafeBufferPointer { clusterOf in
            for (index, seed) in seeds.enumerated() where totals[index] >= max(1, minimumCount) {
                let color = localMean(around: Int(seed), cluster: Int32(index), clusterOf: clusterOf)
                clusters.append(ColorCluster(seed: Int(seed), label: Int32(index), count: totals[index], color: color, lch: OKLCh(color)))
            }
        }
        clusters.sort { $0.count != $1.count ? $0.count > $1.count : $0.seed < $1.seed }
        return Clustering(clusters: clusters, labels: clusterOf)
    }

    /// The occupied bins, densest first (density: the pixels of the bin and its 26 neighbours;
    /// ties by ascending index), at most ``clusteredBinLimit`` of them.
    private func binsByDensity() -> [Int] {
        let bits = bitsPerChannel
        var occupied: [Int] = []
        Self.scan(counts, floor: 1) { bin, count in occupied.append(bin); return count }
        let density = occupied.count * 27 < 3 * binCount ? gatheredDensities(of: occupied) : boxSums()
        // Keys that sort ascending into densest first, ties to the lower index: the density's
        // shortfall from the densest bin above the bin index.
        var keys: [UInt64] = []
        keys.reserveCapacity(occupied.count)
        let indexBits = UInt64(3 * bits)
        density.withUnsafeBufferPointer { density in
            var densest: UInt32 = 0
            for bin in occupied { densest = max(densest, density[bin]) }
            let top = UInt64(densest)
            for bin in occupied { keys.append((top &- UInt64(density[bin])) << indexBits | UInt64(bin)) }
        }
        Self.radixSort(&keys)
        if keys.count > Self.clusteredBinLimit { keys.removeLast(keys.count - Self.clusteredBinLimit) }
        return keys.map { Int($0 & ((1 << indexBits) &- 1)) }
    }

    /// The densities of the occupied bins, each the sum of 27 counts: cheaper than the three
    /// passes of ``boxSums()`` when few bins are occupied (a flat picture, a band).
    private func gatheredDensities(of occupied: [Int]) -> [UInt32] {
        let bits = bitsPerChannel, mask = (1 << bits) - 1
        var density = [UInt32](repeating: 0, count: binCount)
        counts.withUnsafeBufferPointer { counts in
            for bin in occupied {
                let r = bin >> (2 * bits), g = (bin >> bits) & mask, b = bin & mask
                var sum: UInt32 = 0
                for nr in max(0, r - 1)...min(mask, r + 1) {
                    for ng in max(0, g - 1)...min(mask, g + 1) {
                        let row = nr << (2 * bits) | ng << bits
                        for nb in max(0, b - 1)...min(mask, b + 1) { sum &+= counts[row | nb] }
                    }
                }
                density[bin] = sum
            }
        }
        return density
    }

    /// Every bin's density: the 3×3×3 box sums of the counts, one axis at a time (three passes
    /// over the grid instead of 27 loads per bin).
    private func boxSums() -> [UInt32] {
        let side = 1 << bitsPerChannel
        var density = counts
        var scratch = density
        for stride in [1, side, side * side] {
            scratch.withUnsafeMutableBufferPointer { out in
                density.withUnsafeBufferPointer { input in
                    let out = out.baseAddress!, input = input.baseAddress!
                    if stride == 1 {
                        // Along a line of `side` neighbouring bins.
                        for i in 0..<binCount {
                            let cell = i & (side &- 1)
                            var sum = input[i]
                            if cell != 0 { sum &+= input[i &- 1] }
                            if cell != side &- 1 { sum &+= input[i &+ 1] }
                            out[i] = sum
                        }
                        return
                    }
                    // Blocks of `side` lines `stride` apart: the first and last have one neighbour.
                    let block = stride &* side
                    for start in Swift.stride(from: 0, to: binCount, by: block) {
                        for line in 0..<side {
                            let at = start &+ line &* stride
                            for i in at..<(at &+ stride) { out[i] = input[i] }
                            if line > 0 { for i in at..<(at &+ stride) { out[i] &+= input[i &- stride] } }
                            if line < side - 1 { for i in at..<(at &+ stride) { out[i] &+= input[i &+ stride] } }
                        }
                    }
                }
            }
            swap(&density, &scratch)
        }
        return density
    }

    /// Sorts keys ascending: least-significant digit first, 11 bits a pass, as many passes as
    /// the largest key needs (three for a 250 px image). Linear in the keys, where comparison
    /// sorts of the thousands of bins a busy image occupies cost several times more.
    static func radixSort(_ keys: inout [UInt64]) {
        guard keys.count > 1, let largest = keys.max() else { return }
        var buffer = [UInt64](repeating: 0, count: keys.count)
        var starts = [Int](repeating: 0, count: 2048)
        var shift: UInt64 = 0
        while shift < 64 && largest >> shift != 0 {
            keys.withUnsafeBufferPointer { keys in
                buffer.withUnsafeMutableBufferPointer { buffer in
                    starts.withUnsafeMutableBufferPointer { starts in
                        starts.update(repeating: 0)
                        for key in keys { starts[Int(truncatingIfNeeded: (key &>> shift) & 2047)] &+= 1 }
                        var running = 0
                        for digit in 0..<2048 {
                            let count = starts[digit]
                            starts[digit] = running
                            running &+= count
                        }
                        for key in keys {
                            let digit = Int(truncatingIfNeeded: (key &>> shift) & 2047)
                            buffer[starts[digit]] = key
                            starts[digit] &+= 1
                        }
                    }
                }
            }
            swap(&keys, &buffer)
            shift += 11
        }
    }

    /// The index offsets of a bin's 26 neighbours inside the grid.
    private static func neighbourOffsets(bitsPerChannel bits: Int) -> [Int] {
        var offsets: [Int] = []
        for dr in -1...1 {
            for dg in -1...1 {
                for db in -1...1 where dr != 0 || dg != 0 || db != 0 {
                    offsets.append(dr << (2 * bits) + dg << bits + db)
                }
            }
        }
        return offsets
    }

    /// The mean colour of a seed bin and those of its 26 neighbours in the same cluster.
    private func localMean(around seed: Int, cluster: Int32, clusterOf: UnsafeBufferPointer<Int32>) -> RGBColor {
        let bits = bitsPerChannel, mask = (1 << bits) - 1
        let r = seed >> (2 * bits), g = (seed >> bits) & mask, b = seed & mask
        var pixels = 0, red = 0, green = 0, blue = 0
        for nr in max(0, r - 1)...min(mask, r + 1) {
            for ng in max(0, g - 1)...min(mask, g + 1) {
                for nb in max(0, b - 1)...min(mask, b + 1) {
                    let bin = nr << (2 * bits) | ng << bits | nb
                    guard clusterOf[bin] == cluster else { continue }
                    let sums = channelSums(ofBin: bin)
                    pixels += count(ofBin: bin)
                    red += sums.red; green += sums.green; blue += sums.blue
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
    static func binCenterLabs(bitsPerChannel bits: Int) -> [SIMD3<Float>] {
        bits == 4 ? labsAtFourBits : centerLabs(bitsPerChannel: bits)
    }

    private static func centerLabs(bitsPerChannel bits: Int) -> [SIMD3<Float>] {
        let side = 1 << bits, width = 256 / side
        return (0..<(side * side * side)).map { bin in
            func center(_ cell: Int) -> UInt8 { UInt8(cell * width + width / 2) }
            let lab = OKLab(RGBColor(red: center(bin >> (2 * bits)), green: center((bin >> bits) & (side - 1)),
                                     blue: center(bin & (side - 1))))
            return SIMD3(Float(lab.lightness), Float(lab.a), Float(lab.b))
        }
    }
}
