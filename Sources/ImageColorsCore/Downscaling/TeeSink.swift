/// Hands every decoded row to two sinks: one decoding pass feeds both the analysis downscaler
/// and the thumbnail's.
package struct TeeSink<First: PixelSink, Second: PixelSink>: PixelSink {
    package var first: First
    package var second: Second

    /// Feeds `first`, then `second`, with every call.
    package init(first: First, second: Second) {
        self.first = first
        self.second = second
    }

    package mutating func begin(width: Int, height: Int, rowsInOrder: Bool) throws {
        try first.begin(width: width, height: height, rowsInOrder: rowsInOrder)
        try second.begin(width: width, height: height, rowsInOrder: rowsInOrder)
    }

    package mutating func consume(row: UnsafePointer<UInt8>, y: Int, x0: Int, dx: Int, count: Int) {
        first.consume(row: row, y: y, x0: x0, dx: dx, count: count)
        second.consume(row: row, y: y, x0: x0, dx: dx, count: count)
    }

    package mutating func beginFrame(_ index: Int, share: FrameShare) {
        first.beginFrame(index, share: share)
        second.beginFrame(index, share: share)
    }
}
