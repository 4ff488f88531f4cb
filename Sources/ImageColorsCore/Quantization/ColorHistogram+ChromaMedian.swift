// Counting an image at the chroma detail a re-encode keeps: what the faithful scheme's roles are
// clustered on (see ``Quantizer/chromaDetailSide``).
extension ColorHistogram {
    /// Empties the histogram and counts every opaque pixel of `image` with its own luma but the
    /// median chroma of the opaque pixels round it: of the square of `2 × radius + 1` pixels
    /// centred on it (cut off at the image's edges), the chroma — BT.601 `blue − luma` and
    /// `red − luma`, JPEG's Cb and Cr unscaled — nearest the two channels' medians (of equally
    /// near ones the lowest); green rebuilt so that the luma stays.
    ///
    /// Why: a re-encode keeps luma detail but not chroma detail. JPEG and the other 4:2:0 codecs
    /// halve the chroma's resolution and quantize what is left coarsely, so a vivid detail a few
    /// pixels wide comes back duller or mixed with its surroundings, and roles chosen on it moved
    /// with every re-encode (issue 41). A median drops such a detail — less than half of its
    /// square — but keeps the edge between two flat areas where it is: a flag's or a logo's
    /// patches keep their colours and their shares, which the mean over squares of the same size
    /// blended at every edge that crossed a square.
    ///
    /// Cost: the medians slide along each row with a histogram per channel (Huang's method), a few
    /// operations a pixel, and a pixel whose chroma is not the medians' reads its square once
    /// more; one allocation of `(2 × radius + 1) × width × 4 + 2,048` bytes (the
    /// rows' chroma and the two histograms): 9 KB for a 250 px image at radius 3, freed before the
    /// roles are chosen, within the working set ``Quantizer/reserveMemory(in:)`` holds for the
    /// palette (the clustering workspace takes 164 KiB of its 208).
    /// - Parameters:
    ///   - image: The image, counted whole.
    ///   - radius: The squares' radius in pixels; 0 or less counts the image as it is
    ///     (``recount(_:region:)``).
    /// - Precondition: As for ``init(image:region:bitsPerChannel:)``.
    package mutating func recount(_ image: RGBAImage, chromaMedianRadius radius: Int) {
        let width = image.width
        let height = image.height
        guard radius > 0, width > 0, height > 0 else {
            recount(image, region: .whole)
            return
        }
        let bits = bitsPerChannel
        let shift = 8 - bits
        let low = (1 << shift) - 1
        precondition(
            width * height <= Int(UInt32.max) / low,
            "ColorHistogram: \(width)×\(height) could overflow the bin sums")
        counts.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        offsetSums.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        region = .whole
        let packed = width * height <= Self.packedPixelLimit(bitsPerChannel: bits)
        packedSums = packed
        let side = 2 * radius + 1
        // The chroma of the `side` rows round the current one, by row modulo `side`: each pixel's
        // Cb and Cr offset by 255 into 0...510, or −1 when transparent; then the two histograms.
        let ringCount = side * width * 2
        let storage = UnsafeMutablePointer<Int16>.allocate(capacity: ringCount + 2 * Self.chromaLevels + 18)
        defer { storage.deallocate() }
        let ring = storage
        var blue = SlidingMedian(counts: storage + ringCount)
        var red = SlidingMedian(counts: storage + ringCount + Self.chromaLevels)
        // Room for the opaque values of a 3 × 3 square, one channel after the other.
        let gathered = storage + ringCount + 2 * Self.chromaLevels
        var counted = 0
        image.pixels.withUnsafeBufferPointer { pixels in
            counts.withUnsafeMutableBufferPointer { counts in
                offsetSums.withUnsafeMutableBufferPointer { sums in
                    if radius == 1 {
                        counted = Self.countChromaMedians3(
                            pixels.baseAddress!, width: width, height: height, ring: ring,
                            counts: counts.baseAddress!, sums: sums.baseAddress!, bits: bits, packed: packed)
                        return
                    }
                    let packedWords = UnsafeMutableRawPointer(sums.baseAddress!)
                    /// Reads row `y`'s chroma into its place in the ring.
                    func load(row y: Int) {
                        let slot = ring + (y % side) * width * 2
                        for x in 0..<width {
                            let i = (y * width + x) * 4
                            guard pixels[i + 3] >= Self.minimumAlpha else {
                                slot[2 * x] = -1
                                slot[2 * x + 1] = -1
                                continue
                            }
                            let (r, g, b) = (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
                            let luma = Self.luma(r, g, b)
                            slot[2 * x] = Int16(truncatingIfNeeded: b - luma + 255)
                            slot[2 * x + 1] = Int16(truncatingIfNeeded: r - luma + 255)
                        }
                    }
                    /// Adds (`by` 1) or removes (−1) column `x` of the rows `rows` to both medians.
                    func column(_ x: Int, rows: ClosedRange<Int>, by step: Int) {
                        for y in rows {
                            let cell = ring + ((y % side) * width + x) * 2
                            guard cell[0] >= 0 else { continue }
                            blue.add(Int(cell[0]), step)
                            red.add(Int(cell[1]), step)
                        }
                    }
                    /// The chroma of an opaque pixel of the square nearest `target`, the two medians:
                    /// taken apart, the medians of Cb and Cr can pair into a chroma no pixel has (the
                    /// bright edge of a yellow flame on a blue sky would turn olive). Of equally near
                    /// ones the lowest, Cb first, which no turn or mirror of the image changes.
                    func nearestChroma(
                        to target: (Int, Int), own: UnsafeMutablePointer<Int16>, x: Int, rows: ClosedRange<Int>
                    ) -> (Int, Int) {
                        var best = (Int(own[0]), Int(own[1]))
                        var bestDistance =
                            (best.0 - target.0) * (best.0 - target.0)
                            + (best.1 - target.1) * (best.1 - target.1)
                        guard bestDistance > 0 else { return best }
                        for y in rows {
                            let row = ring + (y % side) * width * 2
                            for nx in max(0, x - radius)...min(width - 1, x + radius) {
                                let cell = row + nx * 2
                                guard cell[0] >= 0 else { continue }
                                let d0 = Int(cell[0]) - target.0
                                let d1 = Int(cell[1]) - target.1
                                let distance = d0 * d0 + d1 * d1
                                let chroma = (Int(cell[0]), Int(cell[1]))
                                // Ties go to the lower chroma, not to the first found, so that a
                                // turned or mirrored image gives the same count.
                                if distance < bestDistance || (distance == bestDistance && chroma < best) {
                                    best = chroma
                                    bestDistance = distance
                                    // The medians themselves: no other chroma is nearer or lower.
                                    if distance == 0 { return best }
                                }
                            }
                        }
                        return best
                    }
                    /// At radius 1, the lower medians of the opaque chroma of the 3 × 3 square round
                    /// (x, y), the same values the sliding histograms give, without their walk from
                    /// one median to the next, which at 9 values crosses tens of levels a pixel.
                    /// A whole opaque square: each column sorted, then the median of the largest
                    /// low, the median middle and the smallest high (exact for 3 × 3); otherwise
                    /// the values gathered and sorted.
                    func mediansOfNine(x: Int, y: Int, rows: ClosedRange<Int>) -> (Int, Int) {
                        if x >= 1, x + 1 < width, y >= 1, y + 1 < height {
                            let top = ring + (((y - 1) % side) * width + x - 1) * 2
                            let middle = ring + ((y % side) * width + x - 1) * 2
                            let bottom = ring + (((y + 1) % side) * width + x - 1) * 2
                            // Transparent cells hold −1: one sign test for all nine (min/max of two,
                            // not the variadic forms, which take an array).
                            let lowest = min(
                                min(min(top[0], top[2]), min(top[4], middle[0])),
                                min(min(middle[2], middle[4]), min(min(bottom[0], bottom[2]), bottom[4])))
                            if lowest >= 0 {
                                func median(_ channel: Int) -> Int {
                                    let a = Self.sorted3(
                                        Int(top[channel]), Int(middle[channel]), Int(bottom[channel]))
                                    let b = Self.sorted3(
                                        Int(top[channel + 2]), Int(middle[channel + 2]), Int(bottom[channel + 2]))
                                    let c = Self.sorted3(
                                        Int(top[channel + 4]), Int(middle[channel + 4]), Int(bottom[channel + 4]))
                                    return Self.median3(
                                        max(max(a.0, b.0), c.0), Self.median3(a.1, b.1, c.1), min(min(a.2, b.2), c.2))
                                }
                                return (median(0), median(1))
                            }
                        }
                        var count = 0
                        for ny in rows {
                            let row = ring + (ny % side) * width * 2
                            for nx in max(0, x - 1)...min(width - 1, x + 1) where row[nx * 2] >= 0 {
                                gathered[count] = row[nx * 2]
                                gathered[9 + count] = row[nx * 2 + 1]
                                count += 1
                            }
                        }
                        func lowerMedian(_ values: UnsafeMutablePointer<Int16>) -> Int {
                            for i in 1..<max(1, count) {
                                let value = values[i]
                                var j = i
                                while j > 0 && values[j - 1] > value {
                                    values[j] = values[j - 1]
                                    j -= 1
                                }
                                values[j] = value
                            }
                            return Int(values[(count - 1) / 2])
                        }
                        return (lowerMedian(gathered), lowerMedian(gathered + 9))
                    }
                    for y in 0..<min(radius, height) { load(row: y) }
                    for y in 0..<height {
                        if y + radius < height { load(row: y + radius) }
                        let rows = max(0, y - radius)...min(height - 1, y + radius)
                        let sliding = radius >= 2
                        if sliding {
                            blue.clear()
                            red.clear()
                            for x in 0..<min(radius, width) { column(x, rows: rows, by: 1) }
                        }
                        for x in 0..<width {
                            if sliding {
                                if x + radius < width { column(x + radius, rows: rows, by: 1) }
                                if x - radius - 1 >= 0 { column(x - radius - 1, rows: rows, by: -1) }
                            }
                            let i = (y * width + x) * 4
                            guard pixels[i + 3] >= Self.minimumAlpha else { continue }
                            counted += 1
                            // The pixel moved by the difference between the medians and its own
                            // chroma, green so that luma stays: where they agree (flat areas,
                            // straight edges) it is counted to the bit.
                            let own = ring + ((y % side) * width + x) * 2
                            let medians =
                                sliding ? (blue.median(), red.median()) : mediansOfNine(x: x, y: y, rows: rows)
                            let (medianBlue, medianRed) = nearestChroma(to: medians, own: own, x: x, rows: rows)
                            let dr = medianRed - Int(own[1])
                            let db = medianBlue - Int(own[0])
                            let dg = Self.roundedQuotient(-(19_595 * dr + 7_471 * db), 38_470)
                            let r = min(max(Int(pixels[i]) + dr, 0), 255)
                            let g = min(max(Int(pixels[i + 1]) + dg, 0), 255)
                            let b = min(max(Int(pixels[i + 2]) + db, 0), 255)
                            let bin = (r >> shift) << (2 * bits) | (g >> shift) << bits | b >> shift
                            counts[bin] &+= 1
                            if packed {
                                // The layout of ColorHistogram.offsetSums: 21 bits apart.
                                let spread = UInt64(r & low) | UInt64(g & low) << 21 | UInt64(b & low) << 42
                                let slot = bin * 8
                                packedWords.storeBytes(
                                    of: packedWords.load(fromByteOffset: slot, as: UInt64.self) &+ spread,
                                    toByteOffset: slot, as: UInt64.self)
                            } else {
                                sums[bin * 3] &+= UInt32(r & low)
                                sums[bin * 3 + 1] &+= UInt32(g & low)
                                sums[bin * 3 + 2] &+= UInt32(b & low)
                            }
                        }
                    }
                }
            }
        }
        pixelCount = counted
    }

    /// The values a chroma difference takes, offset by 255: 0...510, and one spare.
    static let chromaLevels = 512

    /// `dividend / divisor` rounded to the nearest integer, halves away from zero; `divisor` above 0.
    @inline(__always)
    static func roundedQuotient(_ dividend: Int, _ divisor: Int) -> Int {
        dividend >= 0 ? (2 * dividend + divisor) / (2 * divisor) : -((-2 * dividend + divisor) / (2 * divisor))
    }

    /// Three values in ascending order.
    @inline(__always)
    static func sorted3(_ a: Int, _ b: Int, _ c: Int) -> (Int, Int, Int) {
        let low = min(a, b)
        let high = max(a, b)
        let above = max(low, c)
        return (min(low, c), min(high, above), max(high, above))
    }

    /// The middle of three values.
    @inline(__always)
    static func median3(_ a: Int, _ b: Int, _ c: Int) -> Int {
        max(min(a, b), min(max(a, b), c))
    }

    /// BT.601 luma of 8-bit red, green and blue, rounded: JPEG's Y.
    @inline(__always)
    static func luma(_ red: Int, _ green: Int, _ blue: Int) -> Int {
        (19_595 * red + 38_470 * green + 7_471 * blue + 32_768) >> 16
    }

    /// The lower median of a multiset of small integers kept as a histogram, found from the last
    /// one: a window that slides by a column moves it by a few levels at most.
    struct SlidingMedian {
        /// Values per level, ``ColorHistogram/chromaLevels`` of them.
        let counts: UnsafeMutablePointer<Int16>
        /// Values held.
        var total = 0
        /// The level last found, and how many values lie below it.
        var level = 0
        var below = 0

        init(counts: UnsafeMutablePointer<Int16>) {
            self.counts = counts
            clear()
        }

        mutating func clear() {
            counts.update(repeating: 0, count: ColorHistogram.chromaLevels)
            total = 0
            level = 0
            below = 0
        }

        /// Adds (`step` 1) or removes (−1) one `value`, 0...510.
        @inline(__always)
        mutating func add(_ value: Int, _ step: Int) {
            counts[value] &+= Int16(truncatingIfNeeded: step)
            total += step
            if value < level { below += step }
        }

        /// The value of rank `(total − 1) / 2` from the smallest; 255 (no chroma) when empty.
        @inline(__always)
        mutating func median() -> Int {
            guard total > 0 else { return 255 }
            let rank = (total - 1) / 2
            while below > rank {
                level -= 1
                below -= Int(counts[level])
            }
            while below + Int(counts[level]) <= rank {
                below += Int(counts[level])
                level += 1
            }
            return level
        }
    }
}
