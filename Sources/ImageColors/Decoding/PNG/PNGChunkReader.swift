import Foundation

/// Reads a PNG's chunks from a file or from bytes in memory, by offset: the chunk headers for the
/// APNG census, and a chunk's data, CRC-checked, for a frame's stream. A file is read in place,
/// a few bytes at a time or one chunk at a time; it is never held whole.
final class PNGChunkReader {
    /// One chunk's header.
    struct Chunk {
        /// The offset of its length field.
        var offset: Int
        /// Its data's length.
        var length: Int
        /// Its four-letter type.
        var type: String
        /// The offset of the next chunk.
        var next: Int { offset + 12 + length }
    }

    private let data: Data?
    private let file: FileHandle?
    /// The input's size in bytes.
    let size: Int
    /// The bytes of the file last read, from `windowStart`: a file of a million small chunks is
    /// then read in 64 kB reads, not two system calls a chunk.
    private var window: [UInt8] = []
    private var windowStart = 0

    /// The bytes a file's window takes.
    static let windowBytes = 64 * 1024

    /// Opens `source`.
    /// - Throws: ``ImageDecodingError/unreadable(_:detail:)`` when the file cannot be opened.
    init(_ source: ImageSource) throws {
        switch source {
        case .data(let bytes):
            data = bytes
            file = nil
            size = bytes.count
        case .file(let path):
            guard let handle = FileHandle(forReadingAtPath: path) else {
                throw ImageDecodingError.unreadable(.png, detail: "cannot open the file")
            }
            data = nil
            file = handle
            do {
                size = Int(try handle.seekToEnd())
            } catch {
                try? handle.close()
                throw ImageDecodingError.unreadable(.png, detail: "cannot read the file: \(error.localizedDescription)")
            }
        }
    }

    deinit {
        try? file?.close()
    }

    /// Up to `count` bytes at `offset` (fewer at the end of the input).
    func bytes(at offset: Int, count: Int) throws -> [UInt8] {
        let end = min(offset + count, size)
        guard offset < end else { return [] }
        if let data {
            return [UInt8](data[(data.startIndex + offset)..<(data.startIndex + end)])
        }
        guard let file else { return [] }
        do {
            if end - offset > Self.windowBytes / 2 {
                try file.seek(toOffset: UInt64(offset))
                return [UInt8](try file.read(upToCount: end - offset) ?? Data())
            }
            if offset < windowStart || end > windowStart + window.count {
                try file.seek(toOffset: UInt64(offset))
                window = [UInt8](try file.read(upToCount: Self.windowBytes) ?? Data())
                windowStart = offset
            }
            let from = offset - windowStart
            return Array(window[from..<min(from + end - offset, window.count)])
        } catch {
            throw ImageDecodingError.unreadable(.png, detail: "cannot read the file: \(error.localizedDescription)")
        }
    }

    /// The chunk whose length field is at `offset`, or `nil` at the end of the input.
    /// - Throws: ``ImageDecodingError/truncated(_:detail:)`` when the input ends inside the header
    ///   or the chunk; ``ImageDecodingError/corrupt(_:detail:)`` for a length over 2³¹ − 1.
    func chunk(at offset: Int) throws -> Chunk? {
        let header = try bytes(at: offset, count: 8)
        if header.isEmpty { return nil }
        guard header.count == 8 else { throw Self.endedEarly }
        let length = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard length <= 0x7FFF_FFFF else {
            throw ImageDecodingError.corrupt(.png, detail: "a chunk's length is over 2³¹ − 1 bytes")
        }
        let type = String(decoding: header[4..<8], as: UTF8.self)
        let chunk = Chunk(offset: offset, length: length, type: type)
        // The input must hold the whole chunk, its CRC included.
        guard chunk.next <= size else { throw Self.endedEarly }
        return chunk
    }

    /// `chunk`'s data after its first `skip` bytes, once its CRC is checked.
    /// - Throws: ``ImageDecodingError/corrupt(_:detail:)`` when the CRC does not match.
    func data(of chunk: Chunk, skipping skip: Int = 0) throws -> [UInt8] {
        let whole = try bytes(at: chunk.offset + 4, count: chunk.length + 8)
        guard whole.count == chunk.length + 8 else { throw Self.endedEarly }
        let stored = whole[(chunk.length + 4)...].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard PNGCRC.checksum(whole[..<(chunk.length + 4)]) == stored else {
            throw ImageDecodingError.corrupt(.png, detail: "\(chunk.type): CRC error")
        }
        return Array(whole[(4 + skip)..<(chunk.length + 4)])
    }

    private static let endedEarly = ImageDecodingError.truncated(.png, detail: "the data ended early")
}
