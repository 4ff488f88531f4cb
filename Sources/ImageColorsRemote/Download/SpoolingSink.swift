import Foundation
import ImageColors

/// Collects a body: in memory up to a threshold, then in a ``SpoolFile``. Used by one task
/// only; closes its file on every path (its owner removes the file).
final class SpoolingSink {
    private let file: SpoolFile
    private let threshold: Int
    private var buffer = Data()
    private var handle: FileHandle?

    /// Creates a sink.
    /// - Parameters:
    ///   - file: Where to spool past the threshold.
    ///   - threshold: The most bytes kept in memory.
    ///   - expectedLength: The declared length: one already over the threshold goes to the
    ///     file from the first byte, so it is never buffered and then copied.
    init(file: SpoolFile, threshold: Int, expectedLength: Int?) throws {
        self.file = file
        self.threshold = threshold
        if let expectedLength, expectedLength > threshold {
            handle = try file.create()
        } else if let expectedLength {
            buffer.reserveCapacity(expectedLength)
        }
    }

    deinit {
        try? handle?.close()
    }

    /// Appends a chunk, moving everything to the file once the threshold is passed.
    /// - Throws: ``RemoteLoadingError/spoolFailed(path:reason:)``.
    func append(_ chunk: Data) throws {
        if handle == nil, buffer.count + chunk.count <= threshold {
            buffer.append(chunk)
            return
        }
        if handle == nil {
            handle = try file.create()
            try write(buffer)
            // Release the in-memory copy: from here on the bytes live only in the file.
            buffer = Data()
        }
        try write(chunk)
    }

    /// The body as the core reads it: the bytes, or the closed file.
    func finish() throws -> ImageSource {
        guard let handle else { return .data(buffer) }
        self.handle = nil
        do {
            try handle.close()
        } catch {
            throw RemoteLoadingError.spoolFailed(path: file.path, reason: "\(error.localizedDescription)")
        }
        return .file(file.path)
    }

    private func write(_ data: Data) throws {
        // Writes are synchronous: chunks are a few kB and go to the page cache.
        do {
            try handle?.write(contentsOf: data)
        } catch {
            throw RemoteLoadingError.spoolFailed(path: file.path, reason: "\(error.localizedDescription)")
        }
    }
}
