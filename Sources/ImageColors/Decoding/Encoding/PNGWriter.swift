import CImageCodecs

/// Writes an 8-bit PNG file row by row through libpng (via the C shim), so an image of any
/// size can be written without holding it: rows come from a closure.
struct PNGWriter {
    /// Channels per pixel.
    enum Layout: Int {
        case grey = 1
        case rgb = 3
        case rgba = 4
    }

    /// Writes `path`, asking `row(y, buffer)` to fill each row (`width × channels` bytes).
    /// Interlaced files ask for every row once per Adam7 pass, so `row` must be a pure function of `y`.
    /// - Parameters:
    ///   - path: The file to create.
    ///   - width: Width in pixels.
    ///   - height: Height in pixels.
    ///   - layout: Channels per pixel.
    ///   - interlaced: Adam7 interlacing; default `false`.
    ///   - compressionLevel: zlib level 0–9; default 1 (fast).
    ///   - row: Fills row `y`.
    static func write(
        to path: String, width: Int, height: Int, layout: Layout, interlaced: Bool = false,
        compressionLevel: Int = 1, row: (Int, UnsafeMutableBufferPointer<UInt8>) -> Void
    ) throws(ImageDecodingError) {
        var writer: OpaquePointer?
        defer { ic_png_writer_destroy(writer) }
        let message = { shimMessage(ic_png_writer_message(writer)) }
        try ic_png_writer_open(
            &writer, path, UInt32(width), UInt32(height), Int32(layout.rawValue),
            interlaced ? 1 : 0, Int32(compressionLevel)
        ).check(.png, message: message)
        var buffer = [UInt8](repeating: 0, count: width * layout.rawValue)
        for _ in 0..<ic_png_writer_passes(writer) {
            for y in 0..<height {
                buffer.withUnsafeMutableBufferPointer { row(y, $0) }
                let status = buffer.withUnsafeBufferPointer { ic_png_writer_write_row(writer, $0.baseAddress) }
                try status.check(.png, message: message)
            }
        }
        try ic_png_writer_finish(writer).check(.png, message: message)
    }
}
