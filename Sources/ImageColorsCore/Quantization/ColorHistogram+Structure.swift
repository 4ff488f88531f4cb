// Whether a ColorHistogram's pixels gather into colours at all, and their mean when they do not.
extension ColorHistogram {
    /// The least share of the bins over which a count must spread its pixels, as evenly as if
    /// each held the same, to count as structureless: an eighth (see ``isStructureless``).
    package static let structurelessShare = 0.125
    /// The fewest pixels a count must hold to be judged structureless: 256, enough that a busy
    /// picture's pixels share bins often enough for ``effectiveBinCount`` to find how spread it is.
    package static let structurelessMinimumPixels = 256
    /// Bits per channel of the coarse grid a structureless count is clustered on: 2, 64 bins
    /// of 64 levels per channel.
    package static let structurelessBits = 2

    /// How many equally full bins would spread the pixels as evenly as this count does, estimated
    /// from its pixels as a sample of the picture's colours: `N(N − 1) / (Σ count² − N)` for N
    /// pixels, the inverse of the chance that two pixels drawn without replacement share a bin
    /// (the unbiased Simpson index). 1 when every pixel is in one bin; about k when k bins are
    /// equally full; infinite when no two pixels share a bin; 0 when fewer than two were counted.
    ///
    /// Why unbiased: the plain `N² / Σ count²` of a sample is smaller than the picture's, the more
    /// so the fewer its pixels (uniform noise's 3,400-pixel band gives about 1,860 of 4,096), while
    /// this estimate is the picture's at any size: the busiest picture of the evaluation sets
    /// gives 213 at 50 px, 217 at 250 px and 224 at full size.
    package var effectiveBinCount: Double {
        guard pixelCount >= 2 else { return 0 }
        let collisions = Double(sumOfSquaredCounts) - Double(pixelCount)
        let pixels = Double(pixelCount)
        return collisions > 0 ? pixels * (pixels - 1) / collisions : .infinity
    }

    /// Σ count² over the bins.
    private var sumOfSquaredCounts: UInt64 {
        counts.withUnsafeBufferPointer { counts in
            var squares: UInt64 = 0
            for count in counts { squares &+= UInt64(count) &* UInt64(count) }
            return squares
        }
    }

    /// Whether the count has no colours to cluster: at 4 bits per channel or more, it holds at
    /// least ``structurelessMinimumPixels`` and spreads them over at least ``structurelessShare``
    /// of the bins as evenly as if each held the same (``effectiveBinCount`` ≥ 512 at 4 bits).
    ///
    /// Why: uniform noise, or a chart of every colour, spreads over about 4,000 of the 4,096
    /// bins (noise over a quarter of the colour cube over about 1,000); its densest bins are
    /// chance, so clusters grown from them change with every pixel more or less (a 1-pixel crop
    /// of noise moved the background from a green to a magenta) and cost the most to grow. A
    /// picture gathers its pixels into a few colours: no photo, painting or drawing of the
    /// evaluation sets, the samples or the corpus spreads over more than 225 at any preset, its
    /// band over more than 125. Coarser bins are not judged: at 1 bit (8 bins) half of those
    /// pictures would spread over an eighth of them.
    package var isStructureless: Bool {
        guard bitsPerChannel >= 4, pixelCount >= Self.structurelessMinimumPixels else { return false }
        // effectiveBinCount ≥ threshold ⟺ Σ count² ≤ N + N(N − 1) / threshold; the sum is
        // checked every 256 bins, so a picture's first full bin (a few percent of its pixels is
        // enough) ends the scan.
        let pixels = Double(pixelCount)
        let limit = pixels + pixels * (pixels - 1) / (Double(binCount) * Self.structurelessShare)
        var squares: UInt64 = 0
        return counts.withUnsafeBufferPointer { counts in
            var start = 0
            while start < counts.count {
                let end = min(start &+ 256, counts.count)
                for bin in start..<end { squares &+= UInt64(counts[bin]) &* UInt64(counts[bin]) }
                if Double(squares) > limit { return false }
                start = end
            }
            return true
        }
    }

    /// The mean colour of every counted pixel, or `nil` when none was counted.
    ///
    /// Cost: one pass over the tables, a few operations a bin. Packed offset sums are added
    /// whole: their fields cannot carry into each other, as a whole image's offsets per channel
    /// stay below 2^21 at the sizes that pack (``packedPixelLimit(bitsPerChannel:)``).
    package var meanColor: RGBColor? {
        guard pixelCount > 0 else { return nil }
        let bits = bitsPerChannel
        let side = 1 &<< bits
        let shift = 8 &- bits
        var corners = (red: 0, green: 0, blue: 0)
        var offsets = (red: 0, green: 0, blue: 0)
        counts.withUnsafeBufferPointer { counts in
            let counts = counts.baseAddress!
            // Σ count × cell, per channel: blue within each row, red and green per row.
            var bin = 0
            for red in 0..<side {
                for green in 0..<side {
                    var row = 0
                    for blue in 0..<side {
                        let count = Int(counts[bin &+ blue])
                        row &+= count
                        corners.blue &+= count &* blue
                    }
                    corners.red &+= row &* red
                    corners.green &+= row &* green
                    bin &+= side
                }
            }
        }
        offsetSums.withUnsafeBufferPointer { sums in
            let sums = sums.baseAddress!
            if packedSums {
                let words = UnsafeRawPointer(sums)
                var total: UInt64 = 0
                for bin in 0..<binCount { total &+= words.load(fromByteOffset: bin &* 8, as: UInt64.self) }
                offsets = (
                    Int(truncatingIfNeeded: total & 0x1f_ffff), Int(truncatingIfNeeded: (total &>> 21) & 0x1f_ffff),
                    Int(truncatingIfNeeded: total &>> 42)
                )
            } else {
                for bin in 0..<binCount {
                    offsets.red &+= Int(sums[bin &* 3])
                    offsets.green &+= Int(sums[bin &* 3 &+ 1])
                    offsets.blue &+= Int(sums[bin &* 3 &+ 2])
                }
            }
        }
        func mean(_ corner: Int, _ offset: Int) -> UInt8 {
            UInt8(((corner &<< shift) + offset + pixelCount / 2) / pixelCount)
        }
        return RGBColor(
            red: mean(corners.red, offsets.red), green: mean(corners.green, offsets.green),
            blue: mean(corners.blue, offsets.blue))
    }
}
