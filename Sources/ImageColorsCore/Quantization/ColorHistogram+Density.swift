// Ordering ColorHistogram's occupied bins by density for clustering: the densities, the keys
// and their radix sort, all in a ClusteringWorkspace.
extension ColorHistogram {
    /// Ranks the occupied bins densest first (density: the pixels of the bin and its 26
    /// neighbours; ties by ascending index) and keeps the first ``clusteredBinLimit`` of them
    /// in the workspace's ``ClusteringWorkspace/grownBins``, each bin in the low bits of its key.
    ///
    /// Cost: one pass over the counts; either 27 loads per occupied bin or, when many bins are
    /// occupied, three passes over the grid and one load per bin; a stable radix sort of the
    /// occupied bins, which come in ascending order, by their density alone (of those that can
    /// be among the grown, when there are more and the densities span more than one digit). No
    /// allocation.
    package func rankBinsByDensity(in workspace: inout ClusteringWorkspace) {
        let bits = bitsPerChannel
        let mask = (1 << bits) - 1
        let plane = 1 << (2 * bits)
        let keys = workspace.keys
        let scratch = workspace.sortBuffer
        let side = mask + 1
        let indexBits = UInt64(workspace.binBits)
        // The occupied bins, ascending, in `keys`: each its density above its index.
        var occupied = 0
        var densest: UInt64 = 0
        var thinnest = UInt64.max
        counts.withUnsafeBufferPointer { countBuffer in
            let counts = countBuffer.baseAddress!
            Self.scan(self.counts, floor: 1) { bin, count in
                keys[occupied] = UInt64(truncatingIfNeeded: bin)
                occupied &+= 1
                return count
            }
            if occupied &* 27 < 3 &* binCount {
                // Few bins occupied (a flat picture, a band): 27 loads each beat passes over the grid.
                for i in 0..<occupied {
                    let bin = Int(truncatingIfNeeded: keys[i])
                    let r = bin >> (2 * bits)
                    let g = (bin >> bits) & mask
                    let b = bin & mask
                    var sum: UInt32 = 0
                    if r > 0 && r < mask && g > 0 && g < mask && b > 0 && b < mask {
                        // Inside the grid: the 9 runs of 3, no bounds to test.
                        let corner = bin &- plane &- side &- 1
                        for dr in 0..<3 {
                            for dg in 0..<3 {
                                let at = corner &+ dr &* plane &+ dg &* side
                                sum &+= counts[at] &+ counts[at &+ 1] &+ counts[at &+ 2]
                            }
                        }
                    } else {
                        for nr in max(0, r - 1)...min(mask, r + 1) {
                            for ng in max(0, g - 1)...min(mask, g + 1) {
                                let row = nr &<< (2 &* bits) | ng &<< bits
                                for nb in max(0, b - 1)...min(mask, b + 1) { sum &+= counts[row | nb] }
                            }
                        }
                    }
                    let density = UInt64(sum)
                    keys[i] |= density &<< indexBits
                    densest = max(densest, density)
                    thinnest = min(thinnest, density)
                }
            } else {
                // The 3×3×3 box sums one axis at a time over the grid, along blue, green and red:
                // three passes the compiler vectorizes, then one load per occupied bin.
                let first = workspace.boxSums
                let second = workspace.boxSums + binCount
                Self.boxSum(counts, into: first, count: binCount, stride: 1, side: side)
                Self.boxSum(first, into: second, count: binCount, stride: side, side: side)
                Self.boxSum(second, into: first, count: binCount, stride: plane, side: side)
                for i in 0..<occupied {
                    let density = UInt64(first[Int(truncatingIfNeeded: keys[i])])
                    keys[i] |= density &<< indexBits
                    densest = max(densest, density)
                    thinnest = min(thinnest, density)
                }
            }
        }
        workspace.grownCount = min(occupied, Self.clusteredBinLimit)
        workspace.grownBins = keys
        guard occupied > 1, densest > thinnest else { return }
        // Sorted ascending by the density's shortfall from the densest bin, stably: the bins are
        // in ascending order, so ties go to the lower index.
        let spread = densest &- thinnest
        let shortfallBits = UInt64.bitWidth - spread.leadingZeroBitCount
        let digitCounts = workspace.digitCounts
        if shortfallBits <= 11 {
            // One digit (noise, whose bins are all nearly equally dense): one counting pass and
            // one placing pass over all of them, however many are grown.
            let buckets = Int(truncatingIfNeeded: spread) &+ 1
            digitCounts.update(repeating: 0, count: buckets)
            for i in 0..<occupied {
                digitCounts[Int(truncatingIfNeeded: densest &- keys[i] &>> indexBits)] &+= 1
            }
            var running: UInt32 = 0
            for digit in 0..<buckets {
                let n = digitCounts[digit]
                digitCounts[digit] = running
                running &+= n
            }
            // Only the first `grownCount` places are read: keys bound for a later one are all
            // written to the place after them, which stays in the cache, not scattered over
            // the buffer (that place exists, as there are more occupied bins than that).
            let grownCount = workspace.grownCount
            for i in 0..<occupied {
                let key = keys[i]
                let digit = Int(truncatingIfNeeded: densest &- key &>> indexBits)
                let place = Int(truncatingIfNeeded: digitCounts[digit])
                scratch[min(place, grownCount)] = key
                digitCounts[digit] = UInt32(truncatingIfNeeded: place &+ 1)
            }
            workspace.grownBins = scratch
            return
        }
        // Keys that sort ascending into densest first: the shortfall above the bin index.
        for i in 0..<occupied {
            keys[i] = (densest &- keys[i] &>> indexBits) &<< indexBits | keys[i] & workspace.binMask
        }
        // An upper bound on the keys is all the sorts need.
        let largest = spread &<< indexBits | workspace.binMask
        if occupied > Self.clusteredBinLimit {
            // Only the densest are grown: sort just the keys that can be among them.
            let kept = Self.keepSmallest(
                Self.clusteredBinLimit, of: keys, count: occupied, largest: largest,
                into: scratch, digitCounts: digitCounts)
            workspace.grownBins = Self.radixSort(
                scratch, buffer: keys, count: kept.count, largest: kept.largest,
                digitCounts: digitCounts, from: Int(indexBits))
        } else {
            workspace.grownBins = Self.radixSort(
                keys, buffer: scratch, count: occupied, largest: largest,
                digitCounts: digitCounts, from: Int(indexBits))
        }
    }

    /// Copies to `output` the keys of `input` whose top digit (their 11 highest bits below
    /// `largest`'s top bit) is at most that of the `limit`-th smallest key: the `limit` smallest
    /// keys and the few that share the last one's digit, in their order. Returns how many, and
    /// the largest of them. One counting pass and one copying pass, where sorting all of them
    /// takes two or three of each.
    package static func keepSmallest(
        _ limit: Int, of input: UnsafePointer<UInt64>, count: Int, largest: UInt64,
        into output: UnsafeMutablePointer<UInt64>,
        digitCounts: UnsafeMutablePointer<UInt32>
    ) -> (count: Int, largest: UInt64) {
        let shift = UInt64(max(0, UInt64.bitWidth - largest.leadingZeroBitCount - 11))
        digitCounts.update(repeating: 0, count: Int(truncatingIfNeeded: largest &>> shift) &+ 1)
        for i in 0..<count { digitCounts[Int(truncatingIfNeeded: input[i] &>> shift)] &+= 1 }
        var cut = 0
        var below = Int(digitCounts[0])
        while below < limit {
            cut &+= 1
            below &+= Int(digitCounts[cut])
        }
        // Every key is written and only the kept advance: no branch to mispredict on keys in
        // random order.
        var kept = 0
        var keptLargest: UInt64 = 0
        for i in 0..<count {
            let key = input[i]
            let keep = Int(truncatingIfNeeded: key &>> shift) <= cut
            output[kept] = key
            kept &+= keep ? 1 : 0
            keptLargest = keep ? max(keptLargest, key) : keptLargest
        }
        return (kept, keptLargest)
    }

    /// One pass of the box sums: each cell plus its neighbours `stride` apart along one axis of
    /// `side` cells (the first and last have one neighbour).
    private static func boxSum(
        _ input: UnsafePointer<UInt32>, into output: UnsafeMutablePointer<UInt32>,
        count: Int, stride: Int, side: Int
    ) {
        if stride == 1 {
            // Every cell with both its neighbours in one contiguous pass the compiler
            // vectorizes, then the two ends of each line of `side` bins, which have one.
            for i in 1..<(count &- 1) { output[i] = input[i &- 1] &+ input[i] &+ input[i &+ 1] }
            for line in Swift.stride(from: 0, to: count, by: side) {
                let last = line &+ side &- 1
                output[line] = input[line] &+ input[line &+ 1]
                output[last] = input[last &- 1] &+ input[last]
            }
            return
        }
        // Blocks of `side` lines `stride` apart: the first and last line have one neighbour,
        // those between two, each one contiguous pass.
        let block = stride &* side
        for start in Swift.stride(from: 0, to: count, by: block) {
            let end = start &+ block
            for i in start..<(start &+ stride) { output[i] = input[i] &+ input[i &+ stride] }
            for i in (start &+ stride)..<(end &- stride) {
                output[i] = input[i &- stride] &+ input[i] &+ input[i &+ stride]
            }
            for i in (end &- stride)..<end { output[i] = input[i &- stride] &+ input[i] }
        }
    }

    /// Sorts `count` keys ascending, least-significant digit first, and returns where they
    /// ended: `keys` or `buffer`. As few passes as the largest key needs with digits of at most
    /// 11 bits (three for the bins of a 250 px image), the bits shared evenly among them so that
    /// the buckets stay few. Linear in the keys, where comparison sorts of the thousands of bins
    /// a busy image occupies cost several times more. With `firstBit` above 0 only the bits
    /// from `firstBit` up are sorted by, stably: keys equal there keep their order, so keys
    /// already in order of their low bits come out as a sort of the whole keys orders them.
    package static func radixSort(
        _ keys: UnsafeMutablePointer<UInt64>, buffer: UnsafeMutablePointer<UInt64>, count: Int,
        largest: UInt64, digitCounts: UnsafeMutablePointer<UInt32>, from firstBit: Int = 0
    ) -> UnsafeMutablePointer<UInt64> {
        var from = keys
        var to = buffer
        guard count > 1, largest &>> UInt64(firstBit) > 0 else { return from }
        // Digits of about log2(count) bits, 4 to 11: about as many buckets as keys, so that a few
        // keys (a flat picture's clusters) are not outnumbered by the buckets they pass through.
        let bits = UInt64.bitWidth - largest.leadingZeroBitCount - firstBit
        let widest = min(11, max(4, Int.bitWidth - count.leadingZeroBitCount))
        let passes = (bits + widest - 1) / widest
        let width = (bits + passes - 1) / passes
        let buckets = 1 << width
        let digitMask = UInt64(buckets - 1)
        for pass in 0..<passes {
            let shift = UInt64(firstBit + pass * width)
            digitCounts.update(repeating: 0, count: buckets)
            for i in 0..<count { digitCounts[Int(truncatingIfNeeded: (from[i] &>> shift) & digitMask)] &+= 1 }
            var running: UInt32 = 0
            for digit in 0..<buckets {
                let n = digitCounts[digit]
                digitCounts[digit] = running
                running &+= n
            }
            for i in 0..<count {
                let key = from[i]
                let digit = Int(truncatingIfNeeded: (key &>> shift) & digitMask)
                to[Int(digitCounts[digit])] = key
                digitCounts[digit] &+= 1
            }
            swap(&from, &to)
        }
        return from
    }
}
