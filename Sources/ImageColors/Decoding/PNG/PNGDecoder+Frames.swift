import CImageCodecs
import Foundation

extension PNGDecoder {
    /// Decodes APNG frame `number` (from 1) with libpng, from a PNG of its own
    /// (``APNGFrameStream``), calling `row` with each of its rows and where their pixels go in
    /// the frame. The stream's bytes must be reserved by the caller.
    /// - Throws: libpng's errors about the frame's data, the frame named ("APNG: frame 2: not
    ///   enough image data"); the stream's errors (a CRC error, a file that changed).
    static func decodeFrame(
        _ frame: APNGCensus.Frame, number: Int, census: APNGCensus, reader: PNGChunkReader, options: DecodeOptions,
        deadline: DecodeDeadline, row: (UnsafePointer<UInt8>, ic_png_row) throws -> Void
    ) throws {
        let data = try APNGFrameStream.make(frame, in: census, reader: reader)
        do {
            try withLibpng(
                .data(data), options: options, deadline: deadline,
                started: { header in
                    // The stream's IHDR is the frame's size; libpng reads nothing else.
                    guard Int(header.width) == frame.rect.width, Int(header.height) == frame.rect.height else {
                        throw ImageDecodingError.corrupt(.png, detail: "its image is not its fcTL's size")
                    }
                    return 0
                }, row: row)
        } catch let error as ImageDecodingError {
            throw error.naming(frame: number)
        }
    }
}

extension ImageDecodingError {
    /// This error, found in APNG frame `number`'s stream, with the frame named: the stream is a
    /// PNG of its own, and libpng's "not enough image data" alone does not say where it is.
    fileprivate func naming(frame number: Int) -> ImageDecodingError {
        let prefix = "APNG: frame \(number): "
        return switch self {
        case .corrupt(let format, let detail): .corrupt(format, detail: prefix + detail)
        case .truncated(let format, let detail): .truncated(format, detail: prefix + detail)
        case .overLimit(let format, let detail): .overLimit(format, detail: prefix + detail)
        case .outOfMemory(let format, let detail): .outOfMemory(format, detail: prefix + detail)
        default: self
        }
    }
}
