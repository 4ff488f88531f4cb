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
    /// The sums of each bin's red, green and blue *offsets within the bin* (the low
    /// `8 − bitsPerChannel` bits). Summing offsets rather than full values keeps them small
    /// enough to pack (see ``init(image:region:bitsPerChannel:)`` for the limits). Three words
    /// per bin; or, when ``packedSums``, one 64-bit word per bin in the first two thirds, the
    /// three sums 21 bits apart.
    private var offsetSums: [UInt32]
    /// Whether ``offsetSums`` is packed: chosen when the image is small enough
    /// (``packedPixelLimit``) that no 21-bit sum can overflow, as every image the quality
    /// presets analyse is. One add per pixel instead of three.
    private var packedSums = false

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

    /// The most pixels an image may have for packed offset sums: a bin's 21-bit sum of offsets
    /// (each at most `2^(8 − bitsPerChannel) − 1`) cannot overflow below it. 299 593 at 5 bits.
    static func packedPixelLimit(bitsPerChannel: Int) -> Int {
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
    mutating func countInterior(of image: RGBAImage) {
        precondition(region == .border, "ColorHistogram: countInterior needs a border count")
        let width = image.width, height = image.height
        let band = Self.borderThickness(width: width, height: height)
        region = .whole
        guard width > 0, height > 0, 2 * band < width, 2 * band < height else { return }
        pixelCount += add(image, rows: band..<(height - band), columns: band..<(width - band))
    }

    /// Adds the image's pixels in `region` to the (empty) tables and sets ``pixelCount``.
    private mutating func count(_ image: RGBAImage, region: Region) {
        let bits = bitsPerChannel
        let maxOffset = (1 << (8 - bits)) - 1
        precondition(image.width * image.height <= Int(UInt32.max) / maxOffset,
                     "ColorHistogram: \(image.width)×\(image.height) could overflow the bin sums")
        let width = image.width, height = image.height
        packedSums = width * height <= Self.packedPixelLimit(bitsPerChannel: bits)
        guard width > 0 && height > 0 else { pixelCount = 0; return }
        let band = Self.borderThickness(width: width, height: height)
        if region == .whole || 2 * band >= width || 2 * band >= height {
            pixelCount = add(image, rows: 0..<height, columns: 0..<width)
        } else {
            // Top and bottom bands whole; the rows between give two short runs each, so corner
            // pixels are visited exactly once.
            pixelCount = add(image, rows: 0..<band, columns: 0..<width)
                + add(image, rows: band..<(height - band), columns: 0..<band)
                + add(image, rows: band..<(height - band), columns: (width - band)..<width)
                + add(image, rows: (height - band)..<height, columns: 0..<width)
        }
    }

    /// Adds the opaque pixels of a rectangle of the image to the tables; returns how many.
    private mutating func add(_ image: RGBAImage, rows: Range<Int>, columns: Range<Int>) -> Int {
        guard !rows.isEmpty, !columns.isEmpty else { return 0 }
        let width = image.width, bits = bitsPerChannel, packed = packedSums
        return image.pixels.withUnsafeBytes { raw in
            counts.withUnsafeMutableBufferPointer { counts in
                offsetSums.withUnsafeMutableBufferPointer { sums in
                    let base = raw.baseAddress!, counts = counts.baseAddress!, sums = sums.baseAddress!
                    func add(_ range: Range<Int>) -> Int {
                        // The default gets its own copies of the loop, with constant masks.
                        switch (bits, packed) {
                        case (5, true): Self.accumulate5Packed(base, range, counts: counts, sums: sums)
                        case (5, false): Self.accumulate5(base, range, counts: counts, sums: sums)
                        default: Self.accumulate(base, range, bits: bits, packed: packed, counts: counts, sums: sums)
                        }
                    }
                    // Full-width rows are one contiguous range.
                    if columns.count == width { return add((rows.lowerBound * width)..<(rows.upperBound * width)) }
                    var counted = 0
                    for y in rows { counted += add((y * width + columns.lowerBound)..<(y * width + columns.upperBound)) }
                    return counted
                }
            }
        }
    }

    /// `accumulate` at 5 bits per channel with packed sums, its own function so that every mask
    /// is a constant.
    private static func accumulate5Packed(_ base: UnsafeRawPointer, _ range: Range<Int>,
                                          counts: UnsafeMutablePointer<UInt32>, sums: UnsafeMutablePointer<UInt32>) -> Int {
        accumulate(base, range, bits: 5, packed: true, counts: counts, sums: sums)
    }

    /// `accumulate` at 5 bits per channel with three sums per bin.
    private static func accumulate5(_ base: UnsafeRawPointer, _ range: Range<Int>,
                                    counts: UnsafeMutablePointer<UInt32>, sums: UnsafeMutablePointer<UInt32>) -> Int {
        accumulate(base, range, bits: 5, packed: false, counts: counts, sums: sums)
    }

    /// Adds the opaque pixels among `range` (pixel indices, not bytes) to the tables and returns
    /// how many there were. The hot loop.
    ///
    /// Pixels are taken eight at a time. When all eight fall in one bin with one opacity (flat
    /// areas, common in large images) they are added with one write per table word; otherwise
    /// pixel by pixel. Adding every pixel on its own would make each pixel of a flat area wait
    /// for the previous one's store to the same words; tracking runs pixel by pixel instead costs
    /// a branch per pixel that busy areas make unpredictable. The block test is one branch per
    /// eight pixels, predictable in flat and busy areas alike.
    ///
    /// Plain integer words throughout, two pixels to a 64-bit load (little-endian: the first in
    /// the low half), not SIMD types, whose lane accesses the compiler turns into stack traffic;
    /// and masking shifts (`&>>`, `&<<`), as Swift's checked shifts add a compare and a select each.
    @inline(__always)
    private static func accumulate(_ base: UnsafeRawPointer, _ range: Range<Int>, bits: Int, packed: Bool,
                                   counts: UnsafeMutablePointer<UInt32>, sums: UnsafeMutablePointer<UInt32>) -> Int {
        let shift = UInt32(8 - bits), low = (UInt32(1) &<< shift) &- 1, high = UInt32(0xff) & ~low
        let cellMask = (UInt32(1) &<< UInt32(bits)) &- 1
        let opaque = UInt32(minimumAlpha) &<< 24
        // A pixel's key: its bin bits and the top alpha bit. Equal keys: same bin, same opacity.
        let keyMask = opaque | high | high &<< 8 | high &<< 16
        // Where a pixel's offsets within its bin sit: bytes 0, 1 and 2.
        let offsetMask = low | low &<< 8 | low &<< 16
        let packedSums = UnsafeMutableRawPointer(sums)

        /// The bins of the two pixels of a word, in its two halves (the shifts never carry a
        /// field across into the other half, so one set of operations serves both).
        @inline(__always) func bins(_ w: UInt64) -> UInt64 {
            let cells = UInt64(cellMask) &* 0x1_0000_0001, s = UInt64(shift), k = UInt64(bits)
            return ((w &>> s) & cells) &<< (2 &* k) | ((w &>> (8 &+ s)) & cells) &<< k | (w &>> (16 &+ s)) & cells
        }
        @inline(__always) func bin(_ key: UInt32) -> Int {
            Int(truncatingIfNeeded: bins(UInt64(key)))
        }
        /// Adds `count` pixels of bin `b` whose offsets, summed per byte, are `offsets`.
        @inline(__always) func add(bin b: Int, count: UInt32, offsets: UInt32) {
            counts[b] &+= count
            if packed {
                // Bytes 0, 1, 2 moved to bits 0, 21, 42. For offsets of at most 3 bits one
                // multiply does it: the nine shifted copies of the three fields cannot overlap.
                let o = UInt64(offsets)
                let spread = low <= 7 && count == 1
                    ? (o &* 0x400_2001) & (0x7 | 0x7 &<< 21 | 0x7 &<< 42)
                    : (o & 0xff) | (o & 0xff00) &<< 13 | (o & 0xff_0000) &<< 26
                let slot = b &* 8
                packedSums.storeBytes(of: packedSums.load(fromByteOffset: slot, as: UInt64.self) &+ spread,
                                      toByteOffset: slot, as: UInt64.self)
            } else {
                sums[b &* 3] &+= offsets & 0xff
                sums[b &* 3 &+ 1] &+= (offsets &>> 8) & 0xff
                sums[b &* 3 &+ 2] &+= offsets &>> 16
            }
        }
        // Transparent pixels are rare: count those, and the opaque ones at the end.
        var transparent = 0
        @inline(__always) func add(_ p: UInt32, bin b: Int) {
            guard p >= opaque else { transparent &+= 1; return }
            add(bin: b, count: 1, offsets: p & offsetMask)
        }
        @inline(__always) func addPair(_ w: UInt64) {
            let b = bins(w)
            add(UInt32(truncatingIfNeeded: w), bin: Int(truncatingIfNeeded: b & 0xffff_ffff))
            add(UInt32(truncatingIfNeeded: w &>> 32), bin: Int(truncatingIfNeeded: b &>> 32))
        }

        // Consecutive uniform blocks of one bin (a flat area) add up in registers and reach the
        // tables once, so that they do not wait for each other's stores either. The run's sums
        // stay below 2^32: see the precondition on the pixel count.
        var runKey: UInt32 = 0, runCount: UInt32 = 0, runRed: UInt32 = 0, runGreen: UInt32 = 0, runBlue: UInt32 = 0
        @inline(__always) func flushRun() {
            guard runCount > 0 else { return }
            let b = bin(runKey)
            counts[b] &+= runCount
            if packed {
                let spread = UInt64(runRed) | UInt64(runGreen) &<< 21 | UInt64(runBlue) &<< 42
                let slot = b &* 8
                packedSums.storeBytes(of: packedSums.load(fromByteOffset: slot, as: UInt64.self) &+ spread,
                                      toByteOffset: slot, as: UInt64.self)
            } else {
                sums[b &* 3] &+= runRed
                sums[b &* 3 &+ 1] &+= runGreen
                sums[b &* 3 &+ 2] &+= runBlue
            }
            runCount = 0; runRed = 0; runGreen = 0; runBlue = 0
        }

        var i = range.lowerBound
        // Eight offsets of at most 31 add up in their bytes without carrying into the next;
        // coarser bins (1 or 2 bits) take every block pixel by pixel.
        let blocksEnd = low <= 31 ? range.lowerBound &+ (range.count & ~7) : range.lowerBound
        let keyMask2 = UInt64(keyMask) &* 0x1_0000_0001
        let offsetMask2 = UInt64(offsetMask) &* 0x1_0000_0001
        while i < blocksEnd {
            let w0 = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i &* 4, as: UInt64.self))
            let w1 = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i &* 4 &+ 8, as: UInt64.self))
            let w2 = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i &* 4 &+ 16, as: UInt64.self))
            let w3 = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i &* 4 &+ 24, as: UInt64.self))
            i &+= 8
            let k0 = w0 & keyMask2
            let differ = (k0 ^ (k0 &>> 32 | k0 &<< 32)) | (k0 ^ (w1 & keyMask2))
                | (k0 ^ (w2 & keyMask2)) | (k0 ^ (w3 & keyMask2))
            if differ == 0 {
                let key = UInt32(truncatingIfNeeded: k0)
                guard key >= opaque else { transparent &+= 8; continue }
                let halves = (w0 & offsetMask2) &+ (w1 & offsetMask2) &+ (w2 & offsetMask2) &+ (w3 & offsetMask2)
                let offsets = UInt32(truncatingIfNeeded: halves &+ halves &>> 32)
                if key != runKey {
                    flushRun()
                    runKey = key
                }
                runCount &+= 8
                runRed &+= offsets & 0xff
                runGreen &+= (offsets &>> 8) & 0xff
                runBlue &+= offsets &>> 16
            } else {
                addPair(w0); addPair(w1); addPair(w2); addPair(w3)
            }
        }
        flushRun()
        while i < range.upperBound {
            let p = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self))
            add(p, bin: bin(p))
            i &+= 1
        }
        return range.count &- transparent
    }

    /// The number of bins, `2^(3 × bitsPerChannel)`.
    public var binCount: Int { counts.count }

    /// The number of bins holding at least one pixel.
    public var occupiedBinCount: Int {
        var occupied = 0
        Self.scan(counts, floor: 1) { _, count in occupied += 1; return count }
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
        let shift = 8 - bitsPerChannel, mask = (1 << bitsPerChannel) - 1
        // Mean = the bin's corner + the rounded mean offset; never leaves the bin, so no clamping.
        func channel(_ channel: Int, _ cell: Int) -> UInt8 {
            UInt8((cell << shift) + Int((offsetSum(ofBin: index, channel: channel) + count / 2) / count))
        }
        return RGBColor(red: channel(0, index >> (2 * bitsPerChannel)),
                        green: channel(1, (index >> bitsPerChannel) & mask),
                        blue: channel(2, index & mask))
    }

    /// The sum of a bin's offsets in one channel (0 red, 1 green, 2 blue), in either layout.
    private func offsetSum(ofBin index: Int, channel: Int) -> UInt32 {
        guard packedSums else { return offsetSums[index * 3 + channel] }
        let word = offsetSums.withUnsafeBytes { $0.load(fromByteOffset: index * 8, as: UInt64.self) }
        return UInt32(truncatingIfNeeded: (word >> (21 * UInt64(channel))) & 0x1f_ffff)
    }

    /// The most common bin (ties: the lower index), or `nil` when no pixel was counted.
    public var mostCommonBin: Bin? {
        // One scan for counts above the best so far: it rises only a few times, so nearly every
        // block of 16 is one compare. Strictly above, so the first bin wins ties.
        var most: UInt32 = 0, index = -1
        Self.scan(counts, floor: 1, rising: true) { bin, count in
            if count > most { most = count; index = bin }
            return count
        }
        return index < 0 ? nil : bin(at: index)
    }

    /// Calls `body(bin, count)` for every bin holding at least `floor` (≥ 1) pixels, in
    /// ascending bin order; with `rising`, the floor becomes one above what `body` returns
    /// after each call. Tests 8 counts at a time with plain integer arithmetic, so a high floor
    /// costs little more than reading the table.
    private static func scan(_ counts: [UInt32], floor: UInt32, rising: Bool = false,
                             _ body: (Int, UInt32) -> UInt32) {
        counts.withUnsafeBufferPointer { counts in
            let whole = counts.count & ~7
            let raw = UnsafeRawPointer(counts.baseAddress!)
            var floor = floor
            var bin = 0
            while bin < whole {
                // Counts stay below 2^31 (see the initialiser's precondition), so adding
                // 2^31 − floor to each 32-bit half sets its top bit exactly when count ≥ floor,
                // and never carries into the next half.
                let bias = UInt64(0x8000_0000 &- floor) &* 0x1_0000_0001
                var hits: UInt64 = 0
                for pair in 0..<4 {
                    hits |= raw.loadUnaligned(fromByteOffset: (bin &+ 2 &* pair) &* 4, as: UInt64.self) &+ bias
                }
                if hits & 0x8000_0000_8000_0000 != 0 {
                    for lane in bin..<(bin &+ 8) where counts[lane] >= floor {
                        let seen = body(lane, counts[lane])
                        if rising { floor = seen &+ 1 }
                    }
                }
                bin &+= 8
            }
            for lane in whole..<counts.count where counts[lane] >= floor {
                let seen = body(lane, counts[lane])
                if rising { floor = seen &+ 1 }
            }
        }
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
        var keys = rankingKeys(minimumCount: minimumCount)
        keys.sort(by: >)
        return keys.map { Int(UInt32.max - UInt32(truncatingIfNeeded: $0)) }
    }

    /// Calls `body` with the indices of the bins holding at least `minimumCount` (≥ 1) pixels in
    /// the order of ``rankedBinIndices(minimumCount:)``, until it returns `false`.
    ///
    /// Callers that stop after a few bins (the quantizer stops at three roles) pay for a heap
    /// and a few removals instead of sorting every bin.
    func forEachRankedBin(minimumCount: Int, _ body: (Int) -> Bool) {
        var heap = rankingKeys(minimumCount: minimumCount)
        heap.withUnsafeMutableBufferPointer { heap in
            // A binary max-heap in place. Keys are distinct (each holds its bin index), so the
            // order is exactly that of sorting them descending.
            func siftDown(_ start: Int, _ count: Int) {
                var parent = start
                while true {
                    let left = 2 &* parent &+ 1
                    guard left < count else { return }
                    var child = left
                    if left &+ 1 < count && heap[left &+ 1] > heap[left] { child = left &+ 1 }
                    guard heap[child] > heap[parent] else { return }
                    heap.swapAt(child, parent)
                    parent = child
                }
            }
            var count = heap.count
            for start in stride(from: count / 2 - 1, through: 0, by: -1) { siftDown(start, count) }
            while count > 0 {
                let top = heap[0]
                count -= 1
                heap[0] = heap[count]
                siftDown(0, count)
                guard body(Int(UInt32.max - UInt32(truncatingIfNeeded: top))) else { return }
            }
        }
    }

    /// One key per bin holding at least `minimumCount` (≥ 1) pixels, unordered: the count in the
    /// high half and the inverted index in the low half, so that one integer compare orders by
    /// count descending, then by index ascending.
    private func rankingKeys(minimumCount: Int) -> [UInt64] {
        let floor = UInt32(clamping: max(1, minimumCount))
        var keys: [UInt64] = []
        Self.scan(counts, floor: floor) { bin, count in
            keys.append(UInt64(count) << 32 | UInt64(UInt32.max - UInt32(bin)))
            return count
        }
        return keys
    }
}
