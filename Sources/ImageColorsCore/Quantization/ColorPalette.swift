/// The N colours that best represent an image, with their shares, taken from the same
/// ``ColorHistogram`` the four roles come from.
///
/// ## Method: variance-minimising cuts of the occupied bins, in OKLab
/// Every occupied bin is a point (its mean colour, in ``OKLab``) weighted by the square root of
/// its pixel count. Starting from one box holding all of them, the box with the largest weighted
/// squared error (Σ weight × squared ΔE_OK to the box's weighted mean) is cut in two, where the
/// cut leaves the least total error, trying each of the three axes; until there are N boxes or
/// no box can be cut. Each box reports the exact mean sRGB colour of its pixels and its share
/// (of pixels: the weights only steer the cuts).
///
/// Why √count: with plain counts, halving a large smooth area (a sky, a grey ramp) always
/// lowers the error more than separating a small distinct colour, so a 2% red on a grey ramp is
/// only split off at N = 5, and before that is averaged into a muddy grey-red (`#6b5e5e`) that
/// is nowhere in the image. With √count the red is its own entry from N = 3 (see the tests).
///
/// Why this and not median cut or Wu's quantizer as published:
/// - Median cut halves the *pixel count* along the longest axis: a small saturated accent next
///   to a large background gets merged into a muddy average, which is the colour a palette
///   strip must not lose. Cutting where the squared error drops most (Wu's criterion) keeps it
///   apart once it is cut.
/// - Wu's algorithm runs on a regular grid of cumulative moments in the space it cuts (sRGB);
///   that needs 5 moment tables of 33³ cells (1.4 MB) and cuts where sRGB distances, not
///   perceived ones, are largest. Cutting the list of occupied bins (usually a few thousand at
///   the 250 px preset) lets the cuts happen in OKLab, where equal distances look equal, with
///   memory proportional to the occupied bins (see ``bytesNeeded(bitsPerChannel:)``).
///
/// Deterministic: every sort breaks ties by bin index, every choice between equal boxes or cuts
/// takes the first, so the same histogram always gives the same palette.
package enum ColorPalette {
    /// The largest palette that can be asked for: 64 colours.
    package static let maximumCount = 64

    /// The most bytes ``colors(in:count:)`` allocates for a histogram of `bitsPerChannel` bits:
    /// one point and one index per possible bin (the palette itself is negligible).
    package static func bytesNeeded(bitsPerChannel: Int) -> Int {
        (1 << (3 * bitsPerChannel)) * (MemoryLayout<Point>.stride + MemoryLayout<Int32>.stride)
    }

    /// An occupied bin: its mean colour in OKLab, its pixel count, its index.
    package struct Point {
        package var lab: SIMD3<Double>
        package var weight: Double
        package var bin: Int
    }

    /// A box: a range of ``colors(in:count:)``'s order array and its error.
    package struct Box {
        package var range: Range<Int>
        package var error: Double
    }

    /// The palette of a histogram: at most `count` colours, by descending share (ties: the lower
    /// hex code first); fewer when the image has fewer distinct colours; empty when the
    /// histogram counted nothing.
    /// - Parameters:
    ///   - histogram: A count of the whole image.
    ///   - count: How many colours, 1…``maximumCount``.
    package static func colors(in histogram: ColorHistogram, count: Int) -> [PaletteColor] {
        precondition((1...maximumCount).contains(count), "ColorPalette: \(count) colours is not in 1...\(maximumCount)")
        var points: [Point] = []
        ColorHistogram.scan(histogram.counts, floor: 1) { bin, binCount in
            let lab = OKLab(histogram.meanColor(ofBin: bin)!)
            points.append(
                Point(lab: SIMD3(lab.lightness, lab.a, lab.b), weight: Double(binCount).squareRoot(), bin: bin))
            return binCount
        }
        guard !points.isEmpty else { return [] }
        var order = Array(0..<points.count)
        var boxes = [Box(range: order.indices, error: Self.error(of: order[...], points))]
        while boxes.count < count {
            // The box with the largest error; the first among equals. A box of one bin, or of
            // bins with one colour, has error 0 and cannot be cut usefully.
            var worst = -1
            for (i, box) in boxes.enumerated() where box.error > 0 && box.range.count > 1 {
                if worst < 0 || box.error > boxes[worst].error { worst = i }
            }
            guard worst >= 0 else { break }
            let (low, high) = cut(boxes[worst].range, &order, points)
            boxes[worst] = Box(range: low, error: error(of: order[low], points))
            boxes.append(Box(range: high, error: error(of: order[high], points)))
        }
        return entries(boxes, order, points, histogram)
    }

    /// Cuts a box in two where the two halves' summed error is least, over the three axes;
    /// reorders `order[range]` along the chosen axis and returns the two halves.
    private static func cut(_ range: Range<Int>, _ order: inout [Int], _ points: [Point]) -> (Range<Int>, Range<Int>) {
        var best = (error: Double.infinity, axis: 0, at: range.lowerBound + 1)
        for axis in 0..<3 {
            let sorted = sortedAlong(axis, order[range], points)
            // Prefix sums of weight, weighted coordinates and weighted squared norm: the error
            // of every split along this axis in one pass.
            let total = moments(of: sorted[...], points)
            var left = Moments()
            for k in 1..<sorted.count {
                left.add(points[sorted[k - 1]])
                let split = left.error + total.subtracting(left).error
                if split < best.error { best = (split, axis, range.lowerBound + k) }
            }
        }
        order.replaceSubrange(range, with: sortedAlong(best.axis, order[range], points))
        return (range.lowerBound..<best.at, best.at..<range.upperBound)
    }

    /// The indices sorted by one OKLab coordinate, ties by bin index.
    private static func sortedAlong(_ axis: Int, _ indices: ArraySlice<Int>, _ points: [Point]) -> [Int] {
        indices.sorted { x, y in
            let px = points[x]
            let py = points[y]
            return px.lab[axis] != py.lab[axis] ? px.lab[axis] < py.lab[axis] : px.bin < py.bin
        }
    }

    /// The summed squared ΔE_OK of a box's pixels to their mean.
    private static func error(of indices: ArraySlice<Int>, _ points: [Point]) -> Double {
        moments(of: indices, points).error
    }

    private static func moments(of indices: ArraySlice<Int>, _ points: [Point]) -> Moments {
        var m = Moments()
        for i in indices { m.add(points[i]) }
        return m
    }

    /// Weight, weighted sum and weighted squared norm of a set of points.
    package struct Moments {
        package var weight = 0.0
        package var sum = SIMD3<Double>(repeating: 0)
        package var squares = 0.0

        package mutating func add(_ p: Point) {
            weight += p.weight
            sum += p.weight * p.lab
            squares += p.weight * (p.lab * p.lab).sum()
        }

        package func subtracting(_ other: Moments) -> Moments {
            Moments(weight: weight - other.weight, sum: sum - other.sum, squares: squares - other.squares)
        }

        /// Σ w·|x − mean|² = Σ w·|x|² − |Σ w·x|² / Σ w; never negative (rounding can make it so).
        package var error: Double {
            weight > 0 ? max(0, squares - (sum * sum).sum() / weight) : 0
        }
    }

    /// One entry per box: the exact mean of its pixels (from the bins' channel sums) and its
    /// share; entries that round to the same colour merge; by descending share, then hex.
    private static func entries(
        _ boxes: [Box], _ order: [Int], _ points: [Point],
        _ histogram: ColorHistogram
    ) -> [PaletteColor] {
        let total = Double(histogram.pixelCount)
        var merged: [RGBColor: Int] = [:]
        for box in boxes {
            var pixels = 0
            var red = 0
            var green = 0
            var blue = 0
            for i in order[box.range] {
                let bin = points[i].bin
                let sums = histogram.channelSums(ofBin: bin)
                pixels += histogram.count(ofBin: bin)
                red += sums.red
                green += sums.green
                blue += sums.blue
            }
            func mean(_ sum: Int) -> UInt8 { UInt8((sum + pixels / 2) / pixels) }
            merged[RGBColor(red: mean(red), green: mean(green), blue: mean(blue)), default: 0] += pixels
        }
        // Sorted by count then hex, so the dictionary's order never shows.
        return merged.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key.hex < $1.key.hex }
            .map { PaletteColor(color: $0.key, share: Double($0.value) / total) }
    }
}
