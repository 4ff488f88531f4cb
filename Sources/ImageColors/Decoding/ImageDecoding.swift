/// Sniffs the format of a source from its magic bytes and decodes it with the right decoder.
enum ImageDecoding {
    /// Decodes the probed source into `sink`.
    /// - Throws: ``ImageDecodingError/unsupportedFormat(seen:)`` when the bytes are neither
    ///   JPEG nor PNG, or the decoder's error.
    static func decode(
        _ probe: SourceProbe, options: DecodeOptions, into sink: inout some PixelSink
    ) throws -> DecodedImageInfo {
        switch ImageFormat.sniff(probe.prefix) {
        case .jpeg: try JPEGDecoder.decode(probe.source, options: options, into: &sink)
        case .png: try PNGDecoder.decode(probe.source, options: options, into: &sink)
        case nil: throw ImageDecodingError.unsupportedFormat(seen: ImageFormat.describe(probe.prefix))
        }
    }
}
