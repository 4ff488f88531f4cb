// The chroma-median count at radius 1 (pictures of 438–875 px at the canonical 250): most of the
// pictures that take the medians, so it has a path of its own, the same values in fewer steps.
extension ColorHistogram {
    /// ``recount(_:chromaMedianRadius:)``'s count at radius 1, into tables already cleared: the
    /// same values, found without closures or histograms. Each row's chroma is read once into
    /// `ring` (three rows of `width` Cb, Cr pairs, −1 when transparent). Inside the image a 3 × 3
    /// square of opaque pixels takes its medians from its columns, each sorted once as it enters
    /// the square (the median of the largest low, the median middle and the smallest high: exact
    /// for 9 values); a square cut by an edge or holding transparency gathers and sorts its values.
    /// The chroma given is the square's nearest the medians, ties to the lowest (Cb, then Cr):
    /// first as an exact match, one 32-bit compare a cell, then by one key a cell, `distance << 20
    /// | Cb << 10 | Cr`, whose minimum is the nearest with its ties broken.
    /// - Returns: How many pixels were counted.
    static func countChromaMedians3(
        _ pixels: UnsafePointer<UInt8>, width: Int, height: Int, ring: UnsafeMutablePointer<Int16>,
        counts: UnsafeMutablePointer<UInt32>, sums: UnsafeMutablePointer<UInt32>, bits: Int, packed: Bool
    ) -> Int {
        let shift = 8 &- bits
        let low = (1 &<< shift) &- 1
        let minimumAlpha = Self.minimumAlpha
        let packedWords = UnsafeMutableRawPointer(sums)
        let rowStride = width &* 2
        @inline(__always) func slot(_ y: Int) -> UnsafeMutablePointer<Int16> { ring + (y % 3) &* rowStride }
        func load(_ y: Int) {
            let row = slot(y)
            let source = pixels + y &* width &* 4
            for x in 0..<width {
                let p = source + x &* 4
                guard p[3] >= minimumAlpha else {
                    row[2 &* x] = -1
                    row[2 &* x &+ 1] = -1
                    continue
                }
                let (r, g, b) = (Int(p[0]), Int(p[1]), Int(p[2]))
                let luma = Self.luma(r, g, b)
                row[2 &* x] = Int16(truncatingIfNeeded: b &- luma &+ 255)
                row[2 &* x &+ 1] = Int16(truncatingIfNeeded: r &- luma &+ 255)
            }
        }
        /// A cell's Cb and Cr as one word, Cb in the low half: equal words, equal chromas.
        @inline(__always) func word(_ cell: UnsafeMutablePointer<Int16>) -> UInt32 {
            UnsafeRawPointer(cell).loadUnaligned(as: UInt32.self)
        }
        /// The key of a cell for the nearest chroma to (cb, cr); Int.max when transparent.
        @inline(__always) func key(_ cell: UnsafeMutablePointer<Int16>, _ cb: Int, _ cr: Int) -> Int {
            let b = Int(cell[0])
            let r = Int(cell[1])
            guard b >= 0 else { return Int.max }
            let d0 = b &- cb
            let d1 = r &- cr
            return (d0 &* d0 &+ d1 &* d1) &<< 20 | b &<< 10 | r
        }
        var gathered:
            (
                Int16, Int16, Int16, Int16, Int16, Int16, Int16, Int16, Int16,
                Int16, Int16, Int16, Int16, Int16, Int16, Int16, Int16, Int16
            ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        /// The lower medians of the opaque cells of the square round (x, y), cut by the edges.
        func gatheredMedians(x: Int, y: Int) -> (Int, Int) {
            withUnsafeMutableBytes(of: &gathered) { raw in
                let values = raw.baseAddress!.assumingMemoryBound(to: Int16.self)
                var count = 0
                for ny in max(0, y &- 1)...min(height &- 1, y &+ 1) {
                    let row = slot(ny)
                    for nx in max(0, x &- 1)...min(width &- 1, x &+ 1) where row[2 &* nx] >= 0 {
                        values[count] = row[2 &* nx]
                        values[9 &+ count] = row[2 &* nx &+ 1]
                        count &+= 1
                    }
                }
                func lowerMedian(_ v: UnsafeMutablePointer<Int16>) -> Int {
                    for i in 1..<max(1, count) {
                        let value = v[i]
                        var j = i
                        while j > 0 && v[j &- 1] > value {
                            v[j] = v[j &- 1]
                            j &-= 1
                        }
                        v[j] = value
                    }
                    return Int(v[(count &- 1) / 2])
                }
                return (lowerMedian(values), lowerMedian(values + 9))
            }
        }
        var counted = 0
        load(0)
        for y in 0..<height {
            if y &+ 1 < height { load(y &+ 1) }
            let middle = slot(y)
            let interiorRow = y >= 1 && y &+ 1 < height
            let up = interiorRow ? slot(y &- 1) : middle
            let down = interiorRow ? slot(y &+ 1) : middle
            // Sorted columns x − 1, x, x + 1 of the square (Cb and Cr), and whether each is opaque.
            var blueColumns = ((0, 0, 0), (0, 0, 0), (0, 0, 0))
            var redColumns = ((0, 0, 0), (0, 0, 0), (0, 0, 0))
            var opaqueColumns = (false, false, false)
            @inline(__always) func column(_ c: Int) -> ((Int, Int, Int), (Int, Int, Int), Bool) {
                let u = up + 2 &* c
                let m = middle + 2 &* c
                let d = down + 2 &* c
                let opaque = min(min(u[0], m[0]), d[0]) >= 0
                return (
                    Self.sorted3(Int(u[0]), Int(m[0]), Int(d[0])), Self.sorted3(Int(u[1]), Int(m[1]), Int(d[1])), opaque
                )
            }
            if interiorRow && width >= 3 {
                let (b0, r0, o0) = column(0)
                let (b1, r1, o1) = column(1)
                blueColumns = (b0, b0, b1)
                redColumns = (r0, r0, r1)
                opaqueColumns = (o0, o0, o1)
            }
            let source = pixels + y &* width &* 4
            for x in 0..<width {
                let inside = interiorRow && x >= 1 && x &+ 1 < width
                if inside {
                    let (b2, r2, o2) = column(x &+ 1)
                    blueColumns = (blueColumns.1, blueColumns.2, b2)
                    redColumns = (redColumns.1, redColumns.2, r2)
                    opaqueColumns = (opaqueColumns.1, opaqueColumns.2, o2)
                }
                let p = source + x &* 4
                guard p[3] >= minimumAlpha else { continue }
                counted &+= 1
                let own = middle + 2 &* x
                let medianBlue: Int
                let medianRed: Int
                if inside && opaqueColumns.0 && opaqueColumns.1 && opaqueColumns.2 {
                    @inline(__always) func median(_ c: ((Int, Int, Int), (Int, Int, Int), (Int, Int, Int))) -> Int {
                        Self.median3(
                            max(max(c.0.0, c.1.0), c.2.0), Self.median3(c.0.1, c.1.1, c.2.1),
                            min(min(c.0.2, c.1.2), c.2.2))
                    }
                    medianBlue = median(blueColumns)
                    medianRed = median(redColumns)
                } else {
                    (medianBlue, medianRed) = gatheredMedians(x: x, y: y)
                }
                // The square's chroma nearest the medians: the medians themselves when a cell has
                // them (always in a flat area), else the least key.
                let target =
                    UInt32(UInt16(truncatingIfNeeded: medianBlue))
                    | UInt32(UInt16(truncatingIfNeeded: medianRed)) &<< 16
                var chosenBlue = medianBlue
                var chosenRed = medianRed
                var found = word(own) == target
                if !found && inside {
                    // The nine cells at fixed places: no loops, no branch a cell.
                    let u = up + 2 &* (x &- 1)
                    let m = middle + 2 &* (x &- 1)
                    let d = down + 2 &* (x &- 1)
                    let nearest = min(
                        min(min(word(u) ^ target, word(u + 2) ^ target), min(word(u + 4) ^ target, word(m) ^ target)),
                        min(
                            min(word(m + 4) ^ target, word(d) ^ target),
                            min(word(d + 2) ^ target, word(d + 4) ^ target)))
                    if nearest != 0 {
                        let best = min(
                            min(
                                min(key(u, medianBlue, medianRed), key(u + 2, medianBlue, medianRed)),
                                min(key(u + 4, medianBlue, medianRed), key(m, medianBlue, medianRed))),
                            min(
                                min(key(m + 2, medianBlue, medianRed), key(m + 4, medianBlue, medianRed)),
                                min(
                                    min(key(d, medianBlue, medianRed), key(d + 2, medianBlue, medianRed)),
                                    key(d + 4, medianBlue, medianRed))))
                        chosenBlue = (best &>> 10) & 0x3ff
                        chosenRed = best & 0x3ff
                    }
                    found = true
                }
                if !found {
                    for ny in max(0, y &- 1)...min(height &- 1, y &+ 1) where !found {
                        let row = slot(ny)
                        for nx in max(0, x &- 1)...min(width &- 1, x &+ 1) where word(row + 2 &* nx) == target {
                            found = true
                        }
                    }
                }
                if !found {
                    var best = Int.max
                    for ny in max(0, y &- 1)...min(height &- 1, y &+ 1) {
                        let row = slot(ny)
                        for nx in max(0, x &- 1)...min(width &- 1, x &+ 1) {
                            best = min(best, key(row + 2 &* nx, medianBlue, medianRed))
                        }
                    }
                    chosenBlue = (best &>> 10) & 0x3ff
                    chosenRed = best & 0x3ff
                }
                let dr = chosenRed &- Int(own[1])
                let db = chosenBlue &- Int(own[0])
                let dg = Self.roundedQuotient(-(19_595 &* dr &+ 7_471 &* db), 38_470)
                let r = min(max(Int(p[0]) &+ dr, 0), 255)
                let g = min(max(Int(p[1]) &+ dg, 0), 255)
                let b = min(max(Int(p[2]) &+ db, 0), 255)
                let bin = (r &>> shift) &<< (2 &* bits) | (g &>> shift) &<< bits | b &>> shift
                counts[bin] &+= 1
                if packed {
                    let spread = UInt64(r & low) | UInt64(g & low) &<< 21 | UInt64(b & low) &<< 42
                    let offset = bin &* 8
                    packedWords.storeBytes(
                        of: packedWords.load(fromByteOffset: offset, as: UInt64.self) &+ spread,
                        toByteOffset: offset, as: UInt64.self)
                } else {
                    sums[bin &* 3] &+= UInt32(r & low)
                    sums[bin &* 3 &+ 1] &+= UInt32(g & low)
                    sums[bin &* 3 &+ 2] &+= UInt32(b & low)
                }
            }
        }
        return counted
    }
}
