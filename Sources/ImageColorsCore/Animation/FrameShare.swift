/// The analysed pixels one frame of an animation fills when every frame is counted
/// (``FramePolicy/all``): those whose ``threshold(x:y:)`` falls in `lower..<upper`, out of 2³².
///
/// Frames get ranges in proportion to how long they are shown, so each frame fills that share of
/// the downscaled image's pixels and the histogram counts every frame by its display time, while
/// every analysed pixel keeps the colour of one frame (never a mix of frames).
package struct FrameShare: Sendable, Hashable {
    /// The first threshold of the range.
    package let lower: UInt64
    /// One past the last threshold of the range (at most 2³²).
    package let upper: UInt64

    /// Every pixel: the one frame of a still image, or the first frame by default.
    package static let whole = FrameShare(lower: 0, upper: 1 << 32)

    /// Whether this share is every pixel (the downscaler's fast path).
    package var isWhole: Bool { lower == 0 && upper >= 1 << 32 }

    /// The threshold of output pixel `(x, y)`: the fractional part of x·α₁ + y·α₂ in 32-bit
    /// fixed point, where α₁ = 0.7548776662 and α₂ = 0.5698402910 are the constants of Roberts'
    /// R2 sequence (1/φ₂ and 1/φ₂², φ₂ the plastic number). Neighbouring pixels get thresholds
    /// far apart, so any range of width w fills about w of every row, column and rectangle —
    /// the edge band that the background is taken from included. Integer arithmetic only, so
    /// the pattern is the same on every machine.
    @inline(__always)
    package static func threshold(x: Int, y: Int) -> UInt64 {
        let t = UInt64(truncatingIfNeeded: x) &* 3_242_174_889 &+ UInt64(truncatingIfNeeded: y) &* 2_447_445_414
        return t & 0xFFFF_FFFF
    }

    /// Whether output pixel `(x, y)` belongs to this frame.
    @inline(__always)
    package func contains(x: Int, y: Int) -> Bool {
        let t = Self.threshold(x: x, y: y)
        return t >= lower && t < upper
    }

    /// One share per frame, in order, in proportion to `displayTimes` (milliseconds, each at
    /// least 1): together they cover every threshold exactly once.
    package static func shares(displayTimes: [Int]) -> [FrameShare] {
        let total = UInt64(displayTimes.reduce(0) { $0 + max(1, $1) })
        var shares: [FrameShare] = []
        shares.reserveCapacity(displayTimes.count)
        var elapsed: UInt64 = 0
        var lower: UInt64 = 0
        for time in displayTimes {
            elapsed += UInt64(max(1, time))
            // elapsed · 2³² / total, without overflowing 64 bits.
            let upper = total.dividingFullWidth(elapsed.multipliedFullWidth(by: 1 << 32)).quotient
            shares.append(FrameShare(lower: lower, upper: upper))
            lower = upper
        }
        return shares
    }

    /// How long a frame is shown, in milliseconds, from the time its file gives: browsers
    /// (Chromium, Firefox) show frames of 10 ms or less for 100 ms, so they count as 100 ms.
    package static func displayTime(milliseconds: Int) -> Int {
        milliseconds <= 10 ? 100 : milliseconds
    }
}
