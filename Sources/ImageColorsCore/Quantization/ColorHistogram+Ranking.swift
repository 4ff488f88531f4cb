// Finding and ordering ColorHistogram's bins by count.
extension ColorHistogram {
    /// The most common bin (ties: the lower index), or `nil` when no pixel was counted.
    public var mostCommonBin: Bin? {
        // One scan for counts above the best so far: it rises only a few times, so nearly every
        // block of 16 is one compare. Strictly above, so the first bin wins ties.
        var most: UInt32 = 0
        var index = -1
        Self.scan(counts, floor: 1, rising: true) { bin, count in
            if count > most {
                most = count
                index = bin
            }
            return count
        }
        return index < 0 ? nil : bin(at: index)
    }

    /// Calls `body(bin, count)` for every bin holding at least `floor` (≥ 1) pixels, in
    /// ascending bin order; with `rising`, the floor becomes one above what `body` returns
    /// after each call. Tests 8 counts at a time with plain integer arithmetic, so a high floor
    /// costs little more than reading the table.
    package static func scan(
        _ counts: [UInt32], floor: UInt32, rising: Bool = false,
        _ body: (Int, UInt32) -> UInt32
    ) {
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
    package func bin(at index: Int) -> Bin {
        Bin(index: index, count: count(ofBin: index), meanColor: meanColor(ofBin: index)!)
    }

    /// The indices of the bins holding at least `minimumCount` (≥ 1) pixels, most common first,
    /// ties by ascending index. Only those bins are sorted, so a high minimum keeps this cheap
    /// even for noisy images that touch most bins.
    package func rankedBinIndices(minimumCount: Int) -> [Int] {
        var keys = rankingKeys(minimumCount: minimumCount)
        keys.sort(by: >)
        return keys.map { Int(UInt32.max - UInt32(truncatingIfNeeded: $0)) }
    }

    /// Calls `body` with the indices of the bins holding at least `minimumCount` (≥ 1) pixels in
    /// the order of ``rankedBinIndices(minimumCount:)``, until it returns `false`.
    ///
    /// Callers that stop after a few bins (the quantizer stops at three roles) pay for a heap
    /// and a few removals instead of sorting every bin.
    package func forEachRankedBin(minimumCount: Int, _ body: (Int) -> Bool) {
        Self.forEachDescending(rankingKeys(minimumCount: minimumCount)) {
            body(Int(UInt32.max - UInt32(truncatingIfNeeded: $0)))
        }
    }

    /// Calls `body` with distinct keys, largest first, until it returns `false`: a binary
    /// max-heap built in place and emptied one key at a time, so a caller that stops early pays
    /// for the keys it takes, not for sorting them all.
    package static func forEachDescending(_ keys: [UInt64], _ body: (UInt64) -> Bool) {
        var heap = keys
        heap.withUnsafeMutableBufferPointer { heap in
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
                guard body(top) else { return }
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
