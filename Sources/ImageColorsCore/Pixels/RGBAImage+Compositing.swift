extension RGBAImage {
    /// Composites the image onto an opaque colour: every pixel becomes opaque, translucent ones
    /// mixed with `backdrop` by their alpha (`c·α + backdrop·(1 − α)`, in 8-bit sRGB as browsers
    /// blend), fully transparent ones become `backdrop`.
    ///
    /// Applying it after the alpha-weighted box downscale gives the same pixels as compositing
    /// the full-size image first (both are linear in the premultiplied colour), to rounding.
    /// - Parameter backdrop: The colour the image is drawn on.
    public mutating func composite(onto backdrop: RGBColor) {
        let under = (Int(backdrop.red), Int(backdrop.green), Int(backdrop.blue))
        withMutablePixels { span in
            span.withUnsafeMutableBufferPointer { p in
                for i in stride(from: 0, to: p.count, by: 4) {
                    let alpha = Int(p[i + 3])
                    guard alpha < 255 else { continue }
                    // Rounded to nearest: (x + 127) / 255 for x in 0…65025.
                    func mix(_ c: UInt8, _ u: Int) -> UInt8 { UInt8((Int(c) * alpha + u * (255 - alpha) + 127) / 255) }
                    p[i] = mix(p[i], under.0)
                    p[i + 1] = mix(p[i + 1], under.1)
                    p[i + 2] = mix(p[i + 2], under.2)
                    p[i + 3] = 255
                }
            }
        }
    }
}
