// The hot loop of ColorHistogram: adding pixels to the bins.
extension ColorHistogram {
    /// `accumulate` at 4 bits per channel (the default) with packed sums, its own function so
    /// that every mask is a constant.
    ///
    /// Blocks of eight pixels of one bin go as in every other depth; the others, when all eight
    /// are opaque (nearly always), are added without a test per pixel, each with three
    /// operations for its bin (a 32-bit multiply gathers the three channels' high nibbles, see
    /// ``bin4(_:)``) and three for its packed offsets.
    package static func accumulate4Packed(
        _ base: UnsafeRawPointer, _ range: Range<Int>,
        counts: UnsafeMutablePointer<UInt32>, sums: UnsafeMutablePointer<UInt32>
    ) -> Int {
        accumulate(base, range, bits: 4, packed: true, counts: counts, sums: sums)
    }

    /// The 4-bit bin of a pixel (RGBA bytes, red lowest): its three high nibbles, at bits 4, 12
    /// and 20, times 1 + 2^12 + 2^24 land blue at bit 20, green at 24 and red at 28, where the
    /// 32-bit product keeps them; the other six copies fall at distinct nibbles (4, 12, 16 below,
    /// 32, 36, 44 above, cut off), so nothing carries into the result.
    @inline(__always)
    package static func bin4(_ pixel: UInt32) -> Int {
        Int(truncatingIfNeeded: ((pixel & 0xf0_f0f0) &* 0x100_1001) &>> 20)
    }

    /// Adds the opaque pixels among `range` (pixel indices) of the RGBA pixels at `base` to
    /// `counts` and `sums`, laid out for `bits` per channel and `packed` sums, and returns how many
    /// there were: ``accumulate(_:_:bits:packed:counts:sums:)``, the default depths by their own
    /// copies of the loop, with constant masks.
    package static func accumulate(
        _ base: UnsafeRawPointer, _ range: Range<Int>, bits: Int, packed: Bool,
        into counts: UnsafeMutablePointer<UInt32>, _ sums: UnsafeMutablePointer<UInt32>
    ) -> Int {
        switch (bits, packed) {
        case (4, true): accumulate4Packed(base, range, counts: counts, sums: sums)
        case (4, false): accumulate4(base, range, counts: counts, sums: sums)
        case (5, true): accumulate5Packed(base, range, counts: counts, sums: sums)
        case (5, false): accumulate5(base, range, counts: counts, sums: sums)
        default: accumulate(base, range, bits: bits, packed: packed, counts: counts, sums: sums)
        }
    }

    /// `accumulate` at 4 bits per channel with three sums per bin.
    package static func accumulate4(
        _ base: UnsafeRawPointer, _ range: Range<Int>,
        counts: UnsafeMutablePointer<UInt32>, sums: UnsafeMutablePointer<UInt32>
    ) -> Int {
        accumulate(base, range, bits: 4, packed: false, counts: counts, sums: sums)
    }

    /// `accumulate` at 5 bits per channel with packed sums, its own function so that every mask
    /// is a constant.
    package static func accumulate5Packed(
        _ base: UnsafeRawPointer, _ range: Range<Int>,
        counts: UnsafeMutablePointer<UInt32>, sums: UnsafeMutablePointer<UInt32>
    ) -> Int {
        accumulate(base, range, bits: 5, packed: true, counts: counts, sums: sums)
    }

    /// `accumulate` at 5 bits per channel with three sums per bin.
    package static func accumulate5(
        _ base: UnsafeRawPointer, _ range: Range<Int>,
        counts: UnsafeMutablePointer<UInt32>, sums: UnsafeMutablePointer<UInt32>
    ) -> Int {
        accumulate(base, range, bits: 5, packed: false, counts: counts, sums: sums)
    }

    /// Adds the opaque pixels among `range` (pixel indices, not bytes) to the tables and returns
    /// how many there were. The hot loop.
    ///
    /// Pixels are taken eight at a time. When all eight fall in one bin with one opacity (flat
    /// areas, common in large images) they are added with one write per table word; otherwise
    /// pixel by pixel. Adding every pixel on its own would make each pixel of a flat area wait
    /// for the previous one's store to the same words; tracking runs pixel by pixel instead costs
    /// a branch per pixel that busy areas make unpredictable. The block test is a branch per
    /// eight pixels on its first two (a second on the other six when those two agree),
    /// predictable in flat and busy areas alike.
    ///
    /// Plain integer words throughout, two pixels to a 64-bit load (little-endian: the first in
    /// the low half), not SIMD types, whose lane accesses the compiler turns into stack traffic;
    /// and masking shifts (`&>>`, `&<<`), as Swift's checked shifts add a compare and a select each.
    @inline(__always)
    package static func accumulate(
        _ base: UnsafeRawPointer, _ range: Range<Int>, bits: Int, packed: Bool,
        counts: UnsafeMutablePointer<UInt32>, sums: UnsafeMutablePointer<UInt32>
    ) -> Int {
        let shift = UInt32(8 - bits)
        let low = (UInt32(1) &<< shift) &- 1
        let high = UInt32(0xff) & ~low
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
            let cells = UInt64(cellMask) &* 0x1_0000_0001
            let s = UInt64(shift)
            let k = UInt64(bits)
            return ((w &>> s) & cells) &<< (2 &* k) | ((w &>> (8 &+ s)) & cells) &<< k | (w &>> (16 &+ s)) & cells
        }
        @inline(__always) func bin(_ key: UInt32) -> Int {
            // One multiply at the default depth.
            bits == 4 ? bin4(key) : Int(truncatingIfNeeded: bins(UInt64(key)))
        }
        /// Adds `count` pixels of bin `b` whose offsets, summed per byte, are `offsets`.
        @inline(__always) func add(bin b: Int, count: UInt32, offsets: UInt32) {
            counts[b] &+= count
            if packed {
                // Bytes 0, 1, 2 moved to bits 0, 21, 42. For offsets of at most 4 bits (the
                // default 4 and 5 bits per channel) one multiply does it: the nine shifted copies
                // of the three fields (at 0, 8, 13, 16, 21, 26, 29, 34, 42) leave the three
                // targets alone, and where two copies overlap (13 and 16, 26 and 29) their sum
                // stops short of the next target (checked for every 4-bit triple).
                let o = UInt64(offsets)
                let fields = UInt64(low) | UInt64(low) &<< 21 | UInt64(low) &<< 42
                let spread =
                    low <= 15 && count == 1
                    ? (o &* 0x400_2001) & fields
                    : (o & 0xff) | (o & 0xff00) &<< 13 | (o & 0xff_0000) &<< 26
                let slot = b &* 8
                packedSums.storeBytes(
                    of: packedSums.load(fromByteOffset: slot, as: UInt64.self) &+ spread,
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
            guard p >= opaque else {
                transparent &+= 1
                return
            }
            add(bin: b, count: 1, offsets: p & offsetMask)
        }
        /// Adds one pixel known to be opaque (the low half of `p`) at 4 bits with packed sums:
        /// its bin by one multiply (``bin4(_:)``), no alpha test.
        @inline(__always) func addOpaque4(_ p: UInt64) {
            let pixel = UInt32(truncatingIfNeeded: p)
            add(bin: bin4(pixel), count: 1, offsets: pixel & offsetMask)
        }
        @inline(__always) func addPair(_ w: UInt64) {
            let b = bins(w)
            add(UInt32(truncatingIfNeeded: w), bin: Int(truncatingIfNeeded: b & 0xffff_ffff))
            add(UInt32(truncatingIfNeeded: w &>> 32), bin: Int(truncatingIfNeeded: b &>> 32))
        }

        // Consecutive uniform blocks of one bin (a flat area) add up in registers and reach the
        // tables once, so that they do not wait for each other's stores either. The run's sums
        // stay below 2^32: see the precondition on the pixel count.
        var runKey: UInt32 = 0
        var runCount: UInt32 = 0
        var runRed: UInt32 = 0
        var runGreen: UInt32 = 0
        var runBlue: UInt32 = 0
        @inline(__always) func flushRun() {
            guard runCount > 0 else { return }
            let b = bin(runKey)
            counts[b] &+= runCount
            if packed {
                let spread = UInt64(runRed) | UInt64(runGreen) &<< 21 | UInt64(runBlue) &<< 42
                let slot = b &* 8
                packedSums.storeBytes(
                    of: packedSums.load(fromByteOffset: slot, as: UInt64.self) &+ spread,
                    toByteOffset: slot, as: UInt64.self)
            } else {
                sums[b &* 3] &+= runRed
                sums[b &* 3 &+ 1] &+= runGreen
                sums[b &* 3 &+ 2] &+= runBlue
            }
            runCount = 0
            runRed = 0
            runGreen = 0
            runBlue = 0
        }

        var i = range.lowerBound
        // Eight offsets of at most 31 add up in their bytes without carrying into the next;
        // coarser bins (1 or 2 bits) take every block pixel by pixel.
        let blocksEnd = low <= 31 ? range.lowerBound &+ (range.count & ~7) : range.lowerBound
        let keyMask2 = UInt64(keyMask) &* 0x1_0000_0001
        let offsetMask2 = UInt64(offsetMask) &* 0x1_0000_0001
        // Each pixel's top alpha bit, in both halves (the whole opacity test when the minimum
        // alpha is 128): set in all four words when all eight are opaque.
        let alphas = UInt64(opaque) &* 0x1_0000_0001
        while i < blocksEnd {
            let w0 = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i &* 4, as: UInt64.self))
            let w1 = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i &* 4 &+ 8, as: UInt64.self))
            let w2 = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i &* 4 &+ 16, as: UInt64.self))
            let w3 = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i &* 4 &+ 24, as: UInt64.self))
            i &+= 8
            let k0 = w0 & keyMask2
            // The first two pixels' keys alone first: in busy areas they nearly always differ,
            // and the other six need no test (measured: 3–4% less time on 250 px photos).
            if k0 ^ (k0 &>> 32 | k0 &<< 32) == 0
                && (k0 ^ (w1 & keyMask2)) | (k0 ^ (w2 & keyMask2)) | (k0 ^ (w3 & keyMask2)) == 0
            {
                let key = UInt32(truncatingIfNeeded: k0)
                guard key >= opaque else {
                    transparent &+= 8
                    continue
                }
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
            } else if bits == 4 && packed && opaque == 1 &<< 31 && w0 & w1 & w2 & w3 & alphas == alphas {
                // All eight opaque: the default depth's fast path.
                addOpaque4(w0)
                addOpaque4(w0 &>> 32)
                addOpaque4(w1)
                addOpaque4(w1 &>> 32)
                addOpaque4(w2)
                addOpaque4(w2 &>> 32)
                addOpaque4(w3)
                addOpaque4(w3 &>> 32)
            } else {
                addPair(w0)
                addPair(w1)
                addPair(w2)
                addPair(w3)
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
}
