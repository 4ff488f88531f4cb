/// Counts the opaque colours of an ``RGBAImage`` in a regular grid of bins (by default
/// 5 bits per channel: 32 × 32 × 32 = 32768 bins), over the whole image or only over a band
/// round its border.
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
    public private(set) var region: Region
    /// How many pixels were counted (those in the region with alpha ≥ 128).
    public private(set) var pixelCount: Int

    /// Pixels per bin. Kept apart from the sums so that the scans that rank bins read 4 bytes
    /// per bin, not 16.
    private var counts: [UInt32]
    /// Three words per bin: the sums of the red, green and blue *offsets within the bin* (the low
    /// `8 − bitsPerChannel` bits). Summing offsets rather than full values keeps the words
    /// 32-bit (less memory for the hot loop to touch) without overflow: see
    /// ``init(image:region:bitsPerChannel:)``.
    private var offsetSums: [UInt32]

    /// Bytes a histogram of `bitsPerChannel` bits allocates: a count and three sums per bin,
    /// 4 bytes each (512 KiB at 5 bits).
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
    /// the tables (16 bytes per bin, 512 KiB at the default 5 bits). To count another image or
    /// region without allocating them again, use ``recount(_:region:)``.
    /// - Parameters:
    ///   - image: The image.
    ///   - region: Which pixels to count; default ``Region/whole``.
    ///   - bitsPerChannel: Bits kept per channel, 1…6; default 5 (32768 bins).
    /// - Precondition: The image has at most `UInt32.max / (2^(8 − bitsPerChannel) − 1)`
    ///   pixels (about 613 million at 5 bits, 33 million at 1 bit), so no offset sum can overflow.
    public init(image: RGBAImage, region: Region = .whole, bitsPerChannel: Int = 5) {
        precondition((1...6).contains(bitsPerChannel), "ColorHistogram: bitsPerChannel \(bitsPerChannel) is not in 1...6")
        self.bitsPerChannel = bitsPerChannel
        self.region = region
        self.pixelCount = 0
        let binCount = 1 << (3 * bitsPerChannel)
        self.counts = [UInt32](repeating: 0, count: binCount)
        self.offsetSums = [UInt32](repeating: 0, count: 3 * binCount)
        count(image, region: region)
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

    /// Adds the image's pixels in `region` to the (empty) tables and sets ``pixelCount``.
    private mutating func count(_ image: RGBAImage, region: Region) {
        let bits = bitsPerChannel
        let maxOffset = (1 << (8 - bits)) - 1
        precondition(image.width * image.height <= Int(UInt32.max) / maxOffset,
                     "ColorHistogram: \(image.width)×\(image.height) could overflow the bin sums")
        var counted = 0
        let width = image.width, height = image.height
        if width > 0 && height > 0 {
            image.pixels.withUnsafeBytes { raw in
                counts.withUnsafeMutableBufferPointer { counts in
                    offsetSums.withUnsafeMutableBufferPointer { sums in
                        func add(_ range: Range<Int>) {
                            let counts = counts.baseAddress!, sums = sums.baseAddress!
                            // The default gets its own copy of the loop with constant shifts:
                            // variable shifts tie up a register and cost spills on x86-64.
                            counted += bits == 5
                                ? Self.accumulate(raw, range, bits: 5, counts: counts, sums: sums)
                                : Self.accumulate(raw, range, bits: bits, counts: counts, sums: sums)
                        }
                        let band = Self.borderThickness(width: width, height: height)
                        if region == .whole || 2 * band >= width || 2 * band >= height {
                            add(0..<(width * height))
                        } else {
                            // Top and bottom bands are contiguous; the rows between give two
                            // short runs each, so corner pixels are visited exactly once.
                            add(0..<(band * width))
                            for y in band..<(height - band) {
                                add((y * width)..<(y * width + band))
                                add((y * width + width - band)..<(y * width + width))
                            }
                            add(((height - band) * width)..<(height * width))
                        }
                    }
                }
            }
        }
        self.pixelCount = counted
    }

    /// Adds the opaque pixels among `range` (pixel indices, not bytes) to the tables and returns
    /// how many there were. The hot loop: everything it needs is a local, so it stays in registers.
    @inline(__always)
    private static func accumulate(_ raw: UnsafeRawBufferPointer, _ range: Range<Int>, bits: Int,
                                   counts: UnsafeMutablePointer<UInt32>, sums: UnsafeMutablePointer<UInt32>) -> Int {
        let shift = UInt32(8 - bits), low = (UInt32(1) &<< shift) &- 1
        let gShift = UInt32(bits), rShift = UInt32(2 * bits)
        let opaque = UInt32(minimumAlpha) &<< 24
        var counted = 0
        // Flat areas give long runs of one bin. Adding them up in registers and writing once per
        // run avoids a chain of read-modify-writes on the same words, each waiting for the last.
        // (Written out by hand, without a nested flush function: captured variables would be
        // kept in memory instead of registers.)
        var runBin = 0, runCount: UInt32 = 0, runR: UInt32 = 0, runG: UInt32 = 0, runB: UInt32 = 0
        guard let base = raw.baseAddress else { return 0 }
        var i = range.lowerBound
        let end = range.upperBound
        while i < end {
            // One unaligned 32-bit load per pixel: bytes R, G, B, A → little-endian word ABGR.
            let p = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self))
            i &+= 1
            guard p >= opaque else { continue }
            let r = p & 0xff, g = (p &>> 8) & 0xff, b = (p &>> 16) & 0xff
            // Masking shifts (&>>, &<<): every amount is below 32, and Swift's checked `>>`
            // would add a compare and a select per shift to the hot loop.
            let bin = Int(truncatingIfNeeded: (r &>> shift) &<< rShift | (g &>> shift) &<< gShift | b &>> shift)
            if bin != runBin {
                counts[runBin] &+= runCount
                sums[runBin &* 3] &+= runR
                sums[runBin &* 3 &+ 1] &+= runG
                sums[runBin &* 3 &+ 2] &+= runB
                counted &+= Int(runCount)
                runBin = bin
                runCount = 0; runR = 0; runG = 0; runB = 0
            }
            runCount &+= 1
            runR &+= r & low
            runG &+= g & low
            runB &+= b & low
        }
        counts[runBin] &+= runCount
        sums[runBin &* 3] &+= runR
        sums[runBin &* 3 &+ 1] &+= runG
        sums[runBin &* 3 &+ 2] &+= runB
        counted &+= Int(runCount)
        return counted
    }

    /// The number of bins, `2^(3 × bitsPerChannel)`.
    public var binCount: Int { counts.count }

    /// The number of bins holding at least one pixel.
    public var occupiedBinCount: Int {
        counts.reduce(0) { $0 + ($1 == 0 ? 0 : 1) }
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
        let shift = 8 - bitsPerChannel, mask = (1 << bitsPerChannel) - 1
        // Mean = the bin's corner + the rounded mean offset; never leaves the bin, so no clamping.
        func channel(_ channel: Int, _ cell: Int) -> UInt8 {
            UInt8((cell << shift) + Int((offsetSums[index * 3 + channel] + count / 2) / count))
        }
        return RGBColor(red: channel(0, index >> (2 * bitsPerChannel)),
                        green: channel(1, (index >> bitsPerChannel) & mask),
                        blue: channel(2, index & mask))
    }

    /// The most common bin (ties: the lower index), or `nil` when no pixel was counted.
    public var mostCommonBin: Bin? {
        // Two simple loops (the largest count, then the first index holding it): each is a plain
        // scan the compiler can vectorise, unlike one loop tracking both.
        guard let most = counts.max(), most > 0, let index = counts.firstIndex(of: most) else { return nil }
        return bin(at: index)
    }

    /// The non-empty bins holding at least `minimumCount` pixels, most common first; equal
    /// counts in ascending bin index.
    /// - Parameter minimumCount: Bins with fewer pixels are left out; default 1 (every non-empty bin).
    public func bins(minimumCount: Int = 1) -> [Bin] {
        rankedBinIndices(minimumCount: minimumCount).map(bin(at:))
    }

    /// The record of a non-empty bin.
    func bin(at index: Int) -> Bin {
        Bin(index: index, count: count(ofBin: index), meanColor: meanColor(ofBin: index)!)
    }

    /// The indices of the bins holding at least `minimumCount` (≥ 1) pixels, most common first,
    /// ties by ascending index. Only those bins are sorted, so a high minimum keeps this cheap
    /// even for noisy images that touch most bins.
    func rankedBinIndices(minimumCount: Int) -> [Int] {
        let floor = UInt32(clamping: max(1, minimumCount))
        var keys: [UInt64] = []
        counts.withUnsafeBufferPointer { counts in
            for (bin, count) in counts.enumerated() where count >= floor {
                // Count in the high half, inverted index in the low half: one integer compare
                // orders by count descending, then by index ascending.
                keys.append(UInt64(count) << 32 | UInt64(UInt32.max - UInt32(bin)))
            }
        }
        keys.sort(by: >)
        return keys.map { Int(UInt32.max - UInt32(truncatingIfNeeded: $0)) }
    }
}
