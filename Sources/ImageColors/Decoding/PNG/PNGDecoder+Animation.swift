import CImageCodecs
import Foundation

extension PNGDecoder {
    /// An APNG's frames composited on a canvas of IHDR's size (``APNGCompositor``): every frame
    /// with `all`, each with its share of the analysed pixels; otherwise only the first (this path
    /// then serves a file whose default image is not part of the animation: the first frame is
    /// the first `fcTL`'s, not the default image).
    ///
    /// The colour space and orientation are the file's (its `iCCP`, `sRGB`, `gAMA`, `eXIf`),
    /// announced once, read by libpng with the file's header (which checks the CRC of every chunk
    /// before the image data). The caller checks the frame count and pixel totals against
    /// `ImageLimits` before anything is decoded.
    /// - Returns: What was decoded; `nil` when, with lenient decoding, the first frame is damaged
    ///   and is not the default image, which is then to be decoded instead (nothing has reached
    ///   `sink`).
    static func decodeAnimation(
        _ census: APNGCensus, all: Bool, source: ImageSource, reader: PNGChunkReader, options: DecodeOptions,
        deadline: DecodeDeadline, into sink: inout some PixelSink
    ) throws -> DecodedImageInfo? {
        let (width, height) = (census.width, census.height)
        try options.limits.check(width: width, height: height, format: .png)
        var orientation = Orientation.up
        var outcome = APNGCompositor.Outcome.defaultImage
        try withLibpng(source, options: options, deadline: deadline, rows: false) { header in
            if let exif = header.exif {
                orientation =
                    ExifReader.orientation(in: UnsafeRawBufferPointer(start: exif, count: header.exif_size)) ?? .up
            }
            let compositor = try APNGCompositor(
                census: census, all: all, reader: reader, options: options, deadline: deadline)
            var profileBytes = 0
            do {
                // The sink hears of the image once the first frame is drawn.
                outcome = try compositor.composite(into: &sink) { sink in
                    profileBytes = try ColorSpaceAnnouncement.announce(header, options: options, to: &sink)
                    try sink.begin(width: width, height: height, rowsInOrder: true)
                }
            } catch {
                options.ledger?.release(profileBytes)
                throw error
            }
            return profileBytes
        }
        // With the first frame alone, the rest is not read: acTL's count is a claim, not a count.
        let report: FrameReport?
        switch outcome {
        case .defaultImage: return nil
        case .composited where all: report = FrameReport(count: census.frames.count, counted: census.frames.count)
        case .composited, .firstFrame: report = census.statedFrames > 1 ? FrameReport(count: nil, counted: 1) : nil
        }
        return DecodedImageInfo(
            format: .png, width: width, height: height, orientation: orientation, decodedWidth: width,
            decodedHeight: height, frames: report)
    }
}
