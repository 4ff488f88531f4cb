// The same count at fewer bits per channel: the grid a structureless ColorHistogram is
// clustered on.
extension ColorHistogram {
    /// The same count at fewer bits per channel: each coarse bin holds the pixels, and the exact
    /// channel sums, of the finer bins inside it.
    ///
    /// Cost: one pass over the fine tables.
    /// - Parameters:
    ///   - fine: The count to coarsen.
    ///   - bits: Bits per channel of the coarser count, 1…`fine.bitsPerChannel`.
    /// - Precondition: `fine` ``canCoarsen(toBits:)``.
    package init(coarsening fine: ColorHistogram, toBits bits: Int) {
        precondition(
            fine.canCoarsen(toBits: bits),
            "ColorHistogram: cannot coarsen \(fine.bitsPerChannel) bits and \(fine.pixelCount) pixels to \(bits) bits")
        let binCount = 1 &<< (3 &* bits)
        var counts = [UInt32](repeating: 0, count: binCount)
        // Unpacked: three sums per bin, each at most 2^(8 − bits) − 1 per pixel.
        var offsetSums = [UInt32](repeating: 0, count: 3 &* binCount)
        counts.withUnsafeMutableBufferPointer { counts in
            offsetSums.withUnsafeMutableBufferPointer { sums in
                Self.coarsen(fine, toBits: bits, counts.baseAddress!, sums.baseAddress!)
            }
        }
        self.init(
            bitsPerChannel: bits, region: fine.region, pixelCount: fine.pixelCount, counts: counts,
            offsetSums: offsetSums)
    }

    /// Whether ``init(coarsening:toBits:)`` can make a count of `bits` bits per channel from this
    /// one: no more bits than it has, and few enough pixels that no offset sum of the coarser
    /// bins, up to 2^(8 − bits) − 1 a pixel, can overflow (68 million pixels at 2 bits).
    /// - Parameter bits: Bits per channel of the coarser count.
    package func canCoarsen(toBits bits: Int) -> Bool {
        (1...bitsPerChannel).contains(bits) && pixelCount <= Int(UInt32.max) / ((1 << (8 - bits)) - 1)
    }

    /// Adds `fine`'s bins to the empty coarse tables of `bits` bits per channel, unpacked: the
    /// structureless route's 4 to 2 bits with constant shifts, other depths generically.
    private static func coarsen(
        _ fine: ColorHistogram, toBits bits: Int, _ counts: UnsafeMutablePointer<UInt32>,
        _ sums: UnsafeMutablePointer<UInt32>
    ) {
        if fine.bitsPerChannel == 4 && bits == 2 {
            coarsen(fine, fineBits: 4, bits: 2, counts, sums)
        } else {
            coarsen(fine, fineBits: fine.bitsPerChannel, bits: bits, counts, sums)
        }
    }

    /// Each coarse bin takes runs of `2^(fineBits − bits)` fine bins along blue at a time: their
    /// counts, their blue corners within the coarse cell and their offset sums add up before one
    /// look at the coarse bin. Packed words add up whole: a whole image's offsets per channel
    /// stay below 2^21 when packed, so no field carries into the next.
    @inline(__always)
    private static func coarsen(
        _ fine: ColorHistogram, fineBits: Int, bits: Int, _ counts: UnsafeMutablePointer<UInt32>,
        _ sums: UnsafeMutablePointer<UInt32>
    ) {
        let fineSide = 1 &<< fineBits
        let drop = fineBits &- bits
        let run = 1 &<< drop
        // A fine cell's corner within its coarse cell is its low `drop` bits, in channel values.
        let inner = run &- 1
        let fineShift = 8 &- fineBits
        let packed = fine.packedSums
        fine.counts.withUnsafeBufferPointer { fineCounts in
            fine.offsetSums.withUnsafeBufferPointer { fineSums in
                let fineCounts = fineCounts.baseAddress!
                let fineSums = fineSums.baseAddress!
                let fineWords = UnsafeRawPointer(fineSums)
                var bin = 0
                for red in 0..<fineSide {
                    for green in 0..<fineSide {
                        let row = (red &>> drop) &<< (2 &* bits) | (green &>> drop) &<< bits
                        let redCorner = (red & inner) &<< fineShift
                        let greenCorner = (green & inner) &<< fineShift
                        for coarseBlue in 0..<(fineSide &>> drop) {
                            var pixels = 0
                            var blueCorners = 0
                            var offsets = (red: 0, green: 0, blue: 0)
                            var words: UInt64 = 0
                            for step in 0..<run {
                                let count = Int(fineCounts[bin &+ step])
                                pixels &+= count
                                blueCorners &+= count &* step
                                if packed {
                                    words &+= fineWords.load(fromByteOffset: (bin &+ step) &* 8, as: UInt64.self)
                                } else {
                                    let three = fineSums + (bin &+ step) &* 3
                                    offsets.red &+= Int(three[0])
                                    offsets.green &+= Int(three[1])
                                    offsets.blue &+= Int(three[2])
                                }
                            }
                            bin &+= run
                            guard pixels > 0 else { continue }
                            if packed {
                                offsets = (
                                    Int(truncatingIfNeeded: words & 0x1f_ffff),
                                    Int(truncatingIfNeeded: (words &>> 21) & 0x1f_ffff),
                                    Int(truncatingIfNeeded: words &>> 42)
                                )
                            }
                            let coarse = row | coarseBlue
                            counts[coarse] &+= UInt32(truncatingIfNeeded: pixels)
                            let slot = sums + coarse &* 3
                            slot[0] &+= UInt32(truncatingIfNeeded: pixels &* redCorner &+ offsets.red)
                            slot[1] &+= UInt32(truncatingIfNeeded: pixels &* greenCorner &+ offsets.green)
                            slot[2] &+= UInt32(truncatingIfNeeded: (blueCorners &<< fineShift) &+ offsets.blue)
                        }
                    }
                }
            }
        }
    }
}
