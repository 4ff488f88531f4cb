import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a PNG's chunks from a file or from bytes in memory, by offset: the chunk headers for the
/// APNG census, a small chunk's data, CRC checks, and a frame's data streamed into the PNG that
/// libpng reads for it. A file is read in place through one window of ``windowBytes`` (its reader
/// reserves them); no chunk is ever read whole into memory of its own.
///
/// The reader checks the decode's deadline itself, every ``checkBytes`` bytes it reads and every
/// ``checkChunks`` chunk headers, counted across every walk and every chunk: whoever reads, a
/// file of many chunks just under any per-chunk count, or of a million empty ones, is stopped.
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
    /// The file's descriptor (read with `pread`; a `FileHandle` took three allocations more).
    private let file: Int32?
    /// The input's size in bytes.
    let size: Int
    /// The file's bytes from `windowStart` (`windowCount` of them): a file of a million small
    /// chunks is read in 64 kB reads, not two system calls a chunk, and a large chunk in 64 kB
    /// pieces. Allocated at the first read.
    private var window: [UInt8] = []
    private var windowStart = 0
    private var windowCount = 0

    /// The decode's one deadline.
    private let deadline: DecodeDeadline
    /// Bytes read and chunk headers read since the deadline was last checked.
    private var bytesSinceCheck = 0
    private var chunksSinceCheck = 0
    /// Every byte read (chunk headers, data, CRCs), for tests: what a walk cost.
    private(set) var bytesRead = 0

    /// The bytes a file's window takes.
    static let windowBytes = 64 * 1024
    /// The deadline is checked once this many bytes have been read since the last check: 16 MB
    /// is about a hundredth of a second of CRC at -O, a tenth in a debug build.
    static let checkBytes = 1 << 24
    /// The deadline is checked once this many chunk headers have been read since the last check.
    static let checkChunks = 1024

    /// Opens `source`, to be read before `deadline`.
    /// - Throws: ``ImageDecodingError/unreadable(_:detail:)`` when the file cannot be opened.
    init(_ source: ImageSource, deadline: DecodeDeadline) throws {
        self.deadline = deadline
        switch source {
        case .data(let bytes):
            data = bytes
            file = nil
            size = bytes.count
        case .file(let path):
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw ImageDecodingError.unreadable(.png, detail: "cannot open the file") }
            var status = stat()
            guard fstat(descriptor, &status) == 0 else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw ImageDecodingError.unreadable(.png, detail: "cannot read the file: \(reason)")
            }
            data = nil
            file = descriptor
            size = Int(status.st_size)
        }
    }

    deinit {
        if let file { close(file) }
    }

    /// Up to `count` bytes at `offset` (fewer at the end of the input), for the few bytes of a
    /// signature, a chunk header or a small chunk: the result is as long as `count`.
    func bytes(at offset: Int, count: Int) throws -> [UInt8] {
        let end = min(offset + count, size)
        guard offset < end else { return [] }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(end - offset)
        try withPieces(at: offset, count: end - offset) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// The `count` bytes at `offset` (at most 8) as a big-endian number, or `nil` when the input
    /// ends first: the signature, a chunk header or a CRC, read without an array of its own (the
    /// census reads a header for every chunk before the image data, once per analysis).
    func number(at offset: Int, count: Int) throws -> UInt64? {
        guard offset >= 0, offset + count <= size else { return nil }
        var value: UInt64 = 0
        try withPieces(at: offset, count: count) { piece in
            for byte in piece { value = value << 8 | UInt64(byte) }
        }
        return value
    }

    /// The chunk whose length field is at `offset`, or `nil` at the end of the input.
    /// - Throws: ``ImageDecodingError/truncated(_:detail:)`` when the input ends inside the header
    ///   or the chunk; ``ImageDecodingError/corrupt(_:detail:)`` for a length over 2³¹ − 1;
    ///   ``ImageDecodingError/timedOut(_:after:)``.
    func chunk(at offset: Int) throws -> Chunk? {
        try pace(chunks: 1)
        if offset >= size { return nil }
        guard let header = try number(at: offset, count: 8) else { throw Self.endedEarly }
        let length = Int(header >> 32)
        guard length <= 0x7FFF_FFFF else {
            throw ImageDecodingError.corrupt(.png, detail: "a chunk's length is over 2³¹ − 1 bytes")
        }
        // Four bytes: a small string, stored inline.
        let type = withUnsafeBytes(of: UInt32(truncatingIfNeeded: header).bigEndian) {
            String(decoding: $0, as: UTF8.self)
        }
        let chunk = Chunk(offset: offset, length: length, type: type)
        // The input must hold the whole chunk, its CRC included.
        guard chunk.next <= size else { throw Self.endedEarly }
        return chunk
    }

    /// The data of `chunk`, a small chunk whose length the caller has bounded (IHDR, acTL, fcTL,
    /// PLTE, tRNS), once its CRC is checked.
    /// - Throws: ``ImageDecodingError/corrupt(_:detail:)`` when the CRC does not match.
    func data(of chunk: Chunk) throws -> [UInt8] {
        let whole = try bytes(at: chunk.offset + 4, count: chunk.length + 4)
        guard whole.count == chunk.length + 4 else { throw Self.endedEarly }
        try verify(PNGCRC.checksum(whole), of: chunk)
        return Array(whole[4...])
    }

    /// Checks `chunk`'s CRC, reading it piece by piece whatever its length.
    /// - Throws: ``ImageDecodingError/corrupt(_:detail:)`` when the CRC does not match;
    ///   ``ImageDecodingError/timedOut(_:after:)``.
    func checkCRC(of chunk: Chunk) throws {
        var crc: UInt32 = 0
        try withPieces(at: chunk.offset + 4, count: chunk.length + 4) { crc = PNGCRC.checksum($0, continuing: crc) }
        try verify(crc, of: chunk)
    }

    /// Appends `chunk`'s data after its first `skip` bytes to `stream` (whose capacity the caller
    /// reserved), checking its CRC on the way.
    /// - Throws: ``ImageDecodingError/corrupt(_:detail:)`` when the CRC does not match (`stream`
    ///   then holds the data read, to be discarded).
    func appendData(of chunk: Chunk, skipping skip: Int, to stream: inout Data) throws {
        var crc: UInt32 = 0
        try withPieces(at: chunk.offset + 4, count: 4 + skip) { crc = PNGCRC.checksum($0, continuing: crc) }
        try withPieces(at: chunk.offset + 8 + skip, count: chunk.length - skip) { piece in
            crc = PNGCRC.checksum(piece, continuing: crc)
            stream.append(piece.baseAddress!.assumingMemoryBound(to: UInt8.self), count: piece.count)
        }
        try verify(crc, of: chunk)
    }

    /// Throws unless `crc` is the CRC stored after `chunk`'s data.
    private func verify(_ crc: UInt32, of chunk: Chunk) throws {
        guard let stored = try number(at: chunk.next - 4, count: 4) else { throw Self.endedEarly }
        guard stored == UInt64(crc) else {
            throw ImageDecodingError.corrupt(.png, detail: "\(chunk.type): CRC error")
        }
    }

    /// Calls `body` with the `count` bytes at `offset`, in order, in pieces of at most a window's
    /// bytes (bytes in memory too, so that the deadline is checked inside a long chunk); never
    /// with an empty piece.
    /// - Throws: ``ImageDecodingError/truncated(_:detail:)`` when the input ends first (a file that
    ///   shrank), ``ImageDecodingError/unreadable(_:detail:)`` when it cannot be read,
    ///   ``ImageDecodingError/timedOut(_:after:)``.
    private func withPieces(at offset: Int, count: Int, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard count > 0 else { return }
        guard offset >= 0, offset + count <= size else { throw Self.endedEarly }
        let end = offset + count
        var at = offset
        while at < end {
            let piece: Int
            if let data {
                piece = min(end - at, Self.windowBytes)
                try data.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[at..<at + piece])) }
            } else {
                // Read again unless the window holds what is left, or a whole window's worth of it.
                if at < windowStart || min(end, at + Self.windowBytes) > windowStart + windowCount { try fill(at: at) }
                let from = at - windowStart
                piece = min(end - at, windowCount - from)
                try window.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[from..<from + piece])) }
            }
            at += piece
            try pace(bytes: piece)
        }
    }

    /// Counts `bytes` read and `chunks` headers read, and checks the deadline once either count
    /// since the last check reaches its limit.
    /// - Throws: ``ImageDecodingError/timedOut(_:after:)`` or `CancellationError`.
    private func pace(bytes: Int = 0, chunks: Int = 0) throws {
        bytesRead += bytes
        bytesSinceCheck += bytes
        chunksSinceCheck += chunks
        guard bytesSinceCheck >= Self.checkBytes || chunksSinceCheck >= Self.checkChunks else { return }
        (bytesSinceCheck, chunksSinceCheck) = (0, 0)
        try deadline.check(.png)
    }

    /// Reads the window from `offset`: a window's bytes, or what the file has left.
    private func fill(at offset: Int) throws {
        guard let descriptor = file else { throw Self.endedEarly }
        if window.isEmpty { window = [UInt8](repeating: 0, count: Self.windowBytes) }
        let wanted = min(Self.windowBytes, size - offset)
        var got = 0
        let failure: Int32? = window.withUnsafeMutableBytes { buffer in
            while got < wanted {
                let read = pread(descriptor, buffer.baseAddress! + got, wanted - got, off_t(offset + got))
                if read > 0 {
                    got += read
                } else if read == 0 {
                    break
                } else if errno != EINTR {
                    return errno
                }
            }
            return nil
        }
        windowStart = offset
        windowCount = got
        if let failure {
            windowCount = 0
            let reason = String(cString: strerror(failure))
            throw ImageDecodingError.unreadable(.png, detail: "cannot read the file: \(reason)")
        }
        // The file is shorter than when it was opened.
        guard got > 0 else { throw Self.endedEarly }
    }

    private static let endedEarly = ImageDecodingError.truncated(.png, detail: "the data ended early")
}
