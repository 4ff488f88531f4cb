// The chroma-median count at radius 2 and 3 (pictures of up to 437 px at the canonical 250, and
// any picture analysed at its own size): the medians slide along each row, and the nearest
// chroma is found eight pixels at a time where it can.
extension ColorHistogram {
    /// ``recount(_:chromaMedianRadius:)``'s count at `radius` 2 or more, into tables already
    /// cleared.
    ///
    /// Each row's chroma is read once into a ring of `2 × radius + 1` rows. Along each row the
    /// lower medians of the opaque cells of each square slide with a histogram per channel
    /// (Huang's method, ``SlidingMedian``). The square's chroma nearest them is then found for
    /// eight pixels at a time where the squares lie inside the image, are opaque and span less
    /// than 128 levels of either channel (as ``nearestInLanes(cb:cr:sorted:width:source:moved:)``
    /// does at radius 1), and by one pass over the square elsewhere. The row is moved
    /// (``move(_:blueChange:redChange:into:)``) and counted as the image is counted.
    ///
    /// Memory: one allocation of `(2 × (2 × radius + 1) + 4) × width × 2 + 2,048` bytes.
    /// - Returns: How many pixels were counted.
    static func countChromaMediansWide(
        _ pixels: UnsafePointer<UInt8>, width: Int, height: Int, radius: Int,
        counts: UnsafeMutablePointer<UInt32>, sums: UnsafeMutablePointer<UInt32>, bits: Int, packed: Bool
    ) -> Int {
        let side = 2 &* radius &+ 1
        let ring = side &* width
        // The rows' Cb, then their Cr; the two histograms; the row's medians of Cb and of Cr; the
        // row's pixels as counted (two slots each).
        let storage = UnsafeMutablePointer<Int16>.allocate(capacity: 2 &* ring &+ 2 &* chromaLevels &+ 4 &* width)
        defer { storage.deallocate() }
        let cb = storage
        let cr = storage + ring
        var blue = SlidingMedian(counts: storage + 2 &* ring)
        var red = SlidingMedian(counts: storage + (2 &* ring &+ chromaLevels))
        let medianBlues = storage + (2 &* ring &+ 2 &* chromaLevels)
        let medianReds = medianBlues + width
        // A transparent pixel has no medians, but its lane reads them: defined, though unused.
        medianBlues.update(repeating: 0, count: 2 &* width)
        let moved = UnsafeMutableRawPointer(medianReds + width)
        // Where each row of the current window starts in the ring: no division a cell.
        let offsets = UnsafeMutablePointer<Int>.allocate(capacity: side)
        defer { offsets.deallocate() }
        var counted = 0
        @inline(__always) func row(_ y: Int) -> Int { (y % side) &* width }
        for y in 0..<min(radius, height) { load(pixels, row: y, width: width, cb: cb + row(y), cr: cr + row(y)) }
        for y in 0..<height {
            if y &+ radius < height {
                load(pixels, row: y &+ radius, width: width, cb: cb + row(y &+ radius), cr: cr + row(y &+ radius))
            }
            let rows = max(0, y &- radius)...min(height &- 1, y &+ radius)
            for (i, ny) in rows.enumerated() { offsets[i] = row(ny) }
            let window = UnsafeBufferPointer(start: offsets, count: rows.count)
            let middle = row(y)
            blue.clear()
            red.clear()
            for x in 0..<min(radius, width) {
                slide(&blue, &red, column: x, rows: window, by: 1, cb: cb, cr: cr)
            }
            for x in 0..<width {
                if x &+ radius < width {
                    slide(&blue, &red, column: x &+ radius, rows: window, by: 1, cb: cb, cr: cr)
                }
                if x &- radius &- 1 >= 0 {
                    slide(&blue, &red, column: x &- radius &- 1, rows: window, by: -1, cb: cb, cr: cr)
                }
                guard cb[middle &+ x] >= 0 else { continue }
                medianBlues[x] = Int16(truncatingIfNeeded: blue.median())
                medianReds[x] = Int16(truncatingIfNeeded: red.median())
            }
            let source = pixels + y &* width &* 4
            /// Moves pixel `x` by one pass over its square.
            @inline(__always) func nearestOne(_ x: Int) {
                let p = source + x &* 4
                let at = middle &+ x
                guard cb[at] >= 0 else {
                    (moved + x &* 4).copyMemory(from: p, byteCount: 4)
                    return
                }
                let (medianBlue, medianRed) = (Int(medianBlues[x]), Int(medianReds[x]))
                // Its own chroma the medians (a flat area): no cell is nearer or lower.
                guard Int(cb[at]) != medianBlue || Int(cr[at]) != medianRed else {
                    (moved + x &* 4).copyMemory(from: p, byteCount: 4)
                    return
                }
                // The key `distance << 20 | Cb << 10 | Cr`: its least is the nearest, ties broken.
                var best = Int.max
                for cells in window {
                    for nx in max(0, x &- radius)...min(width &- 1, x &+ radius) where cb[cells &+ nx] >= 0 {
                        let b = Int(cb[cells &+ nx])
                        let r = Int(cr[cells &+ nx])
                        let d0 = b &- medianBlue
                        let d1 = r &- medianRed
                        best = min(best, (d0 &* d0 &+ d1 &* d1) &<< 20 | b &<< 10 | r)
                    }
                }
                let blueChange = (best &>> 10) & 0x3ff &- Int(cb[at])
                move(p, blueChange: blueChange, redChange: best & 0x3ff &- Int(cr[at]), into: moved + x &* 4)
            }
            var x = 0
            // The lanes only where the compiler optimizes: unoptimized, every SIMD operation is a
            // generic call, and the lanes' two passes over 25 or 49 cells made the debug test
            // suites' thousands of tiny pictures (radius 3) 2.5 times slower than one pass a
            // pixel. The optimized suites (`Release/test.sh`) test the lanes against the definition.
            if !_isDebugAssertConfiguration() && rows.count == side {
                while x < min(radius, width) {
                    nearestOne(x)
                    x &+= 1
                }
                // Blocks of eight whose squares lie inside the row: x − radius ... x + 7 + radius.
                while x &+ 7 &+ radius < width {
                    let fast = nearestInLanes(
                        x: x, rows: rows, radius: radius, cb: cb, cr: cr, width: width, side: side,
                        medians: (medianBlues + x, medianReds + x), source: source + x &* 4, moved: moved + x &* 4)
                    if fast != 0xff {
                        for lane in 0..<8 where fast & (1 &<< lane) == 0 { nearestOne(x &+ lane) }
                    }
                    x &+= 8
                }
            }
            while x < width {
                nearestOne(x)
                x &+= 1
            }
            counted &+= accumulate(moved, 0..<width, bits: bits, packed: packed, into: counts, sums)
        }
        return counted
    }

    /// Adds (`step` 1) or removes (−1) the opaque cells of `column` in the ring rows that start
    /// at `rows` to both medians.
    @inline(__always)
    static func slide(
        _ blue: inout SlidingMedian, _ red: inout SlidingMedian, column: Int, rows: UnsafeBufferPointer<Int>,
        by step: Int, cb: UnsafeMutablePointer<Int16>, cr: UnsafeMutablePointer<Int16>
    ) {
        for start in rows {
            let at = start &+ column
            guard cb[at] >= 0 else { continue }
            blue.add(Int(cb[at]), step)
            red.add(Int(cr[at]), step)
        }
    }

    /// For eight pixels of row `rows`' middle from `x`, whose `(2 × radius + 1)`-wide squares lie
    /// inside the image, the chroma of the square nearest its `medians` where the lanes can find
    /// it (as at radius 1): the moved pixels are written to `moved`, the others as they are.
    /// - Returns: A bit per lane (bit 0 the first pixel): set where `moved` holds its answer.
    static func nearestInLanes(
        x: Int, rows: ClosedRange<Int>, radius: Int, cb: UnsafeMutablePointer<Int16>, cr: UnsafeMutablePointer<Int16>,
        width: Int, side: Int, medians: (UnsafeMutablePointer<Int16>, UnsafeMutablePointer<Int16>),
        source: UnsafePointer<UInt8>, moved: UnsafeMutableRawPointer
    ) -> Int {
        let medianBlue = Lanes.load(medians.0)
        let medianRed = Lanes.load(medians.1)
        var nearest = Lanes(repeating: .max)
        var (lowestBlue, highestBlue) = (Lanes(repeating: .max), Lanes(repeating: .min))
        var (lowestRed, highestRed) = (Lanes(repeating: .max), Lanes(repeating: .min))
        // Wrapping arithmetic: the lanes left out may overflow.
        for y in rows {
            let at = (y % side) &* width &+ x
            for dx in -radius...radius {
                let b = Lanes.load(cb + (at &+ dx))
                let r = Lanes.load(cr + (at &+ dx))
                let d0 = b &- medianBlue
                let d1 = r &- medianRed
                nearest = Lanes.least(nearest, d0 &* d0 &+ d1 &* d1)
                (lowestBlue, highestBlue) = (Lanes.least(lowestBlue, b), Lanes.most(highestBlue, b))
                (lowestRed, highestRed) = (Lanes.least(lowestRed, r), Lanes.most(highestRed, r))
            }
        }
        let (fastLanes, mask) = Self.fastLanes(
            blue: (lowestBlue, highestBlue), red: (lowestRed, highestRed))
        guard mask != 0 else { return 0 }
        let middle = (rows.lowerBound &+ radius) % side &* width &+ x
        let ownBlue = Lanes.load(cb + middle)
        let ownRed = Lanes.load(cr + middle)
        // Where a cell has the medians themselves they are the answer: as near cells match them.
        guard !nearest.isZero else {
            move(
                source, blueChange: (medianBlue &- ownBlue) & fastLanes, redChange: (medianRed &- ownRed) & fastLanes,
                into: moved)
            return mask
        }
        // Of the nearest cells the lowest chroma: one key, Cb above Cr, each from the square's lowest.
        let none = Lanes(repeating: .max)
        var best = none
        for y in rows {
            let at = (y % side) &* width &+ x
            for dx in -radius...radius {
                let b = Lanes.load(cb + (at &+ dx))
                let r = Lanes.load(cr + (at &+ dx))
                let d0 = b &- medianBlue
                let d1 = r &- medianRed
                let key = (b &- lowestBlue) &<< 7 | (r &- lowestRed)
                best = Lanes.least(best, none.replacing(with: key, where: d0 &* d0 &+ d1 &* d1 .== nearest))
            }
        }
        move(
            source, blueChange: (lowestBlue &+ (best &>> 7) &- ownBlue) & fastLanes,
            redChange: (lowestRed &+ (best & 127) &- ownRed) & fastLanes, into: moved)
        return mask
    }
}
