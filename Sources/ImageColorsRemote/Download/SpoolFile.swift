import Foundation
import ImageColors

/// The temporary file a large body is written to: a unique path chosen by the caller before
/// the download starts, so the caller can remove it after the download's task has ended,
/// whichever way it ended (success, error, deadline, cancellation).
struct SpoolFile: Sendable {
    /// The file's path; the file exists only once a body passed the spool threshold.
    let path: String

    /// A new unique path in `directory` (nothing is created yet).
    init(in directory: URL) {
        path = directory.appendingPathComponent("imagecolors-download-\(UUID().uuidString).tmp").path
    }

    /// Creates the file, readable by this user only, and opens it for writing.
    /// - Throws: ``RemoteLoadingError/spoolFailed(path:underlying:)`` with the system's error.
    func create() throws -> FileHandle {
        // open(2) rather than FileManager: its errno says why (no space, no permission).
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            throw RemoteLoadingError.spoolFailed(
                path: path, underlying: Self.underlying(POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)))
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// A file system error kept for the caller, with the system's words for it.
    static func underlying(_ error: any Error) -> UnderlyingError {
        if let error = error as? POSIXError {
            return UnderlyingError(error, description: String(cString: strerror(error.code.rawValue)))
        }
        return UnderlyingError(error, description: error.localizedDescription)
    }

    /// Writes `bytes` to `file` in one go (a body moved out of memory).
    /// - Throws: ``RemoteLoadingError/spoolFailed(path:underlying:)``.
    static func write(_ bytes: Data, to file: SpoolFile) throws {
        let handle = try file.create()
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: bytes)
        } catch {
            throw RemoteLoadingError.spoolFailed(path: file.path, underlying: underlying(error))
        }
    }

    /// Removes the file if it exists.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
