import Foundation

/// A JPEG's bytes, read front to back: straight from memory, or from a file through one
/// fixed-size window, so a file's compressed bytes are never all in memory.
///
/// Reads never go past the end: every method says when the input ended (`nil` or `false`),
/// and the caller decides whether that is a truncated file.
final class JPEGByteReader {
    /// Bytes read from a file at a time. 32 kB keeps `fread` calls cheap (a 6 MB file takes
    /// about 200) while the window stays a rounding error in the memory budget.
    static let windowSize = 32 * 1024

    /// Called after each refill from a file: the decoder checks its deadline there, so skipping
    /// a huge scan still stops in time.
    var onRefill: (() throws -> Void)?

    /// The open file, or `nil` when reading memory.
    private let file: UnsafeMutablePointer<FILE>?
    /// The window's storage when reading a file (or a stand-in byte for empty memory).
    private let storage: UnsafeMutablePointer<UInt8>?
    /// The bytes that can be read now.
    private var bytes: UnsafePointer<UInt8>
    /// Bytes valid in ``bytes``.
    private var limit: Int
    /// The next byte to read, an index into ``bytes``.
    private var position = 0
    /// The file has no more bytes (always true for memory).
    private var fileEnded: Bool

    /// Reads from memory; `bytes` must stay valid while the reader is used.
    init(memory: UnsafeRawBufferPointer) {
        file = nil
        if let base = memory.baseAddress {
            storage = nil
            bytes = base.assumingMemoryBound(to: UInt8.self)
        } else {
            // An empty buffer may have no base address; one owned byte stands in (never read).
            let stand = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
            stand.initialize(to: 0)
            storage = stand
            bytes = UnsafePointer(stand)
        }
        limit = memory.count
        fileEnded = true
    }

    /// Opens the file at `path` for reading.
    /// - Throws: ``ImageDecodingError/unreadable(_:detail:)`` when it cannot be opened.
    init(path: String) throws(ImageDecodingError) {
        guard let handle = fopen(path, "rb") else { throw .unreadable(.jpeg, detail: "cannot open the file") }
        file = handle
        let window = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.windowSize)
        storage = window
        bytes = UnsafePointer(window)
        limit = 0
        fileEnded = false
    }

    deinit {
        if let file { fclose(file) }
        storage?.deallocate()
    }

    /// Calls `body` with a reader over `source`.
    static func with<R>(_ source: ImageSource, _ body: (JPEGByteReader) throws -> R) throws -> R {
        switch source {
        case .file(let path):
            return try body(JPEGByteReader(path: path))
        case .data(let data):
            return try data.withUnsafeBytes { try body(JPEGByteReader(memory: $0)) }
        }
    }

    /// Bytes the reader owns (the file window), for the memory budget.
    static func bytesNeeded(for source: ImageSource) -> Int {
        if case .file = source { return windowSize }
        return 0
    }

    /// Makes at least `count` bytes (at most a few) readable; `false` when the input ends first.
    @inline(__always)
    private func ensure(_ count: Int) throws -> Bool {
        if limit - position >= count { return true }
        return try refill(atLeast: count)
    }

    private func refill(atLeast count: Int) throws -> Bool {
        guard let file, let storage, !fileEnded else { return false }
        // Keep the unread tail (a byte or two of a marker split across reads) at the front.
        let tail = limit - position
        if tail > 0, position > 0 { memmove(storage, storage + position, tail) }
        position = 0
        limit = tail
        while limit < count, !fileEnded {
            let read = fread(storage + limit, 1, Self.windowSize - limit, file)
            if read == 0 {
                if ferror(file) != 0 { throw ImageDecodingError.unreadable(.jpeg, detail: "reading the file failed") }
                fileEnded = true
            }
            limit += read
        }
        try onRefill?()
        return limit >= count
    }

    /// The next byte, or `nil` at the end of the input.
    @inline(__always)
    func readByte() throws -> UInt8? {
        guard try ensure(1) else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    /// The bytes readable now without a refill (none when the window is used up): the entropy
    /// decoder reads runs of plain data bytes from here without a call per byte.
    @inline(__always)
    var buffered: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: bytes + position, count: limit - position) }

    /// Marks `count` bytes of ``buffered`` as read.
    @inline(__always)
    func advance(_ count: Int) { position += count }

    /// The next two bytes as a big-endian number, or `nil` at the end of the input.
    func readUInt16() throws -> Int? {
        guard let high = try readByte(), let low = try readByte() else { return nil }
        return Int(high) << 8 | Int(low)
    }

    /// Reads exactly `count` bytes; `nil` when the input ends first.
    func readBytes(_ count: Int) throws -> [UInt8]? {
        var result = [UInt8]()
        result.reserveCapacity(count)
        while result.count < count {
            guard try ensure(1) else { return nil }
            let take = min(count - result.count, limit - position)
            result.append(contentsOf: UnsafeBufferPointer(start: bytes + position, count: take))
            position += take
        }
        return result
    }

    /// Skips `count` bytes; `false` when the input ends first.
    func skip(_ count: Int) throws -> Bool {
        var left = count
        while left > 0 {
            guard try ensure(1) else { return false }
            let take = min(left, limit - position)
            position += take
            left -= take
        }
        return true
    }

    /// Reads up to and including the next marker, as libjpeg's `next_marker` does: fill bytes
    /// (`FF FF …`) before the code are legal; anything else skipped is counted.
    /// - Returns: The marker code and how many other bytes were skipped before it (0 in a valid
    ///   file), or `nil` when the input ends first.
    func nextMarker() throws -> (code: UInt8, skipped: Int)? {
        var skipped = 0
        while true {
            guard var byte = try readByte() else { return nil }
            while byte != 0xFF {
                skipped += 1
                guard let next = try readByte() else { return nil }
                byte = next
            }
            repeat {
                guard let next = try readByte() else { return nil }
                byte = next
            } while byte == 0xFF
            if byte != 0 { return (byte, skipped) }
            // FF 00 is stuffed entropy data, not a marker.
            skipped += 2
        }
    }

    /// Skips entropy-coded data without decoding it, up to and including the marker that ends
    /// it: `FF 00` (a stuffed data byte) and restart markers `FF D0`–`FF D7` belong to the data.
    /// `memchr` finds each `FF`, so skipping runs at memory speed.
    /// - Returns: The code of the marker after the data, or `nil` when the input ends first.
    func skipEntropyCodedData() throws -> UInt8? {
        while true {
            let available = limit - position
            guard available > 0 else {
                guard try ensure(1) else { return nil }
                continue
            }
            guard let found = memchr(bytes + position, 0xFF, available) else {
                position = limit
                continue
            }
            position += UnsafeRawPointer(found) - UnsafeRawPointer(bytes + position)
            guard try ensure(2) else { return nil }
            let code = bytes[position + 1]
            switch code {
            case 0x00, 0xD0...0xD7: position += 2
            case 0xFF: position += 1 // a fill byte; the next FF starts the marker
            default:
                position += 2
                return code
            }
        }
    }
}
