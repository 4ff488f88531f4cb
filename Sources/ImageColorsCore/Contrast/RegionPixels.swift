/// The pixels of an image inside a rectangle, as the card shows them: each pixel composited
/// over the card's background by its alpha.
///
/// Why composite rather than skip transparent pixels: the card draws the picture on its
/// background colour, so where the picture is transparent the title sits on that colour, and
/// where it is half transparent, on the mix. Skipping them would report a logo on a transparent
/// PNG as if the empty band under the title did not exist. Compositing is 8-bit sRGB,
/// `round((P·a + B·(255 − a)) / 255)`, as a browser draws a PNG.
package struct RegionPixels {
    package let image: RGBAImage
    package let rect: PixelRect
    package let background: RGBColor

    /// Calls `body` with each pixel's composited channels, row by row; allocates nothing.
    @inline(__always)
    package func forEach(_ body: (UInt8, UInt8, UInt8) -> Void) {
        let (width, rect, background) = (image.width, rect, background)
        image.pixels.withUnsafeBufferPointer { pixels in
            for row in rect.y..<(rect.y + rect.height) {
                var i = (row * width + rect.x) * 4
                for _ in 0..<rect.width {
                    let alpha = pixels[i + 3]
                    if alpha == 255 {
                        body(pixels[i], pixels[i + 1], pixels[i + 2])
                    } else {
                        body(
                            Self.over(pixels[i], background.red, alpha),
                            Self.over(pixels[i + 1], background.green, alpha),
                            Self.over(pixels[i + 2], background.blue, alpha))
                    }
                    i += 4
                }
            }
        }
    }

    /// Calls `body` with each pixel's WCAG relative luminance.
    @inline(__always)
    package func forEachLuminance(_ body: (Double) -> Void) {
        Contrast.linearTable.withUnsafeBufferPointer { table in
            forEach { red, green, blue in
                body(Contrast.relativeLuminance(red: red, green: green, blue: blue, table: table))
            }
        }
    }

    /// How many pixels give `text` a ratio of at least `target` once a scrim of opacity `alpha`
    /// lies over them.
    package func countReaching(_ target: Double, text: RGBColor, scrim: Scrim, alpha: Double) -> Int {
        let textLuminance = Contrast.relativeLuminance(text)
        let overlay = scrim.color.red // black and white scrims are grey: one channel says it
        var count = 0
        // The scrim maps each channel value the same way, so one 256-entry table per opacity
        // (on the stack) replaces three composites per pixel; the sum is the same expression as
        // relativeLuminance's, so ratios are bit-identical to re-measuring the composited colour.
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 256) { scrimmed in
            Contrast.linearTable.withUnsafeBufferPointer { linear in
                for value in 0...255 {
                    scrimmed[value] = linear[Int(Contrast.compositeChannel(UInt8(value), overlay, alpha))]
                }
            }
            let table = UnsafeBufferPointer(scrimmed)
            forEach { red, green, blue in
                let luminance = Contrast.relativeLuminance(red: red, green: green, blue: blue, table: table)
                if Contrast.contrastRatio(luminance: textLuminance, luminance: luminance) >= target { count += 1 }
            }
        }
        return count
    }

    /// `round((p·a + b·(255 − a)) / 255)` in integers; the sum is never an exact half, so adding
    /// 127 before dividing rounds to nearest.
    @inline(__always)
    private static func over(_ pixel: UInt8, _ background: UInt8, _ alpha: UInt8) -> UInt8 {
        let a = Int(alpha)
        return UInt8((Int(pixel) * a + Int(background) * (255 - a) + 127) / 255)
    }
}
