/// The predictor transform's fourteen predictors and its inverse on one row (RFC 9649, section
/// 4.1), with libwebp's arithmetic (lossless.c), so that the pixels are libwebp's to the bit;
/// modes 14 and 15 act as 0, as in libwebp.
enum VP8LPredictor {
    /// Adds each channel modulo 256.
    @inline(__always)
    static func add(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let alphaGreen = (a & 0xff00_ff00) &+ (b & 0xff00_ff00)
        let redBlue = (a & 0x00ff_00ff) &+ (b & 0x00ff_00ff)
        return alphaGreen & 0xff00_ff00 | redBlue & 0x00ff_00ff
    }

    @inline(__always)
    private static func average(_ a: UInt32, _ b: UInt32) -> UInt32 {
        (((a ^ b) & 0xfefe_fefe) >> 1) &+ (a & b)
    }

    @inline(__always)
    private static func channel(_ pixel: UInt32, _ shift: UInt32) -> Int { Int((pixel >> shift) & 0xff) }

    @inline(__always)
    private static func clamp(_ value: Int) -> UInt32 { UInt32(min(255, max(0, value))) }

    /// Predictor 11: the top or the left pixel, whichever the gradient favours.
    @inline(__always)
    private static func select(top: UInt32, left: UInt32, topLeft: UInt32) -> UInt32 {
        @inline(__always) func difference(_ shift: UInt32) -> Int {
            let corner = channel(topLeft, shift)
            return abs(channel(left, shift) &- corner) &- abs(channel(top, shift) &- corner)
        }
        return difference(24) &+ difference(16) &+ difference(8) &+ difference(0) <= 0 ? top : left
    }

    @inline(__always)
    private static func clampedAddSubtractFull(_ a: UInt32, _ b: UInt32, _ c: UInt32) -> UInt32 {
        @inline(__always) func one(_ shift: UInt32) -> UInt32 {
            clamp(channel(a, shift) &+ channel(b, shift) &- channel(c, shift)) << shift
        }
        return one(24) | one(16) | one(8) | one(0)
    }

    @inline(__always)
    private static func clampedAddSubtractHalf(_ a: UInt32, _ b: UInt32, _ c: UInt32) -> UInt32 {
        let mean = average(a, b)
        @inline(__always) func one(_ shift: UInt32) -> UInt32 {
            let value = channel(mean, shift)
            return clamp(value &+ (value &- channel(c, shift)) / 2) << shift
        }
        return one(24) | one(16) | one(8) | one(0)
    }

    /// Undoes the predictor on row `y` of `width` pixels in place. `above` is the previous row
    /// of output followed by one more pixel (the top-right of the last column is the current
    /// row's first pixel, as in libwebp's flat buffer); `modes` is the row of the predictor
    /// image for `y`, blocks `1 << bits` wide.
    static func undo(
        _ row: UnsafeMutablePointer<UInt32>, width: Int, y: Int, above: UnsafeMutablePointer<UInt32>,
        modes: UnsafePointer<UInt32>, bits: Int
    ) {
        if y == 0 {
            row[0] = add(row[0], 0xff00_0000)
            for x in stride(from: 1, to: width, by: 1) { row[x] = add(row[x], row[x - 1]) }
            return
        }
        row[0] = add(row[0], above[0])
        above[width] = row[0]
        var x = 1
        while x < width {
            let mode = Int((modes[x >> bits] >> 8) & 0xf)
            let end = min(width, (x >> bits + 1) << bits)
            undo(row, from: x, to: end, mode: mode, above: above)
            x = end
        }
    }

    /// Undoes predictor `mode` on `row[start..<end]`: one loop per mode, so the mode is chosen
    /// once a block rather than once a pixel.
    @inline(__always)
    private static func undo(
        _ row: UnsafeMutablePointer<UInt32>, from start: Int, to end: Int, mode: Int,
        above: UnsafeMutablePointer<UInt32>
    ) {
        @inline(__always) func each(_ predictor: (_ left: UInt32, _ top: UnsafePointer<UInt32>) -> UInt32) {
            var left = row[start - 1]
            for x in start..<end {
                left = add(row[x], predictor(left, above + x))
                row[x] = left
            }
        }
        switch mode {
        case 1: each { left, _ in left }
        case 2: each { _, top in top[0] }
        case 3: each { _, top in top[1] }
        case 4: each { _, top in top[-1] }
        case 5: each { left, top in average(average(left, top[1]), top[0]) }
        case 6: each { left, top in average(left, top[-1]) }
        case 7: each { left, top in average(left, top[0]) }
        case 8: each { _, top in average(top[-1], top[0]) }
        case 9: each { _, top in average(top[0], top[1]) }
        case 10: each { left, top in average(average(left, top[-1]), average(top[0], top[1])) }
        case 11: each { left, top in select(top: top[0], left: left, topLeft: top[-1]) }
        case 12: each { left, top in clampedAddSubtractFull(left, top[0], top[-1]) }
        case 13: each { left, top in clampedAddSubtractHalf(left, top[0], top[-1]) }
        default: each { _, _ in 0xff00_0000 }
        }
    }
}
