// Counting an image at the chroma detail a re-encode keeps: what the faithful scheme's roles are
// clustered on (see ``Quantizer/chromaDetailSide``).
extension ColorHistogram {
    /// A count of `image` at its chroma medians of `radius`: see
    /// ``recount(_:chromaMedianRadius:)``.
    /// - Parameters:
    ///   - image: The image, counted whole.
    ///   - radius: The squares' radius in pixels; 0 or less counts the image as it is.
    ///   - bitsPerChannel: Bits kept per channel, 1…6.
    /// - Precondition: As for ``init(image:region:bitsPerChannel:)``.
    package init(chromaMediansOf image: RGBAImage, radius: Int, bitsPerChannel: Int) {
        precondition(
            (1...6).contains(bitsPerChannel), "ColorHistogram: bitsPerChannel \(bitsPerChannel) is not in 1...6")
        let binCount = 1 << (3 * bitsPerChannel)
        self.init(
            bitsPerChannel: bitsPerChannel, region: .whole, pixelCount: 0,
            counts: [UInt32](repeating: 0, count: binCount), offsetSums: [UInt32](repeating: 0, count: 3 * binCount))
        recount(image, chromaMedianRadius: radius)
    }

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
    /// Cost: at radius 1 (pictures of 438–875 px at the canonical 250, the most common) eight
    /// pixels at a time in 16-bit lanes (``countChromaMedians3(_:width:height:counts:sums:bits:packed:)``),
    /// about 100 instructions a pixel with the count itself: +9.3% on an analysis of
    /// `Samples/rocket.jpg` (640 px), +8.1% on `coffee.png` (600 px), by `Benchmarks/instructions.sh`'s
    /// count. At radii 2 and 3 the medians slide along each row with a histogram per channel
    /// (Huang's method), and a pixel whose chroma is not the medians' reads its square once more.
    /// One allocation, freed before the clusters are grown: `28 × width + 72` bytes at radius 1,
    /// `(2 × radius + 1) × width × 4 + 2,048` above (the rows' chroma, and the sorted columns or
    /// the two histograms): at most 9 KB for the canonical 250 px image, within the working set
    /// ``Quantizer/reserveMemory(in:)`` holds for the palette (the clustering workspace takes
    /// 164 KiB of its 208).
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
        if radius == 1 {
            pixelCount = image.pixels.withUnsafeBufferPointer { pixels in
                counts.withUnsafeMutableBufferPointer { counts in
                    offsetSums.withUnsafeMutableBufferPointer { sums in
                        Self.countChromaMedians3(
                            pixels.baseAddress!, width: width, height: height, counts: counts.baseAddress!,
                            sums: sums.baseAddress!, bits: bits, packed: packed)
                    }
                }
            }
            return
        }
        let side = 2 * radius + 1
        // The chroma of the `side` rows round the current one, by row modulo `side`: each pixel's
        // Cb and Cr offset by 255 into 0...510, or −1 when transparent; then the two histograms.
        let ringCount = side * width * 2
        let storage = UnsafeMutablePointer<Int16>.allocate(capacity: ringCount + 2 * Self.chromaLevels)
        defer { storage.deallocate() }
        let ring = storage
        var blue = SlidingMedian(counts: storage + ringCount)
        var red = SlidingMedian(counts: storage + ringCount + Self.chromaLevels)
        var counted = 0
        image.pixels.withUnsafeBufferPointer { pixels in
            counts.withUnsafeMutableBufferPointer { counts in
                offsetSums.withUnsafeMutableBufferPointer { sums in
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
                    for y in 0..<min(radius, height) { load(row: y) }
                    for y in 0..<height {
                        if y + radius < height { load(row: y + radius) }
                        let rows = max(0, y - radius)...min(height - 1, y + radius)
                        blue.clear()
                        red.clear()
                        for x in 0..<min(radius, width) { column(x, rows: rows, by: 1) }
                        for x in 0..<width {
                            if x + radius < width { column(x + radius, rows: rows, by: 1) }
                            if x - radius - 1 >= 0 { column(x - radius - 1, rows: rows, by: -1) }
                            let i = (y * width + x) * 4
                            guard pixels[i + 3] >= Self.minimumAlpha else { continue }
                            counted += 1
                            // The pixel moved by the difference between the medians and its own
                            // chroma, green so that luma stays: where they agree (flat areas,
                            // straight edges) it is counted to the bit.
                            let own = ring + ((y % side) * width + x) * 2
                            let (medianBlue, medianRed) = nearestChroma(
                                to: (blue.median(), red.median()), own: own, x: x, rows: rows)
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
