import Foundation

/// Writes a whole file or nothing: thumbnails and reports.
///
/// The bytes go to a new temporary file in the destination's directory, which is then renamed
/// over the destination. A failed write (a full disk, a killed process) leaves the previous
/// file as it was, never a truncated one; and `rename` replaces a symbolic link at the
/// destination instead of following it, so a planted link cannot redirect the write to its
/// target.
enum AtomicFile {
    /// Why a file could not be written.
    struct WriteError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "cannot write \(path): \(reason)" }
    }

    /// Writes `data` to `path`, replacing what is there.
    /// - Throws: ``WriteError`` with the system's reason; nothing is left behind.
    static func write(_ data: Data, to path: String) throws(WriteError) {
        let temporary = try create(besides: path)
        if let failure = write(data, to: temporary.descriptor) {
            close(temporary.descriptor)
            unlink(temporary.path)
            throw WriteError(path: path, reason: failure)
        }
        guard close(temporary.descriptor) == 0, rename(temporary.path, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw WriteError(path: path, reason: reason)
        }
    }

    /// Checks, before any work, that `path` could be written: its directory exists and takes a
    /// new file there.
    /// - Throws: ``WriteError`` with the system's reason.
    static func checkWritable(_ path: String) throws(WriteError) {
        let temporary = try create(besides: path)
        close(temporary.descriptor)
        unlink(temporary.path)
    }

    /// A new, empty, private file next to `path` (`.NAME.XXXXXX`), open for writing.
    private static func create(besides path: String) throws(WriteError) -> (path: String, descriptor: Int32) {
        let url = URL(fileURLWithPath: path)
        let template = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).XXXXXX").path
        var bytes = Array(template.utf8CString)
        let descriptor = bytes.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        // mkstemp makes the file 0600; a thumbnail or report is as readable as any new file.
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
        return (String(cString: bytes), descriptor)
    }

    /// Writes every byte, retrying interrupted and short writes, and syncs them: `nil`, or the
    /// system's reason for failing.
    private static func write(_ data: Data, to descriptor: Int32) -> String? {
        let failed: Bool = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return true
                }
                offset += written
            }
            return fsync(descriptor) != 0
        }
        return failed ? String(cString: strerror(errno)) : nil
    }
}
