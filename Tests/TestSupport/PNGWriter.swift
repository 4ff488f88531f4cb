import CTestPNGWriter

/// Writes an 8-bit PNG file row by row through libpng (the tests' C writer, CTestPNGWriter), so
/// an image of any size can be written without holding it: rows come from a closure. Test
/// support only: the shipping library encodes in memory (`ImageEncoder`) and writes no files.
public struct PNGWriter {
    /// Channels per pixel.
    public enum Layout: Int, Sendable {
        case grey = 1
        case rgb = 3
        case rgba = 4
    }

    /// Why a file could not be written: libpng's words, or the writer's.
    public struct WriteError: Error, CustomStringConvertible {
        /// The file being written.
        public var path: String
        /// What went wrong.
        public var message: String
        public var description: String { "cannot write the PNG \(path): \(message)" }
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
    public static func write(
        to path: String, width: Int, height: Int, layout: Layout, interlaced: Bool = false,
        compressionLevel: Int = 1, row: (Int, UnsafeMutableBufferPointer<UInt8>) -> Void
    ) throws(WriteError) {
        var writer: OpaquePointer?
        defer { ic_png_writer_destroy(writer) }
        func check(_ status: Int32) throws(WriteError) {
            guard status != 0 else { return }
            let text = ic_png_writer_message(writer).map { String(cString: $0) } ?? ""
            throw WriteError(path: path, message: text.isEmpty ? "invalid arguments" : text)
        }
        try check(
            ic_png_writer_open(
                &writer, path, UInt32(width), UInt32(height), Int32(layout.rawValue),
                interlaced ? 1 : 0, Int32(compressionLevel)))
        var buffer = [UInt8](repeating: 0, count: width * layout.rawValue)
        for _ in 0..<ic_png_writer_passes(writer) {
            for y in 0..<height {
                buffer.withUnsafeMutableBufferPointer { row(y, $0) }
                try check(buffer.withUnsafeBufferPointer { ic_png_writer_write_row(writer, $0.baseAddress) })
            }
        }
        try check(ic_png_writer_finish(writer))
    }
}
