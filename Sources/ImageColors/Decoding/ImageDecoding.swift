/// Sniffs the format of a source from its magic bytes and decodes it with the right decoder.
///
/// Each format has one decoder with the same shape — header, limits and memory reservations
/// from the header, rows streamed into the sink, colour management, orientation — and, where
/// the first bytes hold the image's size, a check of `ImageLimits` here, before the decoder
/// (or its C library) is touched: a header bomb is refused in microseconds.
enum ImageDecoding {
    /// Decodes the probed source into `sink`.
    /// - Throws: ``ImageDecodingError/unsupportedFormat(seen:)`` when the bytes are none of
    ///   JPEG, PNG, WebP, GIF, HEIC or AVIF, or the decoder's error.
    static func decode(
        _ probe: SourceProbe, options: DecodeOptions, into sink: inout some PixelSink
    ) throws -> DecodedImageInfo {
        guard let format = ImageFormat.sniff(probe.prefix) else {
            throw ImageDecodingError.unsupportedFormat(seen: ImageFormat.describe(probe.prefix))
        }
        if let (width, height) = HeaderDimensions.read(format, from: probe.prefix) {
            try options.limits.check(width: width, height: height, format: format)
        }
        switch format {
        case .jpeg: return try JPEGDecoder.decode(probe.source, options: options, into: &sink)
        case .png: return try PNGDecoder.decode(probe.source, options: options, into: &sink)
        case .webp: return try WebPDecoder.decode(probe.source, options: options, into: &sink)
        case .gif: return try GIFDecoder.decode(probe.source, options: options, into: &sink)
        case .heic, .avif: return try HEIFDecoder.decode(probe.source, format: format, options: options, into: &sink)
        case .pixels:
            // sniff(_:) never answers .pixels: it names pixels handed to the core, not bytes.
            throw ImageDecodingError.unsupportedFormat(seen: ImageFormat.describe(probe.prefix))
        }
    }
}
