import Foundation
import ImageColors

/// Collects a body: in memory up to a threshold, then in a ``SpoolFile``. Used by one task
/// only; closes its file on every path (its owner removes the file).
///
/// With a ``MemoryPool``, bytes kept in memory are reserved in it as they arrive; when the pool
/// has no room for the next chunk (or others wait for room), the body goes to the file instead
/// of waiting, and its reservation is given back.
final class SpoolingSink {
    private let file: SpoolFile
    private let threshold: Int
    private var buffer = Data()
    private var handle: FileHandle?
    /// The pool bytes held for `buffer`, when there is a pool.
    private var reservation: MemoryReservation?
    private let pool: MemoryPool?

    /// Creates a sink.
    /// - Parameters:
    ///   - file: Where to spool past the threshold.
    ///   - threshold: The most bytes kept in memory.
    ///   - expectedLength: The declared length: one already over the threshold goes to the
    ///     file from the first byte, so it is never buffered and then copied.
    ///   - pool: Where bytes kept in memory are reserved; `nil` for none.
    init(file: SpoolFile, threshold: Int, expectedLength: Int?, pool: MemoryPool?) throws {
        self.file = file
        self.threshold = threshold
        self.pool = pool
        if let pool {
            reservation = MemoryReservation.now(min(expectedLength ?? 0, threshold), from: pool)
        }
        if let expectedLength, expectedLength > threshold || (pool != nil && reservation == nil) {
            handle = try file.create()
        } else if let expectedLength {
            buffer.reserveCapacity(expectedLength)
        }
    }

    deinit {
        try? handle?.close()
    }

    /// Appends a chunk, moving everything to the file once the threshold is passed (or the
    /// pool has no room for it).
    /// - Throws: ``RemoteLoadingError/spoolFailed(path:underlying:)``.
    func append(_ chunk: Data) throws {
        if handle == nil, buffer.count + chunk.count <= threshold, holdsRoom(for: buffer.count + chunk.count) {
            buffer.append(chunk)
            return
        }
        if handle == nil {
            handle = try file.create()
            try write(buffer)
            // Release the in-memory copy: from here on the bytes live only in the file.
            buffer = Data()
            reservation?.release()
            reservation = nil
        }
        try write(chunk)
    }

    /// Whether `bytes` in memory are covered by the pool (always, without one).
    private func holdsRoom(for bytes: Int) -> Bool {
        guard pool != nil else { return true }
        guard let reservation else { return false }
        // New work does not jump the queue: room is taken only when nobody waits.
        return bytes <= reservation.bytes || reservation.grow(by: bytes - reservation.bytes, aheadOfWaiters: false)
    }

    /// The body as the core reads it: the bytes (with their pool reservation), or the closed file.
    /// - Parameter policy: What the response's headers say about caching it.
    func finish(policy: HTTPCachePolicy) throws -> DownloadedBody {
        guard let handle else {
            reservation?.shrink(to: buffer.count)
            return DownloadedBody(source: .data(buffer), reservation: reservation, policy: policy)
        }
        self.handle = nil
        do {
            try handle.close()
        } catch {
            throw RemoteLoadingError.spoolFailed(path: file.path, underlying: SpoolFile.underlying(error))
        }
        return DownloadedBody(source: .file(file.path), reservation: nil, policy: policy)
    }

    private func write(_ data: Data) throws {
        // Writes are synchronous: chunks are a few kB and go to the page cache. They run on
        // the loader's executor, not on Swift's cooperative pool.
        do {
            try handle?.write(contentsOf: data)
        } catch {
            throw RemoteLoadingError.spoolFailed(path: file.path, underlying: SpoolFile.underlying(error))
        }
    }
}
