// The picture the background is decided on: the band round the edges at one fixed size, so that
// every preset (and a re-encoded or cropped copy) decides on nearly the same pixels.
extension BackgroundChoice {
    /// The long side of the picture the background is decided on: 100 px, the `low` preset's.
    ///
    /// Why one size: which of two near-equal edge colours wins, and how a gradient splits into
    /// clusters, depends on how finely the picture is sampled. The band of a 100 px picture and the
    /// band of a 250 px one cover the same part of it (a twentieth of the short side), but the
    /// finer one holds sharper detail, which clusters differently; deciding every preset on the
    /// band at 100 px removes that difference. Analysis images at or under 100 px (`lowest`,
    /// `low`) are used as they are.
    package static let decisionLongSide = 100
    /// The most bytes ``decisionBand(of:)`` allocates: an RGBA image of at most
    /// ``decisionLongSide`` × ``decisionLongSide`` pixels.
    package static let decisionBandBytes = decisionLongSide * decisionLongSide * 4

    /// The image's ``ColorHistogram/Region/border`` band at ``decisionLongSide``: an image of the
    /// reduced size whose band pixels are box-filtered from `image` as ``Downscaler`` filters
    /// (each output pixel the alpha-weighted mean of a whole-pixel box of input pixels) and whose
    /// interior is left transparent; `nil` when `image` is no larger than that already.
    ///
    /// Only the band is computed: about a fifth of the output, and the input pixels under it.
    /// - Parameter image: The analysis image.
    package static func decisionBand(of image: RGBAImage) -> RGBAImage? {
        let inputWidth = image.width
        let inputHeight = image.height
        guard max(inputWidth, inputHeight) > decisionLongSide else { return nil }
        let (width, height) = Downscaler.outputSize(
            width: inputWidth, height: inputHeight, targetLongSide: decisionLongSide)
        let thickness = min(ColorHistogram.borderThickness(width: width, height: height), width, height)
        var output = [UInt8](repeating: 0, count: width * height * 4)
        image.pixels.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                /// Writes output pixel (x, y): the alpha-weighted mean of its box.
                func reduce(_ x: Int, _ y: Int) {
                    let columns = (x * inputWidth / width)..<((x + 1) * inputWidth / width)
                    let rows = (y * inputHeight / height)..<((y + 1) * inputHeight / height)
                    var red = 0
                    var green = 0
                    var blue = 0
                    var alpha = 0
                    for row in rows {
                        var offset = (row * inputWidth + columns.lowerBound) * 4
                        for _ in columns {
                            let a = Int(input[offset + 3])
                            red &+= Int(input[offset]) &* a
                            green &+= Int(input[offset + 1]) &* a
                            blue &+= Int(input[offset + 2]) &* a
                            alpha &+= a
                            offset &+= 4
                        }
                    }
                    // Alpha 0 keeps colour 0: a wholly transparent box stays transparent, never black.
                    guard alpha > 0 else { return }
                    let at = (y * width + x) * 4
                    output[at] = UInt8((red + alpha / 2) / alpha)
                    output[at + 1] = UInt8((green + alpha / 2) / alpha)
                    output[at + 2] = UInt8((blue + alpha / 2) / alpha)
                    let pixels = columns.count * rows.count
                    output[at + 3] = UInt8((alpha + pixels / 2) / pixels)
                }
                for y in 0..<height {
                    if y < thickness || y >= height - thickness {
                        for x in 0..<width { reduce(x, y) }
                    } else {
                        for x in 0..<thickness { reduce(x, y) }
                        for x in (width - thickness)..<width { reduce(x, y) }
                    }
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: output)
    }
}
