// Whether a ColorHistogram's pixels gather into colours at all, and their mean when they do not.
extension ColorHistogram {
    /// The least share of the bins over which a count must spread its pixels, as evenly as if
    /// each held the same, to count as structureless: a quarter (see ``isStructureless``).
    package static let structurelessShare = 0.25
    /// Bits per channel of the coarse grid a structureless count is clustered on: 2, 64 bins
    /// of 64 levels per channel.
    package static let structurelessBits = 2

    /// How many equally full bins would spread the pixels as evenly as this count does: the
    /// pixel count squared over the sum of the squared bin counts (the inverse Simpson index).
    /// 1 when every pixel is in one bin; the number of occupied bins when they are equally full.
    /// 0 when nothing was counted.
    package var effectiveBinCount: Double {
        var squares: UInt64 = 0
        counts.withUnsafeBufferPointer { counts in
            for count in counts { squares &+= UInt64(count) &* UInt64(count) }
        }
        guard squares > 0 else { return 0 }
        let pixels = Double(pixelCount)
        return pixels * pixels / Double(squares)
    }

    /// Whether the count has no colours to cluster: it holds at least as many pixels as bins,
    /// spread over at least ``structurelessShare`` of the bins as evenly as if each held the same
    /// (``effectiveBinCount`` ≥ 1,024 at the default 4 bits).
    ///
    /// Why: uniform noise, or a chart of every colour, spreads its 250 px copy over about 3,800
    /// of the 4,096 bins; its densest bins are chance, so clusters grown from them change with
    /// every pixel more or less (a 1-pixel crop of noise moved the background from a green to a
    /// magenta) and cost the most to grow. A picture gathers its pixels into a few colours: no
    /// photo, painting or drawing of the evaluation sets, the samples or the corpus spreads over
    /// more than 230 at any preset (a twentieth of the bins), a margin of more than four. Fewer
    /// pixels than bins are never judged: a small sample of any busy picture looks spread.
    package var isStructureless: Bool {
        guard pixelCount >= binCount, pixelCount > 0 else { return false }
        // effectiveBinCount ≥ threshold ⟺ Σ count² ≤ pixels² / threshold; the sum is checked
        // every 256 bins, so a picture's first full bin (a few percent of its pixels is enough)
        // ends the scan.
        let pixels = Double(pixelCount)
        let limit = pixels * pixels / (Double(binCount) * Self.structurelessShare)
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
