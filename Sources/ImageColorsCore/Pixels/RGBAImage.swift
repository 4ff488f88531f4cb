/// A small image held in memory: 8-bit RGBA, row-major, no padding, straight (not premultiplied) alpha.
///
/// This is what the downscaler produces and what quantization reads. A pixel whose alpha is 0
/// has colour channels 0: transparent areas carry no colour.
public struct RGBAImage: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height × 4` bytes: R, G, B, A for each pixel, rows top to bottom.
    ///
    /// Read-only, so that it always matches ``width`` and ``height``: change pixels with
    /// ``subscript(x:y:)`` or ``withMutablePixels(_:)``, which cannot change their count.
    public private(set) var pixels: [UInt8]

    /// Creates an image from its pixels.
    /// - Parameters:
    ///   - width: Width in pixels, at least 0.
    ///   - height: Height in pixels, at least 0.
    ///   - pixels: `width × height × 4` bytes of RGBA.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(
            width >= 0 && height >= 0 && pixels.count == width * height * 4,
            "RGBAImage: \(pixels.count) bytes do not fit \(width)×\(height)×4")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Creates an image filled with one colour.
    /// - Parameters:
    ///   - width: Width in pixels.
    ///   - height: Height in pixels.
    ///   - color: The fill colour.
    ///   - alpha: The fill alpha; default 255 (opaque).
    public init(width: Int, height: Int, filledWith color: RGBColor, alpha: UInt8 = 255) {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        if alpha > 0 {
            for i in stride(from: 0, to: pixels.count, by: 4) {
                pixels[i] = color.red
                pixels[i + 1] = color.green
                pixels[i + 2] = color.blue
                pixels[i + 3] = alpha
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// Calls `body` with the pixel bytes (``pixels``' layout) to change in place; the span has
    /// a fixed count, so the image keeps its size.
    /// - Parameter body: Reads and writes the bytes; what it returns or throws is passed on.
    /// - Returns: What `body` returned.
    public mutating func withMutablePixels<Result, Failure: Error>(
        _ body: (inout MutableSpan<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // Through the buffer rather than `Array.mutableSpan`, which needs macOS and iOS 26: the
        // span is made from memory that lives for this call, and does not outlive it.
        try pixels.withUnsafeMutableBufferPointer { (buffer) throws(Failure) -> Result in
            var span = MutableSpan(_unsafeElements: buffer)
            return try body(&span)
        }
    }

    /// The pixel at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        get {
            let i = (y * width + x) * 4
            return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            pixels[i] = newValue.red
            pixels[i + 1] = newValue.green
            pixels[i + 2] = newValue.blue
            pixels[i + 3] = newValue.alpha
        }
    }
}
