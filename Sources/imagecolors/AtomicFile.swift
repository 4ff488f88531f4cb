import Foundation

/// Writes a whole file or nothing: thumbnails and reports (except where a file cannot be
/// replaced: standard output, devices, FIFOs; see ``openInPlace(_:)``).
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

    /// Writes `data` to `path`, replacing what is there; a path written in place
    /// (``openInPlace(_:)``: `-`, `/dev/stdout`, a device, a FIFO) gets the bytes as they are.
    /// - Throws: ``WriteError`` with the system's reason; nothing is left behind.
    static func write(_ data: Data, to path: String) throws(WriteError) {
        if let descriptor = try openInPlace(path) {
            defer { close(descriptor) }
            if let failure = write(data, to: descriptor, sync: false) { throw WriteError(path: path, reason: failure) }
            return
        }
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

    /// A descriptor open for writing `path` in place, or `nil` when `path` is to be replaced
    /// whole (a regular file, or nothing yet).
    ///
    /// In place: `-` (standard output); a descriptor's name (`/dev/stdout`, `/dev/stderr`,
    /// `/dev/fd/N`, `/proc/self/fd/N`), whatever the descriptor is, written at its own offset;
    /// and an existing file that is not a regular file (a character device, a FIFO). Renaming
    /// over those would put a regular file where the device or the link was: as root,
    /// `-o /dev/stdout` replaced the container's `/dev/stdout` link.
    /// - Throws: ``WriteError`` when the descriptor or the file cannot be opened.
    static func openInPlace(_ path: String) throws(WriteError) -> Int32? {
        if let number = descriptorNamed(by: path) {
            let descriptor = dup(number)
            guard descriptor >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
            return descriptor
        }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG else { return nil }
        let descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        return descriptor
    }

    /// The descriptor `path` names: 1 for `-`, `/dev/stdout` and `/dev/fd/1`, N for
    /// `/dev/fd/N` and `/proc/self/fd/N`; `nil` for any other path.
    static func descriptorNamed(by path: String) -> Int32? {
        if path == "-" { return STDOUT_FILENO }
        // The directory resolved: /dev/fd is a link to /proc/self/fd, itself /proc/PID/fd.
        let resolved = FileIdentity.resolved(path)
        switch resolved {
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default: break
        }
        for prefix in ["/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/", "/proc/\(getpid())/fd/"]
        where resolved.hasPrefix(prefix) {
            return Int32(resolved.dropFirst(prefix.count))
        }
        return nil
    }

    /// A new, empty, private file next to `path` (`.imagecolors-XXXXXX`), open for writing.
    ///
    /// The name does not repeat the target's: a target name of 250–255 bytes, the most a
    /// file system allows, would be too long with a suffix.
    fileprivate static func create(besides path: String) throws(WriteError) -> (path: String, descriptor: Int32) {
        let url = URL(fileURLWithPath: path)
        let template = url.deletingLastPathComponent().appendingPathComponent(".imagecolors-XXXXXX").path
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
    /// A path written in place (``openInPlace(_:)``) has no temporary file: its entries go
    /// straight to it, and ``abandon()`` can only stop writing.
    final class Writer {
        let path: String
        /// The temporary file, or `nil` when `path` is written in place.
        private let temporary: String?
        private var descriptor: Int32

        /// Creates the temporary file next to `path`, or opens `path` to write it in place.
        /// - Throws: ``WriteError`` when the directory takes no new file.
        init(path: String) throws(WriteError) {
            self.path = path
            if let descriptor = try AtomicFile.openInPlace(path) {
                (temporary, self.descriptor) = (nil, descriptor)
            } else {
                let created = try AtomicFile.create(besides: path)
                (temporary, descriptor) = (created.path, created.descriptor)
            }
        }

        /// Whether the path is written in place, with no temporary file to abandon.
        var writesInPlace: Bool { temporary == nil }

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
            guard let temporary else {
                close(descriptor)
                descriptor = -1
                return
            }
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
            if let temporary { unlink(temporary) }
        }

        deinit { abandon() }
    }
}
