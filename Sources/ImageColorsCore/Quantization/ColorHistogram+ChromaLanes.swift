// The two ways the radius-1 chroma-median count finds a pixel's chroma: eight pixels in lanes
// where the square allows it, one by gathering where it does not. Both give the square's opaque
// chroma nearest its lower medians, ties to the lowest Cb, then Cr.
extension ColorHistogram {
    /// For eight pixels in a row, the chroma of their 3 × 3 squares nearest the squares' medians,
    /// where the lanes can find it (the square opaque, each channel spanning less than 128 levels,
    /// so that a squared distance fits in 16 bits): the pixels moved to it are written to `moved`
    /// (``move(_:blueChange:redChange:into:)``), the others as they are.
    /// - Parameters:
    ///   - cb: The three rows' Cb at the first of the eight pixels; cells x − 1 ... x + 8 are read.
    ///   - cr: The same for Cr.
    ///   - sorted: The rows' sorted columns (``sortColumns(_:_:_:into:count:)``) at the first pixel:
    ///     Cb's lows, middles and highs `width` apart, then Cr's.
    ///   - width: The row's width.
    ///   - source: The eight RGBA pixels.
    ///   - moved: Room for eight RGBA pixels; left as it is when no lane is found.
    /// - Returns: A bit per lane (bit 0 the first pixel): set where `moved` holds its answer.
    @inline(__always)
    static func nearestInLanes(
        cb: (UnsafeMutablePointer<Int16>, UnsafeMutablePointer<Int16>, UnsafeMutablePointer<Int16>),
        cr: (UnsafeMutablePointer<Int16>, UnsafeMutablePointer<Int16>, UnsafeMutablePointer<Int16>),
        sorted: UnsafeMutablePointer<Int16>, width: Int, source: UnsafePointer<UInt8>, moved: UnsafeMutableRawPointer
    ) -> Int {
        let (medianBlue, lowestBlue, highestBlue) = medians(sorted, width: width)
        let (medianRed, lowestRed, highestRed) = medians(sorted + 3 &* width, width: width)
        let (fastLanes, mask) = Self.fastLanes(
            blue: (lowestBlue, highestBlue), red: (lowestRed, highestRed))
        guard mask != 0 else { return 0 }
        // The nine cells' squared distances; wrapping, as the lanes left out may overflow.
        var distances = (Lanes(), Lanes(), Lanes(), Lanes(), Lanes(), Lanes(), Lanes(), Lanes(), Lanes())
        var nearest = Lanes(repeating: .max)
        withUnsafeMutableBytes(of: &distances) { raw in
            let d = raw.baseAddress!.assumingMemoryBound(to: Lanes.self)
            for cell in 0..<9 {
                let row = cell / 3
                let dx = cell % 3 &- 1
                let b0 = Lanes.load((row == 0 ? cb.0 : row == 1 ? cb.1 : cb.2) + dx) &- medianBlue
                let r0 = Lanes.load((row == 0 ? cr.0 : row == 1 ? cr.1 : cr.2) + dx) &- medianRed
                let distance = b0 &* b0 &+ r0 &* r0
                d[cell] = distance
                nearest = Lanes.least(nearest, distance)
            }
        }
        // Where a cell has the medians themselves (always in a flat area) they are the answer:
        // cells as near have the same chroma.
        if nearest.isZero {
            move(
                source, blueChange: (medianBlue &- Lanes.load(cb.1)) & fastLanes,
                redChange: (medianRed &- Lanes.load(cr.1)) & fastLanes, into: moved)
            return mask
        }
        // Of the nearest cells the lowest chroma: one key, Cb above Cr, each from the square's
        // lowest (under 128 levels above it).
        let none = Lanes(repeating: .max)
        var best = none
        withUnsafeBytes(of: &distances) { raw in
            let d = raw.baseAddress!.assumingMemoryBound(to: Lanes.self)
            for cell in 0..<9 {
                let row = cell / 3
                let dx = cell % 3 &- 1
                let cellBlue = Lanes.load((row == 0 ? cb.0 : row == 1 ? cb.1 : cb.2) + dx)
                let cellRed = Lanes.load((row == 0 ? cr.0 : row == 1 ? cr.1 : cr.2) + dx)
                let key = (cellBlue &- lowestBlue) &<< 7 | (cellRed &- lowestRed)
                best = Lanes.least(best, none.replacing(with: key, where: d[cell] .== nearest))
            }
        }
        let chosenBlue = lowestBlue &+ (best &>> 7)
        let chosenRed = lowestRed &+ (best & 127)
        move(
            source, blueChange: (chosenBlue &- Lanes.load(cb.1)) & fastLanes,
            redChange: (chosenRed &- Lanes.load(cr.1)) & fastLanes, into: moved)
        return mask
    }

    /// The lanes whose squares the lanes can settle, from each channel's lowest and highest
    /// value in the square: opaque (transparent cells hold −1 in both channels) and spanning
    /// less than 128 levels, so that a squared distance fits in 16 bits.
    /// - Returns: −1 in those lanes and 0 in the others (which keep their pixels for the
    ///   caller), and the same as a bit per lane, bit 0 the first.
    @inline(__always)
    static func fastLanes(blue: (Lanes, Lanes), red: (Lanes, Lanes)) -> (lanes: Lanes, mask: Int) {
        let span = Lanes(repeating: 128)
        let fast =
            (blue.0 .>= Lanes(repeating: 0)) .& ((blue.1 &- blue.0) .< span) .& ((red.1 &- red.0) .< span)
        let lanes = Lanes().replacing(with: -1, where: fast)
        let weights: Lanes = [1, 2, 4, 8, 16, 32, 64, 128]
        return (lanes, Int((lanes & weights).wrappedSum()))
    }

    /// A channel's medians over eight 3 × 3 squares, their lowest values and their highest, from
    /// the sorted columns at `s` (lows, middles and highs `width` apart; columns −1 ... 8 read).
    @inline(__always)
    static func medians(_ s: UnsafeMutablePointer<Int16>, width: Int) -> (Lanes, Lanes, Lanes) {
        let (l0, l1, l2) = (Lanes.load(s - 1), Lanes.load(s), Lanes.load(s + 1))
        let m = s + width
        let (m0, m1, m2) = (Lanes.load(m - 1), Lanes.load(m), Lanes.load(m + 1))
        let h = m + width
        let (h0, h1, h2) = (Lanes.load(h - 1), Lanes.load(h), Lanes.load(h + 1))
        let middle = Lanes.most(Lanes.least(m0, m1), Lanes.least(Lanes.most(m0, m1), m2))
        let lowHigh = Lanes.most(Lanes.most(l0, l1), l2)
        let highLow = Lanes.least(Lanes.least(h0, h1), h2)
        let median = Lanes.most(Lanes.least(lowHigh, middle), Lanes.least(Lanes.most(lowHigh, middle), highLow))
        return (median, Lanes.least(Lanes.least(l0, l1), l2), Lanes.most(Lanes.most(h0, h1), h2))
    }

    /// The chroma of the opaque cells of the 3 × 3 square round (x, y), cut by the image's edges,
    /// nearest their lower medians, ties to the lowest Cb, then Cr; found by gathering and sorting.
    /// `cb` and `cr` hold three rows of `width`, row `y` at `(y % 3) × width`; (x, y) is opaque.
    /// `scratch` has room for 36 values.
    static func nearestGathered(
        x: Int, y: Int, width: Int, height: Int, cb: UnsafeMutablePointer<Int16>, cr: UnsafeMutablePointer<Int16>,
        scratch: UnsafeMutablePointer<Int16>
    ) -> (Int, Int) {
        // The opaque cells' Cb and Cr, then the same sorted.
        let (blues, reds) = (scratch, scratch + 9)
        let (sortedBlues, sortedReds) = (scratch + 18, scratch + 27)
        var count = 0
        for ny in max(0, y &- 1)...min(height &- 1, y &+ 1) {
            let at = (ny % 3) &* width
            for nx in max(0, x &- 1)...min(width &- 1, x &+ 1) where cb[at &+ nx] >= 0 {
                blues[count] = cb[at &+ nx]
                reds[count] = cr[at &+ nx]
                count &+= 1
            }
        }
        /// The lower median of `count` values, sorted into `sorted`.
        @inline(__always) func lowerMedian(_ values: UnsafeMutablePointer<Int16>, _ sorted: UnsafeMutablePointer<Int16>)
            -> Int
        {
            for i in 0..<count {
                let value = values[i]
                var j = i
                while j > 0 && sorted[j &- 1] > value {
                    sorted[j] = sorted[j &- 1]
                    j &-= 1
                }
                sorted[j] = value
            }
            return Int(sorted[(count &- 1) / 2])
        }
        let medianBlue = lowerMedian(blues, sortedBlues)
        let medianRed = lowerMedian(reds, sortedReds)
        // The key `distance << 20 | Cb << 10 | Cr`: its least is the nearest, ties broken.
        var best = Int.max
        for i in 0..<count {
            let blue = Int(blues[i])
            let red = Int(reds[i])
            let d0 = blue &- medianBlue
            let d1 = red &- medianRed
            best = min(best, (d0 &* d0 &+ d1 &* d1) &<< 20 | blue &<< 10 | red)
        }
        return ((best &>> 10) & 0x3ff, best & 0x3ff)
    }
}
