/// A sink that may sit a decoding pass out: when it cannot reserve its memory at `begin`, it
/// receives nothing and says so, instead of failing the pass for the sink beside it.
///
/// The thumbnail's downscaler sits behind one, next to the analysis downscaler in a
/// ``TeeSink``: whether the thumbnail fits the budget must never decide whether, or how, the
/// image is analysed (one image and one set of options give one answer).
package struct OptionalSink<Inner: PixelSink>: PixelSink {
    /// The sink.
    package var inner: Inner
    /// Whether `inner` declined the pass (its reservation did not fit the budget).
    package private(set) var skipped = false

    package init(_ inner: Inner) {
        self.inner = inner
    }

    package mutating func begin(width: Int, height: Int, rowsInOrder: Bool) throws {
        do {
            try inner.begin(width: width, height: height, rowsInOrder: rowsInOrder)
        } catch is MemoryBudgetError {
            skipped = true
        }
    }

    package mutating func consume(row: UnsafePointer<UInt8>, y: Int, x0: Int, dx: Int, count: Int) {
        guard !skipped else { return }
        inner.consume(row: row, y: y, x0: x0, dx: dx, count: count)
    }

    // Forwarded, or the inner sink would see an animation's frames one over the other.
    package mutating func beginFrame(_ index: Int, share: FrameShare) {
        guard !skipped else { return }
        inner.beginFrame(index, share: share)
    }
}
