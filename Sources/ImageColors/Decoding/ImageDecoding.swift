/// Sniffs the format of a source from its magic bytes and decodes it with the right decoder.
enum ImageDecoding {
    /// Decodes the probed source into `sink`.
    /// - Throws: ``ImageDecodingError/unsupportedFormat(seen:)`` when the bytes are neither
    ///   JPEG nor PNG, or the decoder's error.
    static func decode(
        _ probe: SourceProbe, options: DecodeOptions, into sink: inout some PixelSink
    ) throws -> DecodedImageInfo {
        switch ImageFormat.sniff(probe.prefix) {
        case .jpeg: return try JPEGDecoder.decode(probe.source, options: options, into: &sink)
        case .png:
            // IHDR sits at a fixed place: refuse a PNG bomb from the first 33 bytes, before libpng.
            if let (width, height) = pngDimensions(probe.prefix) {
                try options.limits.check(width: width, height: height, format: .png)
            }
            return try PNGDecoder.decode(probe.source, options: options, into: &sink)
        case nil: throw ImageDecodingError.unsupportedFormat(seen: ImageFormat.describe(probe.prefix))
        }
    }

    /// Width and height from a PNG's IHDR, when the prefix holds it: signature (8), length (4),
    /// "IHDR" (4), width (4), height (4), big-endian.
    static func pngDimensions(_ prefix: [UInt8]) -> (Int, Int)? {
        guard prefix.count >= 24, Array(prefix[12..<16]) == Array("IHDR".utf8) else { return nil }
        let read = { (at: Int) in prefix[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (read(16), read(20))
    }
}
