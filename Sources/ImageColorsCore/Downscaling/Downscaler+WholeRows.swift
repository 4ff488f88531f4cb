// The whole-row path of the box filter: a complete input row summed box by box in registers.
extension Downscaler {
    /// The widest box the opaque fast path sums in 16-bit lanes: 256 words of two pixels, whose
    /// lanes stay under 65 536 (256 × 255).
    static let maxOpaqueRunWidth = 512
    /// Bytes 0, 2, 4 and 6 of a word: two pixels' red and blue, or shifted by 8, green and alpha.
    static let evenBytes: UInt64 = 0x00ff_00ff_00ff_00ff
    /// The colour bytes of two little-endian RGBA pixels: everything but their alpha.
    static let colorBytes: UInt64 = 0x00ff_ffff_00ff_ffff

    /// Adds a complete row (every input column, in order: all JPEG rows and non-interlaced PNG
    /// rows) to the window row at `base`: each output column's box of input pixels is summed in
    /// registers and written once, instead of a read-modify-write of four sums per pixel.
    ///
    /// Two products per pixel instead of three: red and blue sit 32 bits apart in one word, so
    /// one multiply by alpha weights both, and green sits beside a 1, so one multiply gives
    /// green × alpha and alpha itself. A product is at most 255 × 255, so a 32-bit lane holds
    /// the sum of 66 051 of them; wider boxes (only when shrinking a side of over 66 051 px to
    /// one pixel) take the general loop. Opaque images (every alpha byte 255 so far) take a
    /// faster path still: with alpha 255, Σ(c·a) is 255·Σc, so the bytes of two pixels at a
    /// time are added in the 16-bit lanes of two words and multiplied once per box (boxes up to
    /// 512 pixels wide); the first box with a pixel under 255 is summed again by the
    /// general rule, and so is the rest of the image. The sums are those of the general loop,
    /// added in another order: integers, so the output is the same to the bit.
    /// - Parameters:
    ///   - row: The row's RGBA pixels, every input column.
    ///   - widths: Input columns in each output column.
    ///   - sums: The window's Σ(r·a), Σ(g·a), Σ(b·a), Σa per output pixel.
    ///   - base: Where the window row starts in `sums`.
    ///   - opaqueSoFar: Whether every box so far was opaque; set to `false` at the first that
    ///     is not.
    static func sumWholeRow(
        _ row: UnsafePointer<UInt8>, widths: UnsafeBufferPointer<UInt32>, into sums: UnsafeMutableBufferPointer<UInt64>,
        base: Int, opaqueSoFar: inout Bool
    ) {
        let raw = UnsafeRawPointer(row)
        var x = 0
        for column in 0..<widths.count {
            let start = x
            let end = start &+ Int(widths[column])
            var redBlue: UInt64 = 0
            var greenAlpha: UInt64 = 0
            var red: UInt64 = 0
            var green: UInt64 = 0
            var blue: UInt64 = 0
            var alpha: UInt64 = 0
            if opaqueSoFar, widths[column] <= Self.maxOpaqueRunWidth {
                // Opaque pixels, two at a time in one 64-bit word: with alpha 255
                // everywhere, Σ(c·a) is 255·Σc, so the bytes are only added, in 16-bit
                // lanes (red and blue in one word, green and alpha in the other; a box row
                // of up to 512 pixels adds at most 256 bytes to a lane). Plain integers,
                // not SIMD types: those are calls per lane in a debug build.
                var redBlueLanes: UInt64 = 0
                var greenAlphaLanes: UInt64 = 0
                var alphas = UInt64.max
                while end &- x >= 2 {
                    let two = UInt64(
                        littleEndian: raw.loadUnaligned(fromByteOffset: x &* 4, as: UInt64.self))
                    redBlueLanes &+= two & Self.evenBytes
                    greenAlphaLanes &+= (two &>> 8) & Self.evenBytes
                    alphas &= two
                    x &+= 2
                }
                // Bytes 3 and 7 are alpha: all 255 unless a pixel was not opaque.
                if alphas | Self.colorBytes == UInt64.max {
                    red = ((redBlueLanes & 0xffff) &+ ((redBlueLanes &>> 32) & 0xffff)) &* 255
                    blue = (((redBlueLanes &>> 16) & 0xffff) &+ (redBlueLanes &>> 48)) &* 255
                    green = ((greenAlphaLanes & 0xffff) &+ ((greenAlphaLanes &>> 32) & 0xffff)) &* 255
                    // Σa itself: 255 a pixel.
                    alpha = ((greenAlphaLanes &>> 16) & 0xffff) &+ (greenAlphaLanes &>> 48)
                } else {
                    // Not opaque after all: this box again by the general rule, and the
                    // rest of the image too (an image with alpha would fail box after box).
                    opaqueSoFar = false
                    x = start
                }
            }
            if widths[column] <= 66_051 {
                while x < end {
                    // One 32-bit load per pixel: bytes R, G, B, A → little-endian word ABGR.
                    let p = UInt64(
                        UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self)))
                    let a = p &>> 24
                    redBlue &+= ((p & 0xff) | (p & 0xff_0000) &<< 16) &* a
                    greenAlpha &+= (((p &>> 8) & 0xff) | 1 &<< 32) &* a
                    x &+= 1
                }
                red &+= redBlue & 0xffff_ffff
                blue &+= redBlue &>> 32
                green &+= greenAlpha & 0xffff_ffff
                alpha &+= greenAlpha &>> 32
            } else {
                while x < end {
                    let a = UInt64(row[x &* 4 &+ 3])
                    red &+= UInt64(row[x &* 4]) &* a
                    green &+= UInt64(row[x &* 4 &+ 1]) &* a
                    blue &+= UInt64(row[x &* 4 &+ 2]) &* a
                    alpha &+= a
                    x &+= 1
                }
            }
            let s = base &+ column &* 4
            sums[s] &+= red
            sums[s &+ 1] &+= green
            sums[s &+ 2] &+= blue
            sums[s &+ 3] &+= alpha
        }
    }
}
