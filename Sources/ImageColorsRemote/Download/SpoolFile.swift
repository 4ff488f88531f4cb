import Foundation

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
    /// - Throws: ``RemoteLoadingError/spoolFailed(path:reason:)``.
    func create() throws -> FileHandle {
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            throw RemoteLoadingError.spoolFailed(path: path, reason: "cannot create the file")
        }
        return handle
    }

    /// Writes `bytes` to `file` in one go (a body moved out of memory).
    /// - Throws: ``RemoteLoadingError/spoolFailed(path:reason:)``.
    static func write(_ bytes: Data, to file: SpoolFile) throws {
        let handle = try file.create()
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: bytes)
        } catch {
            throw RemoteLoadingError.spoolFailed(path: file.path, reason: "\(error.localizedDescription)")
        }
    }

    /// Removes the file if it exists.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
