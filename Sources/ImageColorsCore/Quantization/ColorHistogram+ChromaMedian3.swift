// The chroma-median count at radius 1 (pictures of 438–875 px at the canonical 250): most of the
// pictures that take the medians, so it has a path of its own, the same values in fewer steps:
// eight pixels at a time in 16-bit lanes, the instruction budget of issue 41 (+10% an analysis).
extension ColorHistogram {
    /// Eight 16-bit lanes: one SSE2 register, whose min, max and low multiply are one instruction.
    typealias Lanes = SIMD8<Int16>

    /// ``recount(_:chromaMedianRadius:)``'s count at radius 1, into tables already cleared: the
    /// same values, eight pixels at a time where it can.
    ///
    /// Each row's chroma is read once into a ring of three rows (Cb and Cr apart, −1 when
    /// transparent), and each column of the three rows is sorted once
    /// (``sortColumns(_:_:_:into:count:)``). A pixel inside the image whose 3 × 3 square is opaque
    /// and spans less than 128 levels of either channel is then found in lanes
    /// (``nearestInLanes(cb:cr:sorted:width:source:moved:)``): the medians from the sorted columns (the
    /// median of the largest low, the median middle and the smallest high: exact for 9 values),
    /// the squared distances in 16 bits, and of the nearest cells the lowest chroma. Any other
    /// pixel — on the image's edge, by transparency, or by a wide square — takes
    /// ``nearestGathered(x:y:width:height:cb:cr:scratch:)``, which gathers and sorts. Then the row is
    /// moved (``move(_:blueChange:redChange:into:)``) and counted as the image is counted.
    ///
    /// Memory: one allocation of 28 bytes per pixel of a row, and 72 more.
    /// - Returns: How many pixels were counted.
    static func countChromaMedians3(
        _ pixels: UnsafePointer<UInt8>, width: Int, height: Int,
        counts: UnsafeMutablePointer<UInt32>, sums: UnsafeMutablePointer<UInt32>, bits: Int, packed: Bool
    ) -> Int {
        // Three rows of Cb, three of Cr, the six sorted columns, the row's pixels as counted (two
        // slots each), and the gathering's scratch.
        let storage = UnsafeMutablePointer<Int16>.allocate(capacity: 14 &* width &+ 36)
        defer { storage.deallocate() }
        let cb = storage
        let cr = storage + 3 &* width
        let sorted = storage + 6 &* width
        let moved = UnsafeMutableRawPointer(storage + 12 &* width)
        let scratch = storage + 14 &* width
        var counted = 0
        @inline(__always) func row(_ y: Int) -> Int { (y % 3) &* width }
        /// Moves pixel `x` of row `y` (at `source`) into `moved` by gathering.
        @inline(__always) func gather(_ x: Int, _ y: Int, _ source: UnsafePointer<UInt8>) {
            let at = row(y) &+ x
            let p = source + x &* 4
            guard cb[at] >= 0 else {
                (moved + x &* 4).copyMemory(from: p, byteCount: 4)
                return
            }
            let (blue, red) = nearestGathered(
                x: x, y: y, width: width, height: height, cb: cb, cr: cr, scratch: scratch)
            move(p, blueChange: blue &- Int(cb[at]), redChange: red &- Int(cr[at]), into: moved + x &* 4)
        }
        load(pixels, row: 0, width: width, cb: cb, cr: cr)
        for y in 0..<height {
            if y &+ 1 < height { load(pixels, row: y &+ 1, width: width, cb: cb + row(y &+ 1), cr: cr + row(y &+ 1)) }
            let source = pixels + y &* width &* 4
            var x = 0
            // The lanes only where the compiler optimizes, as at radius 2-3 (see
            // `countChromaMediansWide`): unoptimized, each SIMD operation is a generic call.
            if !_isDebugAssertConfiguration() && y >= 1 && y &+ 1 < height && width >= 10 {
                let (up, middle, down) = (row(y &- 1), row(y), row(y &+ 1))
                sortColumns(cb + up, cb + middle, cb + down, into: sorted, count: width)
                sortColumns(cr + up, cr + middle, cr + down, into: sorted + 3 &* width, count: width)
                gather(0, y, source)
                x = 1
                // Blocks of eight whose squares lie inside the row: x − 1 ... x + 8.
                while x &+ 8 < width {
                    let fast = nearestInLanes(
                        cb: (cb + up + x, cb + middle + x, cb + down + x),
                        cr: (cr + up + x, cr + middle + x, cr + down + x),
                        sorted: sorted + x, width: width, source: source + x &* 4, moved: moved + x &* 4)
                    if fast != 0xff {
                        for lane in 0..<8 where fast & (1 &<< lane) == 0 { gather(x &+ lane, y, source) }
                    }
                    x &+= 8
                }
            }
            while x < width {
                gather(x, y, source)
                x &+= 1
            }
            counted &+= accumulate(moved, 0..<width, bits: bits, packed: packed, into: counts, sums)
        }
        return counted
    }

    /// Reads row `y`'s chroma into `cb` and `cr`: BT.601 `blue − luma` and `red − luma` offset by
    /// 255 into 0...510, or −1 where the pixel is transparent.
    // Not inlined: in the caller's loop its values spilled to the stack.
    @inline(never)
    static func load(
        _ pixels: UnsafePointer<UInt8>, row y: Int, width: Int, cb: UnsafeMutablePointer<Int16>,
        cr: UnsafeMutablePointer<Int16>
    ) {
        let source = pixels + y &* width &* 4
        var x = 0
        // Eight pixels at a time, in 32-bit lanes (the products of 8-bit channels and 16-bit
        // weights, which the compiler multiplies in 16-bit halves); only where the compiler
        // optimizes, as the medians' lanes (unoptimized, each SIMD operation is a generic call).
        while !_isDebugAssertConfiguration() && x &+ 8 <= width {
            let words = UnsafeRawPointer(source + x &* 4).loadUnaligned(as: SIMD8<UInt32>.self)
            let r = SIMD8<Int32>(truncatingIfNeeded: words & 0xff)
            let g = SIMD8<Int32>(truncatingIfNeeded: words &>> 8 & 0xff)
            let b = SIMD8<Int32>(truncatingIfNeeded: words &>> 16 & 0xff)
            let luma = (r &* 19_595 &+ g &* 38_470 &+ b &* 7_471 &+ 32_768) &>> 16
            // −1 where transparent, 0 elsewhere, by arithmetic: a comparison's mask was built lane
            // by lane.
            let transparent = (SIMD8<Int32>(truncatingIfNeeded: words &>> 24) &- Int32(minimumAlpha)) &>> 31
            SIMD8<Int16>(truncatingIfNeeded: (b &- luma &+ 255) | transparent).store(to: cb + x)
            SIMD8<Int16>(truncatingIfNeeded: (r &- luma &+ 255) | transparent).store(to: cr + x)
            x &+= 8
        }
        while x < width {
            defer { x &+= 1 }
            let p = source + x &* 4
            guard p[3] >= minimumAlpha else {
                cb[x] = -1
                cr[x] = -1
                continue
            }
            let (r, g, b) = (Int(p[0]), Int(p[1]), Int(p[2]))
            let luma = Self.luma(r, g, b)
            cb[x] = Int16(truncatingIfNeeded: b &- luma &+ 255)
            cr[x] = Int16(truncatingIfNeeded: r &- luma &+ 255)
        }
    }

    /// The lows, middles and highs of `count` columns of three rows, stored one after the other
    /// at `into`: `count` lows, then middles, then highs.
    @inline(__always)
    static func sortColumns(
        _ up: UnsafeMutablePointer<Int16>, _ middle: UnsafeMutablePointer<Int16>, _ down: UnsafeMutablePointer<Int16>,
        into sorted: UnsafeMutablePointer<Int16>, count: Int
    ) {
        var x = 0
        while x &+ 8 <= count {
            let a = Lanes.load(up + x)
            let b = Lanes.load(middle + x)
            let c = Lanes.load(down + x)
            let low = Lanes.least(a, b)
            let high = Lanes.most(a, b)
            Lanes.least(low, c).store(to: sorted + x)
            Lanes.most(low, Lanes.least(high, c)).store(to: sorted + (count &+ x))
            Lanes.most(high, c).store(to: sorted + (2 &* count &+ x))
            x &+= 8
        }
        while x < count {
            let (low, mid, high) = sorted3(Int(up[x]), Int(middle[x]), Int(down[x]))
            sorted[x] = Int16(truncatingIfNeeded: low)
            sorted[count &+ x] = Int16(truncatingIfNeeded: mid)
            sorted[2 &* count &+ x] = Int16(truncatingIfNeeded: high)
            x &+= 1
        }
    }
}

extension SIMD8 where Scalar == Int16 {
    /// Eight values from `pointer`, aligned or not.
    @inline(__always)
    static func load(_ pointer: UnsafeMutablePointer<Int16>) -> Self {
        UnsafeRawPointer(pointer).loadUnaligned(as: Self.self)
    }

    /// The lesser of `a` and `b` in each lane. (The standard library's `pointwiseMin` is not
    /// inlined at -O in Swift 6.3: a call for one instruction.)
    @inline(__always)
    static func least(_ a: Self, _ b: Self) -> Self {
        a.replacing(with: b, where: b .< a)
    }

    /// The greater of `a` and `b` in each lane.
    @inline(__always)
    static func most(_ a: Self, _ b: Self) -> Self {
        a.replacing(with: b, where: b .> a)
    }

    /// Whether every lane is 0: two 64-bit words tested (`==` on SIMD values went lane by lane).
    @inline(__always)
    var isZero: Bool {
        let words = unsafeBitCast(self, to: SIMD2<UInt64>.self)
        return words[0] | words[1] == 0
    }

    /// Stores the eight values at `pointer`, aligned or not.
    @inline(__always)
    func store(to pointer: UnsafeMutablePointer<Int16>) {
        UnsafeMutableRawPointer(pointer).storeBytes(of: self, as: Self.self)
    }
}

extension ColorHistogram {
    /// Writes the RGBA pixel at `source` to `moved`, moved by `blueChange` in Cb and `redChange`
    /// in Cr, green so that the luma stays, each channel clamped to 0...255.
    @inline(__always)
    static func move(
        _ source: UnsafePointer<UInt8>, blueChange db: Int, redChange dr: Int, into moved: UnsafeMutableRawPointer
    ) {
        let target = moved.assumingMemoryBound(to: UInt8.self)
        target[3] = source[3]
        // Where the chroma stays (flat areas, straight edges) the pixel is counted to the bit.
        guard db | dr != 0 else {
            (target[0], target[1], target[2]) = (source[0], source[1], source[2])
            return
        }
        // −(19,595 dr + 7,471 db) / 38,470 rounded, halves away from zero, by one truncating division.
        let n = 0 &- (19_595 &* dr &+ 7_471 &* db)
        let dg = (2 &* n &+ (n >= 0 ? 38_470 : -38_470)) / 76_940
        target[0] = UInt8(truncatingIfNeeded: clamped(Int(source[0]) &+ dr))
        target[1] = UInt8(truncatingIfNeeded: clamped(Int(source[1]) &+ dg))
        target[2] = UInt8(truncatingIfNeeded: clamped(Int(source[2]) &+ db))
    }

    /// ``move(_:blueChange:redChange:into:)`` for eight pixels whose changes lie within ±127: the
    /// change of green as `(−534,101 dr − 203,638 db + 2^19) >> 20`, which equals the rounded
    /// quotient for every such pair (checked for all 65,025) and fits 32-bit lanes.
    @inline(__always)
    static func move(
        _ source: UnsafePointer<UInt8>, blueChange db: Lanes, redChange dr: Lanes, into moved: UnsafeMutableRawPointer
    ) {
        let words = UnsafeRawPointer(source).loadUnaligned(as: SIMD8<UInt32>.self)
        let r = Lanes(truncatingIfNeeded: words & 0xff)
        let g = Lanes(truncatingIfNeeded: words &>> 8 & 0xff)
        let b = Lanes(truncatingIfNeeded: words &>> 16 & 0xff)
        let dg = Lanes(
            truncatingIfNeeded: (SIMD8<Int32>(truncatingIfNeeded: dr) &* -534_101
                &+ SIMD8<Int32>(truncatingIfNeeded: db) &* -203_638 &+ 524_288) &>> 20)
        let (zero, top) = (Lanes(), Lanes(repeating: 255))
        let red = Lanes.least(Lanes.most(r &+ dr, zero), top)
        let green = Lanes.least(Lanes.most(g &+ dg, zero), top)
        let blue = Lanes.least(Lanes.most(b &+ db, zero), top)
        let low = SIMD8<UInt32>(truncatingIfNeeded: SIMD8<UInt16>(truncatingIfNeeded: red | green &<< 8))
        let high = SIMD8<UInt32>(truncatingIfNeeded: SIMD8<UInt16>(truncatingIfNeeded: blue)) &<< 16
        moved.storeBytes(of: low | high | words & 0xff00_0000, as: SIMD8<UInt32>.self)
    }

    /// `value` clamped to 0...255.
    @inline(__always)
    static func clamped(_ value: Int) -> Int {
        min(max(value, 0), 255)
    }
}
