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
    /// about 100 instructions a pixel with the count itself: +9.2% on an analysis of
    /// `Samples/rocket.jpg` (640 px), +8.1% on `coffee.png` (600 px), by `Benchmarks/instructions.sh`'s
    /// count. At radii 2 and 3 the medians slide along each row with a histogram per channel
    /// (Huang's method, ``countChromaMediansWide(_:width:height:radius:counts:sums:bits:packed:)``)
    /// and the nearest chroma is found in lanes: the whole `imagecolors analyze` of a 280 px copy
    /// of `rocket.jpg` (radius 3) runs 66.6 M instructions against 37.0 M without the medians, a
    /// 400 px copy (radius 2) 63.5 M against 42.9 M.
    /// One allocation, freed before the clusters are grown: `28 × width + 72` bytes at radius 1,
    /// `(2 × (2 × radius + 1) + 4) × width × 2 + 2,048` above (the rows' chroma, the sorted
    /// columns or the two histograms, the row's medians and moved pixels): at most 16 KB for the
    /// canonical 250 px image, within the working set
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
        pixelCount = image.pixels.withUnsafeBufferPointer { pixels in
            counts.withUnsafeMutableBufferPointer { counts in
                offsetSums.withUnsafeMutableBufferPointer { sums in
                    radius == 1
                        ? Self.countChromaMedians3(
                            pixels.baseAddress!, width: width, height: height, counts: counts.baseAddress!,
                            sums: sums.baseAddress!, bits: bits, packed: packed)
                        : Self.countChromaMediansWide(
                            pixels.baseAddress!, width: width, height: height, radius: radius,
                            counts: counts.baseAddress!, sums: sums.baseAddress!, bits: bits, packed: packed)
                }
            }
        }
    }

    /// The values a chroma difference takes, offset by 255: 0...510, and one spare.
    static let chromaLevels = 512

    /// Three values in ascending order.
    @inline(__always)
    static func sorted3(_ a: Int, _ b: Int, _ c: Int) -> (Int, Int, Int) {
        let low = min(a, b)
        let high = max(a, b)
        let above = max(low, c)
        return (min(low, c), min(high, above), max(high, above))
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
            total &+= step
            below &+= value < level ? step : 0
        }

        /// The value of rank `(total − 1) / 2` from the smallest; 255 (no chroma) when empty.
        @inline(__always)
        mutating func median() -> Int {
            guard total > 0 else { return 255 }
            let rank = (total &- 1) / 2
            while below > rank {
                level &-= 1
                below &-= Int(counts[level])
            }
            while below &+ Int(counts[level]) <= rank {
                below &+= Int(counts[level])
                level &+= 1
            }
            return level
        }
    }
}
