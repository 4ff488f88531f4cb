/// Hands every decoded row to two sinks: one decoding pass feeds both the analysis downscaler
/// and the thumbnail's.
struct TeeSink<First: PixelSink, Second: PixelSink>: PixelSink {
    var first: First
    var second: Second

    mutating func begin(width: Int, height: Int, rowsInOrder: Bool) throws {
        try first.begin(width: width, height: height, rowsInOrder: rowsInOrder)
        try second.begin(width: width, height: height, rowsInOrder: rowsInOrder)
    }

    mutating func consume(row: UnsafePointer<UInt8>, y: Int, x0: Int, dx: Int, count: Int) {
        first.consume(row: row, y: y, x0: x0, dx: dx, count: count)
        second.consume(row: row, y: y, x0: x0, dx: dx, count: count)
    }

    mutating func beginFrame(_ index: Int, share: FrameShare) {
        first.beginFrame(index, share: share)
        second.beginFrame(index, share: share)
    }
}
