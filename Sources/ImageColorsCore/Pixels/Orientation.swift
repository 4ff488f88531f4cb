/// How stored pixels must be turned to be shown upright: the eight EXIF orientations.
///
/// The raw value is the EXIF tag value (1–8).
public enum Orientation: Int, Sendable, Codable, CaseIterable {
    /// As stored.
    case up = 1
    /// Mirrored left–right.
    case upMirrored = 2
    /// Rotated 180°.
    case down = 3
    /// Mirrored top–bottom.
    case downMirrored = 4
    /// Mirrored along the top-left to bottom-right diagonal (transpose).
    case leftMirrored = 5
    /// Must be rotated 90° clockwise to be shown.
    case right = 6
    /// Mirrored along the top-right to bottom-left diagonal (transverse).
    case rightMirrored = 7
    /// Must be rotated 90° counter-clockwise to be shown.
    case left = 8

    /// Whether showing the image swaps its width and height.
    public var swapsDimensions: Bool { rawValue >= 5 }

    /// The displayed size of an image stored at `width × height`.
    /// - Parameters:
    ///   - width: Stored width.
    ///   - height: Stored height.
    /// - Returns: The width and height as shown.
    public func displayedSize(width: Int, height: Int) -> ColorAnalysis.Size {
        swapsDimensions
            ? ColorAnalysis.Size(width: height, height: width) : ColorAnalysis.Size(width: width, height: height)
    }

    /// Returns `image` as it is shown: rotated and mirrored by this orientation.
    ///
    /// Applied to the small downscaled image, never the full-size one. A box filter nearly
    /// commutes with these eight transforms: along a reversed axis its box edges (at
    /// `⌊j·W/w⌋`) fall up to a pixel apart from the upright picture's, so colours may differ by
    /// a level where the ratio is not whole (`PixelAnalyzerTests` measures it on a sample).
    /// - Parameter image: The image as stored.
    public func apply(to image: RGBAImage) -> RGBAImage {
        if self == .up { return image }
        let shown = displayedSize(width: image.width, height: image.height)
        let outWidth = shown.width
        let outHeight = shown.height
        var out = [UInt8](repeating: 0, count: image.pixels.count)
        let w = image.width
        let h = image.height
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    for x in 0..<w {
                        // (dx, dy): where stored pixel (x, y) lands in the displayed image.
                        let (dx, dy): (Int, Int)
                        switch self {
                        case .up: (dx, dy) = (x, y)
                        case .upMirrored: (dx, dy) = (w - 1 - x, y)
                        case .down: (dx, dy) = (w - 1 - x, h - 1 - y)
                        case .downMirrored: (dx, dy) = (x, h - 1 - y)
                        case .leftMirrored: (dx, dy) = (y, x)
                        case .right: (dx, dy) = (h - 1 - y, x)
                        case .rightMirrored: (dx, dy) = (h - 1 - y, w - 1 - x)
                        case .left: (dx, dy) = (y, w - 1 - x)
                        }
                        let s = (y * w + x) * 4
                        let d = (dy * outWidth + dx) * 4
                        dst[d] = src[s]
                        dst[d + 1] = src[s + 1]
                        dst[d + 2] = src[s + 2]
                        dst[d + 3] = src[s + 3]
                    }
                }
            }
        }
        return RGBAImage(width: outWidth, height: outHeight, pixels: out)
    }
}
