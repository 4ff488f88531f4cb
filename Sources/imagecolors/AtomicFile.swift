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

    /// A new, empty, private file next to `path` (`.NAME.XXXXXX`), open for writing.
    fileprivate static func create(besides path: String) throws(WriteError) -> (path: String, descriptor: Int32) {
        let url = URL(fileURLWithPath: path)
        let template = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).XXXXXX").path
        var bytes = Array(template.utf8CString)
        let descriptor = bytes.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        // mkstemp makes the file 0600; a thumbnail or report is as readable as any new file.
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
        // mkstemp filled in the template's X's; the array still ends in its NUL.
        let name = String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (name, descriptor)
    }

    /// Writes every byte (``writeAll(_:to:)``) and, when asked, syncs them: `nil`, or the
    /// system's reason for failing.
    fileprivate static func write(_ data: Data, to descriptor: Int32, sync: Bool = true) -> String? {
        if let failure = data.withUnsafeBytes({ writeAll($0, to: descriptor) }) {
            return String(cString: strerror(failure))
        }
        return sync && fsync(descriptor) != 0 ? String(cString: strerror(errno)) : nil
    }

    /// A file written piece by piece, then put in place whole: a report streamed as its entries
    /// arrive. Until ``commit()`` only the temporary file beside the target exists.
    final class Writer {
        let path: String
        private let temporary: String
        private var descriptor: Int32

        /// Creates the temporary file next to `path`.
        /// - Throws: ``WriteError`` when the directory takes no new file.
        init(path: String) throws(WriteError) {
            self.path = path
            (temporary, descriptor) = try AtomicFile.create(besides: path)
        }

        /// Appends `text`.
        /// - Throws: ``WriteError``; the temporary file is then removed.
        func append(_ text: String) throws(WriteError) {
            guard descriptor >= 0 else { throw WriteError(path: path, reason: "already closed") }
            if let failure = AtomicFile.write(Data(text.utf8), to: descriptor, sync: false) {
                abandon()
                throw WriteError(path: path, reason: failure)
            }
        }

        /// Syncs the file and renames it over `path`.
        /// - Throws: ``WriteError``; the temporary file is then removed.
        func commit() throws(WriteError) {
            guard descriptor >= 0 else { throw WriteError(path: path, reason: "already closed") }
            var failure: String?
            if fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
            if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
            descriptor = -1
            if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
            if let failure {
                unlink(temporary)
                throw WriteError(path: path, reason: failure)
            }
        }

        /// Removes the temporary file; the target stays as it was.
        func abandon() {
            guard descriptor >= 0 else { return }
            close(descriptor)
            descriptor = -1
            unlink(temporary)
        }

        deinit { abandon() }
    }
}
