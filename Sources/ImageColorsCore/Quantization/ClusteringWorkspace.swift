/// The scratch memory of clustering (``ColorHistogram/clustering(minimumCount:radius:workspace:)``):
/// one allocation sized for the histogram's bins, made once per quantization and reused by
/// each of its clusterings (the band's, then the whole image's), so that clustering allocates
/// nothing but the clusters it returns.
///
/// For N bins and S = min(N, ``ColorHistogram/clusteredBinLimit``) grown bins it holds:
/// - ``labels`` ((2^bits + 2)³ + 1 × Int16): each bin's cluster, −1 when empty or not grown;
/// - ``boxSums`` (2 × N × UInt32): the density's box-sum passes, one axis at a time;
/// - ``keys`` and ``sortBuffer`` (N × UInt64 each): the occupied bins' sort keys and the radix
///   sort's second half; after a clustering one of them holds the grown bins (``grownBins``);
/// - ``digitCounts`` (2048 × UInt32): the radix sort's bucket counts;
/// - per seed (S): its bin, its bin centre's OKLab colour, its cluster's pixels and the
///   cluster's place in the returned list; and twice S keys to sort the clusters by.
///
/// At the default 4 bits that is 164 KiB. With what a quantization allocates beside it — the
/// edges' table of each bin's cluster when a background near-tie is decided (16 KiB, freed
/// before the roles are chosen), or for a structureless count its coarse grid and that grid's
/// workspace (14 KiB) — it stays within the quantizer's working set the analyzer reserves for
/// the palette that follows (``ColorPalette/bytesNeeded(bitsPerChannel:)``, 208 KiB), and is
/// freed before the palette is made.
package struct ClusteringWorkspace: ~Copyable {
    /// The histogram's bin count, N.
    package let binCount: Int
    /// The most bins grown, hence the most clusters: S.
    package let seedCapacity: Int
    /// Each bin's cluster label (−1: empty, or not grown): what the last clustering grew, at
    /// ``labelIndex(ofBin:)``. A grid padded with a layer of −1 cells on every side, so that
    /// every bin has 26 neighbouring cells and no bounds to test. All −1 at first; each
    /// clustering resets only the bins the one before it grew. 16 bits, as there are at most
    /// ``ColorHistogram/clusteredBinLimit`` labels: half the cache lines of 32. One spare −1
    /// cell precedes the grid (`labels[-1]`).
    package let labels: UnsafeMutablePointer<Int16>
    /// The padded label grid's side: 2^bits + 2.
    package let labelSide: Int
    /// The 27 cells of a bin's 3×3×3 block in the label grid, as offsets from its first corner
    /// (``labelIndex(ofBin:)`` − side² − side − 1), red major, blue minor.
    package let blockOffsets: UnsafeMutablePointer<Int>
    /// The density's box sums, two grids that the three passes (along blue, green, red) alternate between.
    package let boxSums: UnsafeMutablePointer<UInt32>
    /// Sort keys of the occupied bins; with ``sortBuffer`` the two halves of the radix sort.
    package let keys: UnsafeMutablePointer<UInt64>
    /// The radix sort's second half.
    package let sortBuffer: UnsafeMutablePointer<UInt64>
    /// Bucket counts of one radix digit, up to 11 bits.
    package let digitCounts: UnsafeMutablePointer<UInt32>
    /// The OKLab colour of each seed's bin centre, by label.
    package let seedLabs: UnsafeMutablePointer<SIMD3<Float>>
    /// Each seed's bin, by label.
    package let seedBins: UnsafeMutablePointer<Int32>
    /// Each cluster's pixels, by label.
    package let totals: UnsafeMutablePointer<Int>
    /// Each cluster's index in the list the clustering returned (−1: left out), by label.
    package let slots: UnsafeMutablePointer<Int32>
    /// Sort keys of the clusters, and the radix sort's second half (2 × S).
    package let clusterKeys: UnsafeMutablePointer<UInt64>

    /// After a clustering: the bins it grew, densest first, each in the low bits of its key
    /// (``binMask``); either ``keys`` or ``sortBuffer``.
    package var grownBins: UnsafeMutablePointer<UInt64>
    /// How many bins the last clustering grew.
    package var grownCount = 0
    /// How many clusters (labels) the last clustering made, before the minimum count.
    package var seedCount = 0
    /// The low bits of a key that hold a bin index.
    package let binMask: UInt64
    /// Bits of a bin index.
    package let binBits: Int

    private let memory: UnsafeMutableRawPointer

    /// Where a bin's label is in ``labels``.
    @inline(__always)
    package func labelIndex(ofBin bin: Int) -> Int {
        Self.labelIndex(ofBin: bin, bitsPerChannel: binBits / 3, labelSide: labelSide)
    }

    /// Where a bin's label is in a padded label grid of `labelSide` cells a side, for callers
    /// that hold the grid but no longer the workspace (the edges' count of a near-tie).
    /// - Parameters:
    ///   - bin: A bin index of `bits` bits per channel.
    ///   - bits: Bits per channel.
    ///   - labelSide: The grid's side, `2^bits + 2`.
    @inline(__always)
    package static func labelIndex(ofBin bin: Int, bitsPerChannel bits: Int, labelSide: Int) -> Int {
        let mask = (1 &<< bits) &- 1
        return ((bin &>> (2 &* bits) &+ 1) &* labelSide &+ ((bin &>> bits) & mask) &+ 1) &* labelSide &+ (bin & mask)
            &+ 1
    }

    /// Bytes the workspace allocates for a histogram of `bitsPerChannel` bits.
    package static func bytesNeeded(bitsPerChannel bits: Int) -> Int {
        layout(bitsPerChannel: bits).total
    }

    /// Byte offsets of the regions, aligned, widest alignment first.
    private static func layout(bitsPerChannel bits: Int)
        -> (
            seedLabs: Int, keys: Int, sortBuffer: Int, totals: Int, clusterKeys: Int, blockOffsets: Int,
            labels: Int, labelCells: Int, boxSums: Int, digitCounts: Int, seedBins: Int, slots: Int, total: Int
        )
    {
        let bins = 1 << (3 * bits)
        let seeds = min(bins, ColorHistogram.clusteredBinLimit)
        let labelCells = ((1 << bits) + 2) * ((1 << bits) + 2) * ((1 << bits) + 2)
        var offset = 0
        func region(_ count: Int, _ stride: Int) -> Int {
            defer { offset += count * stride }
            return offset
        }
        let seedLabs = region(seeds, MemoryLayout<SIMD3<Float>>.stride)
        let keys = region(bins, 8)
        let sortBuffer = region(bins, 8)
        let totals = region(seeds, 8)
        let clusterKeys = region(2 * seeds, 8)
        let blockOffsets = region(27, 8)
        let boxSums = region(2 * bins, 4)
        let digitCounts = region(2048, 4)
        let seedBins = region(seeds, 4)
        let slots = region(seeds, 4)
        // One spare cell before the grid, so that a run of three cells can be read as one
        // 64-bit load from the cell before it.
        let labels = region(labelCells + 1, 2) + 2
        return (
            seedLabs, keys, sortBuffer, totals, clusterKeys, blockOffsets, labels, labelCells, boxSums, digitCounts,
            seedBins, slots, offset
        )
    }

    /// Allocates a workspace for histograms of `bitsPerChannel` bits (1…6).
    package init(bitsPerChannel bits: Int) {
        let layout = Self.layout(bitsPerChannel: bits)
        binCount = 1 << (3 * bits)
        seedCapacity = min(binCount, ColorHistogram.clusteredBinLimit)
        binBits = 3 * bits
        binMask = (1 << UInt64(3 * bits)) - 1
        let memory = UnsafeMutableRawPointer.allocate(
            byteCount: layout.total,
            alignment: max(16, MemoryLayout<SIMD3<Float>>.alignment))
        self.memory = memory
        func bind<T>(_ offset: Int, _ count: Int, _: T.Type) -> UnsafeMutablePointer<T> {
            (memory + offset).bindMemory(to: T.self, capacity: count)
        }
        seedLabs = bind(layout.seedLabs, seedCapacity, SIMD3<Float>.self)
        keys = bind(layout.keys, binCount, UInt64.self)
        sortBuffer = bind(layout.sortBuffer, binCount, UInt64.self)
        totals = bind(layout.totals, seedCapacity, Int.self)
        clusterKeys = bind(layout.clusterKeys, 2 * seedCapacity, UInt64.self)
        blockOffsets = bind(layout.blockOffsets, 27, Int.self)
        labels = bind(layout.labels - 2, layout.labelCells + 1, Int16.self) + 1
        labelSide = (1 << bits) + 2
        boxSums = bind(layout.boxSums, 2 * binCount, UInt32.self)
        digitCounts = bind(layout.digitCounts, 2048, UInt32.self)
        seedBins = bind(layout.seedBins, seedCapacity, Int32.self)
        slots = bind(layout.slots, seedCapacity, Int32.self)
        grownBins = keys
        (labels - 1).initialize(repeating: -1, count: layout.labelCells + 1)
        for dr in 0..<3 {
            for dg in 0..<3 {
                for db in 0..<3 { blockOffsets[dr * 9 + dg * 3 + db] = (dr * labelSide + dg) * labelSide + db }
            }
        }
    }

    deinit { memory.deallocate() }
}
