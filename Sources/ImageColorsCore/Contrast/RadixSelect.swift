/// Exact order statistics over a stream of 64-bit keys in constant memory: the k-th smallest
/// key, found 16 bits at a time with one 65 536-bin histogram (four passes over the stream).
///
/// Used instead of sorting so that measuring a region never allocates per pixel: an image at
/// `--quality highest` can have millions of pixels under a title, and a sorted copy of their
/// contrasts would cost more memory than the image itself.
package struct RadixSelect {
    private static let digitBits = 16
    private var histogram = [Int](repeating: 0, count: 1 << digitBits)

    /// The `k`-th smallest key (1-based) of the keys `stream` produces.
    ///
    /// `stream` is called four times and must produce the same keys each time.
    /// - Parameters:
    ///   - k: The rank, 1 to the number of keys.
    ///   - stream: Calls its argument once per key.
    package mutating func kthSmallest(_ k: Int, of stream: ((UInt64) -> Void) -> Void) -> UInt64 {
        precondition(k >= 1, "RadixSelect: rank \(k) is not 1-based")
        var rank = k
        var prefix: UInt64 = 0
        var knownMask: UInt64 = 0
        var shift = 64 - Self.digitBits
        while shift >= 0 {
            // Count the next digit of every key that shares the digits chosen so far.
            for i in histogram.indices { histogram[i] = 0 }
            histogram.withUnsafeMutableBufferPointer { counts in
                stream { key in
                    if key & knownMask == prefix {
                        counts[Int(truncatingIfNeeded: (key >> UInt64(shift)) & 0xffff)] += 1
                    }
                }
            }
            // The digit whose cumulative count first reaches the rank holds the answer.
            var digit = 0
            while digit < histogram.count - 1, histogram[digit] < rank {
                rank -= histogram[digit]
                digit += 1
            }
            prefix |= UInt64(digit) << UInt64(shift)
            knownMask |= UInt64(0xffff) << UInt64(shift)
            shift -= Self.digitBits
        }
        return prefix
    }
}
