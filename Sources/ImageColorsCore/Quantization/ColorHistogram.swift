/// Counts the opaque colours of an ``RGBAImage`` in a regular grid of bins (by default
/// 4 bits per channel: 16 × 16 × 16 = 4096 bins), over the whole image or only over a band
/// round its border.
///
/// Why 4 bits: a bin is 16 values wide per channel, at most about 0.06 ΔE_OK across — less than
/// two colours must differ by to count as distinct (``ColorDistance/distinctThreshold``, 0.08) —
/// so nothing the roles could tell apart is merged, and each bin reports its pixels' exact mean.
/// Finer bins only split one colour (and JPEG's noise on it) over more bins, which makes
/// near-equal bins swap rank between two sizes of the same picture; the tables are 64 KiB
/// instead of 512, cheap to clear and to scan.
///
/// Each bin also keeps the sums of its pixels' channels, so it reports the *mean* colour of the
/// pixels that fell in it rather than the corner of its cube (a bin 8 values wide would
/// otherwise shift every colour down by up to 7 per channel).
///
/// Pixels whose alpha is below 128 are not counted: transparent areas (stored as RGB 0) must
/// never turn into black.
///
/// Listing is deterministic: ``bins(minimumCount:)`` sorts by count, most common first, and
/// breaks ties by the lower bin index.
public struct ColorHistogram: Sendable {
    /// Which pixels of the image are counted.
    public enum Region: String, Sendable, Hashable, CaseIterable {
        /// Every pixel.
        case whole
        /// A band round all four edges, ``borderThickness(width:height:)`` pixels thick; a pixel
        /// in a corner (on two edges) is counted once.
        case border
    }

    /// One non-empty bin.
    public struct Bin: Sendable, Hashable {
        /// The bin's index: red bits, then green, then blue (`r << 2k | g << k | b` for k bits).
        public var index: Int
        /// How many counted pixels fell in the bin, at least 1.
        public var count: Int
        /// The mean colour of those pixels, rounded to the nearest 8-bit value per channel.
        public var meanColor: RGBColor

        /// Creates a bin record.
        /// - Parameters:
        ///   - index: The bin index.
        ///   - count: Its pixel count.
        ///   - meanColor: The mean colour of its pixels.
        public init(index: Int, count: Int, meanColor: RGBColor) {
            self.index = index
            self.count = count
            self.meanColor = meanColor
        }
    }

    /// Bits kept per channel, 1…6; there are `2^(3 × bitsPerChannel)` bins.
    public let bitsPerChannel: Int
    /// The region that was counted.
    public internal(set) var region: Region
    /// How many pixels were counted (those in the region with alpha ≥ 128).
    public internal(set) var pixelCount: Int

    /// Pixels per bin. Kept apart from the sums so that the scans that rank bins read 4 bytes
    /// per bin, not 16.
    package var counts: [UInt32]
    /// The sums of each bin's red, green and blue *offsets within the bin* (the low
    /// `8 − bitsPerChannel` bits). Summing offsets rather than full values keeps them small
    /// enough to pack (see ``init(image:region:bitsPerChannel:)`` for the limits). Three words
    /// per bin; or, when ``packedSums``, one 64-bit word per bin in the first two thirds, the
    /// three sums 21 bits apart.
    package var offsetSums: [UInt32]
    /// Whether ``offsetSums`` is packed: chosen when the image is small enough
    /// (``packedPixelLimit``) that no 21-bit sum can overflow, as every image the quality
    /// presets analyse is. One add per pixel instead of three.
    package var packedSums = false

    /// Bytes a histogram of `bitsPerChannel` bits allocates: a count and three sums per bin,
    /// 4 bytes each (64 KiB at the default 4 bits, 512 KiB at 5).
    /// - Parameter bitsPerChannel: Bits kept per channel, 1…6.
    public static func bytesNeeded(bitsPerChannel: Int) -> Int {
        (1 << (3 * bitsPerChannel)) * 4 * 4
    }

    /// The smallest alpha that counts a pixel as opaque: 128, half coverage.
    public static let minimumAlpha: UInt8 = 128

    /// The thickness of the ``Region/border`` band: `max(1, min(width, height) / 20)` pixels,
    /// i.e. 5% of the short side, so that it samples the edge without reaching the subject.
    /// - Parameters:
    ///   - width: Image width in pixels.
    ///   - height: Image height in pixels.
    public static func borderThickness(width: Int, height: Int) -> Int {
        max(1, min(width, height) / 20)
    }

    /// Counts an image's opaque pixels.
    ///
    /// Cost: one pass over the counted pixels, no allocation per pixel; the only allocations are
    /// the tables (16 bytes per bin, 64 KiB at the default 4 bits). To count another image or
    /// region without allocating them again, use ``recount(_:region:)``.
    /// - Parameters:
    ///   - image: The image.
    ///   - region: Which pixels to count; default ``Region/whole``.
    ///   - bitsPerChannel: Bits kept per channel, 1…6; default 5 (32768 bins).
    /// - Precondition: The image has at most `UInt32.max / (2^(8 − bitsPerChannel) − 1)`
    ///   pixels (about 286 million at 4 bits, 613 million at 5, 33 million at 1 bit), so no offset sum can overflow.
    public init(image: RGBAImage, region: Region = .whole, bitsPerChannel: Int = 5) {
        precondition(
            (1...6).contains(bitsPerChannel), "ColorHistogram: bitsPerChannel \(bitsPerChannel) is not in 1...6")
        self.bitsPerChannel = bitsPerChannel
        self.region = region
        self.pixelCount = 0
        let binCount = 1 << (3 * bitsPerChannel)
        self.counts = [UInt32](repeating: 0, count: binCount)
        self.offsetSums = [UInt32](repeating: 0, count: 3 * binCount)
        count(image, region: region)
    }

    /// A count from tables already filled, three sums per bin (``init(coarsening:toBits:)``).
    init(bitsPerChannel: Int, region: Region, pixelCount: Int, counts: [UInt32], offsetSums: [UInt32]) {
        self.bitsPerChannel = bitsPerChannel
        self.region = region
        self.pixelCount = pixelCount
        self.counts = counts
        self.offsetSums = offsetSums
    }

    /// The most pixels an image may have for packed offset sums: a bin's 21-bit sum of offsets
    /// (each at most `2^(8 − bitsPerChannel) − 1`) cannot overflow below it. 299 593 at 5 bits.
    package static func packedPixelLimit(bitsPerChannel: Int) -> Int {
        ((1 << 21) - 1) / ((1 << (8 - bitsPerChannel)) - 1)
    }

    /// Empties the histogram and counts an image (or another region of the same one) into the
    /// same tables, so no memory is allocated.
    ///
    /// Reusing the tables matters more than it looks: a fresh half-megabyte allocation is often
    /// handed out as new pages by the system, and faulting them in costs more than counting.
    /// - Parameters:
    ///   - image: The image.
    ///   - region: Which pixels to count.
    /// - Precondition: As for ``init(image:region:bitsPerChannel:)``.
    public mutating func recount(_ image: RGBAImage, region: Region) {
        counts.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        offsetSums.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        self.region = region
        count(image, region: region)
    }

    /// Adds the pixels of a ``Region/border`` count's image that the band left out, turning it
    /// into a ``Region/whole`` count of the same image: the same tables, no second pass over
    /// the band and no clearing.
    /// - Parameter image: The image the border was counted from.
    /// - Precondition: ``region`` is ``Region/border`` and `image` is the one it was counted on.
    package mutating func countInterior(of image: RGBAImage) {
        precondition(region == .border, "ColorHistogram: countInterior needs a border count")
        let width = image.width
        let height = image.height
        let band = Self.borderThickness(width: width, height: height)
        region = .whole
        guard width > 0, height > 0, 2 * band < width, 2 * band < height else { return }
        pixelCount += add(image, rows: band..<(height - band), columns: band..<(width - band))
    }

    /// Adds the image's pixels in `region` to the (empty) tables and sets ``pixelCount``.
    private mutating func count(_ image: RGBAImage, region: Region) {
        let bits = bitsPerChannel
        let maxOffset = (1 << (8 - bits)) - 1
        precondition(
            image.width * image.height <= Int(UInt32.max) / maxOffset,
            "ColorHistogram: \(image.width)×\(image.height) could overflow the bin sums")
        let width = image.width
        let height = image.height
        packedSums = width * height <= Self.packedPixelLimit(bitsPerChannel: bits)
        guard width > 0 && height > 0 else {
            pixelCount = 0
            return
        }
        let band = Self.borderThickness(width: width, height: height)
        if region == .whole || 2 * band >= width || 2 * band >= height {
            pixelCount = add(image, rows: 0..<height, columns: 0..<width)
        } else {
            // Top and bottom bands whole; the rows between give two short runs each, so corner
            // pixels are visited exactly once.
            pixelCount =
                add(image, rows: 0..<band, columns: 0..<width)
                + add(image, rows: band..<(height - band), columns: 0..<band)
                + add(image, rows: band..<(height - band), columns: (width - band)..<width)
                + add(image, rows: (height - band)..<height, columns: 0..<width)
        }
    }

    /// Adds the opaque pixels of a rectangle of the image to the tables; returns how many.
    private mutating func add(_ image: RGBAImage, rows: Range<Int>, columns: Range<Int>) -> Int {
        guard !rows.isEmpty, !columns.isEmpty else { return 0 }
        let width = image.width
        let bits = bitsPerChannel
        let packed = packedSums
        return image.pixels.withUnsafeBytes { raw in
            counts.withUnsafeMutableBufferPointer { counts in
                offsetSums.withUnsafeMutableBufferPointer { sums in
                    let base = raw.baseAddress!
                    let counts = counts.baseAddress!
                    let sums = sums.baseAddress!
                    func add(_ range: Range<Int>) -> Int {
                        Self.accumulate(base, range, bits: bits, packed: packed, into: counts, sums)
                    }
                    // Full-width rows are one contiguous range.
                    if columns.count == width { return add((rows.lowerBound * width)..<(rows.upperBound * width)) }
                    var counted = 0
                    for y in rows {
                        counted += add((y * width + columns.lowerBound)..<(y * width + columns.upperBound))
                    }
                    return counted
                }
            }
        }
    }

    /// The number of bins, `2^(3 × bitsPerChannel)`.
    public var binCount: Int { counts.count }

    /// The number of bins holding at least one pixel.
    public var occupiedBinCount: Int {
        var occupied = 0
        Self.scan(counts, floor: 1) { _, count in
            occupied += 1
            return count
        }
        return occupied
    }

    /// The bin a colour falls in.
    /// - Parameter color: The colour.
    public func binIndex(of color: RGBColor) -> Int {
        let shift = 8 - bitsPerChannel
        return (Int(color.red) >> shift) << (2 * bitsPerChannel)
            | (Int(color.green) >> shift) << bitsPerChannel
            | Int(color.blue) >> shift
    }

    /// How many pixels fell in a bin.
    /// - Parameter index: A bin index, `0..<binCount`.
    public func count(ofBin index: Int) -> Int {
        Int(counts[index])
    }

    /// The mean colour of the pixels in a bin, or `nil` when the bin is empty.
    /// - Parameter index: A bin index, `0..<binCount`.
    public func meanColor(ofBin index: Int) -> RGBColor? {
        let count = counts[index]
        guard count > 0 else { return nil }
        let shift = 8 - bitsPerChannel
        let mask = (1 << bitsPerChannel) - 1
        // Mean = the bin's corner + the rounded mean offset; never leaves the bin, so no clamping.
        func channel(_ channel: Int, _ cell: Int) -> UInt8 {
            UInt8((cell << shift) + Int((offsetSum(ofBin: index, channel: channel) + count / 2) / count))
        }
        return RGBColor(
            red: channel(0, index >> (2 * bitsPerChannel)),
            green: channel(1, (index >> bitsPerChannel) & mask),
            blue: channel(2, index & mask))
    }

    /// The sums of a bin's pixels' red, green and blue values (exact, not rounded through the
    /// mean): what merging bins into one colour needs.
    /// - Parameter index: A bin index, `0..<binCount`.
    @inline(__always)
    package func channelSums(ofBin index: Int) -> (red: Int, green: Int, blue: Int) {
        let count = Int(counts[index])
        let shift = 8 - bitsPerChannel
        let mask = (1 << bitsPerChannel) - 1
        func sum(_ channel: Int, _ cell: Int) -> Int {
            count * (cell << shift) + Int(offsetSum(ofBin: index, channel: channel))
        }
        return (sum(0, index >> (2 * bitsPerChannel)), sum(1, (index >> bitsPerChannel) & mask), sum(2, index & mask))
    }

    /// The sum of a bin's offsets in one channel (0 red, 1 green, 2 blue), in either layout.
    @inline(__always)
    private func offsetSum(ofBin index: Int, channel: Int) -> UInt32 {
        guard packedSums else { return offsetSums[index * 3 + channel] }
        let word = offsetSums.withUnsafeBytes { $0.load(fromByteOffset: index * 8, as: UInt64.self) }
        return UInt32(truncatingIfNeeded: (word >> (21 * UInt64(channel))) & 0x1f_ffff)
    }
}
