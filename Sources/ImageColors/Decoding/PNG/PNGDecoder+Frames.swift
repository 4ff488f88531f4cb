import CImageCodecs
import Foundation

extension PNGDecoder {
    /// Decodes APNG frame `number` (from 1) with libpng, from a PNG of its own
    /// (``APNGFrameStream``), calling `row` with each of its rows and where their pixels go in
    /// the frame. The stream's bytes must be reserved by the caller.
    /// - Throws: libpng's errors about the frame's data and the stream's (a CRC error, a file that
    ///   changed), the frame named ("APNG: frame 2: not enough image data", "APNG: frame 3: fdAT:
    ///   CRC error"); a timeout and `MemoryBudgetError` as they are.
    static func decodeFrame(
        _ frame: APNGCensus.Frame, number: Int, census: APNGCensus, reader: PNGChunkReader, options: DecodeOptions,
        deadline: DecodeDeadline, row: (UnsafePointer<UInt8>, ic_png_row) throws -> Void
    ) throws {
        do {
            let data = try APNGFrameStream.make(frame, in: census, reader: reader)
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
            throw error.naming(frame: number, dataChunk: frame.isDefaultImage ? "IDAT" : "fdAT")
        }
    }
}

extension ImageDecodingError {
    /// This error, found in APNG frame `number`'s stream, with the frame named: the stream is a
    /// PNG of its own, and libpng's "not enough image data" alone does not say where it is. The
    /// stream holds the frame's data as `IDAT` chunks, so libpng's words about "IDAT" name
    /// `dataChunk`, the chunks the file has (`fdAT` for every frame but a default image).
    fileprivate func naming(frame number: Int, dataChunk: String) -> ImageDecodingError {
        let prefix = "APNG: frame \(number): "
        let named = { (detail: String) in
            prefix + (detail.hasPrefix("IDAT: ") ? dataChunk + detail.dropFirst(4) : detail)
        }
        return switch self {
        case .corrupt(let format, let detail): .corrupt(format, detail: named(detail))
        case .truncated(let format, let detail): .truncated(format, detail: named(detail))
        case .overLimit(let format, let detail): .overLimit(format, detail: named(detail))
        case .outOfMemory(let format, let detail): .outOfMemory(format, detail: named(detail))
        default: self
        }
    }
}
