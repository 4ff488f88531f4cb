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

    /// A pixel's channels as four 16-bit lanes (blue, green, red, alpha: little-endian order).
    @inline(__always)
    private static func lanes(_ pixel: UInt32) -> SIMD4<Int16> {
        SIMD4<Int16>(truncatingIfNeeded: unsafeBitCast(pixel, to: SIMD4<UInt8>.self))
    }

    /// Four 16-bit lanes, each clamped to 0...255, as a pixel.
    @inline(__always)
    private static func pixel(clamping lanes: SIMD4<Int16>) -> UInt32 {
        let clamped = lanes.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
        return unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: clamped), to: UInt32.self)
    }

    /// Predictor 11: the top or the left pixel, whichever the gradient favours.
    @inline(__always)
    private static func select(top: UInt32, left: UInt32, topLeft: UInt32) -> UInt32 {
        let corner = lanes(topLeft)
        let toLeft = lanes(left) &- corner
        let toTop = lanes(top) &- corner
        // |left − corner| − |top − corner| summed over the channels (at most 1020: no overflow).
        let leftSum = toLeft.replacing(with: 0 &- toLeft, where: toLeft .< 0)
        let topSum = toTop.replacing(with: 0 &- toTop, where: toTop .< 0)
        // Chosen by a mask, not a branch: on a smooth image the choice flips unpredictably, and
        // mispredictions took a sixth of the transforms' time. The sum is at least −1020, so
        // `sum − 1` is negative exactly when the sum is at most 0.
        let sum = Int32((leftSum &- topSum).wrappedSum())
        let topMask = UInt32(bitPattern: (sum &- 1) >> 31)
        return top & topMask | left & ~topMask
    }

    @inline(__always)
    private static func clampedAddSubtractFull(_ a: UInt32, _ b: UInt32, _ c: UInt32) -> UInt32 {
        pixel(clamping: lanes(a) &+ lanes(b) &- lanes(c))
    }

    @inline(__always)
    private static func clampedAddSubtractHalf(_ a: UInt32, _ b: UInt32, _ c: UInt32) -> UInt32 {
        let mean = lanes(average(a, b))
        // (mean − c) / 2 rounds toward zero, as C's division does in libwebp.
        return pixel(clamping: mean &+ (mean &- lanes(c)) / 2)
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
