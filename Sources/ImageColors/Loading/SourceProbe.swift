import Foundation

/// A source checked to exist, with its first bytes read so its format can be sniffed.
struct SourceProbe: Sendable {
    /// The source as given.
    let source: ImageSource
    /// Its first bytes (up to ``prefixLength``).
    let prefix: [UInt8]

    /// How many leading bytes are read: enough to sniff the format, describe what was found,
    /// and read a PNG's dimensions (IHDR ends at byte 33).
    static let prefixLength = 33

    /// Checks that `source` can be read and reads its first bytes.
    /// - Throws: ``LoadingError`` naming the path.
    init(_ source: ImageSource) throws {
        self.source = source
        switch source {
        case .data(let data):
            prefix = Array(data.prefix(Self.prefixLength))
        case .file(let path):
            prefix = try Self.readPrefix(ofFileAt: path)
        }
    }

    /// The first bytes of a regular file.
    ///
    /// The file is opened without blocking and checked with `fstat` on that same descriptor
    /// before anything is read: opening a FIFO for reading would otherwise wait forever for a
    /// writer (and a device could be read forever), and checking the path first would leave a
    /// gap for the file to be swapped.
    /// - Throws: ``LoadingError`` naming the path and, for a non-regular file, what it is.
    private static func readPrefix(ofFileAt path: String) throws(LoadingError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: throw .fileNotFound(path: path)
            // A socket cannot be opened at all.
            case ENXIO, EOPNOTSUPP: throw .notAFile(path: path, kind: "a socket or device")
            default: throw .unreadable(path: path, underlying: POSIXError(errno: code))
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .unreadable(path: path, underlying: POSIXError(errno: errno))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .notAFile(path: path, kind: "a directory")
        case S_IFIFO: throw .notAFile(path: path, kind: "a FIFO")
        case S_IFSOCK: throw .notAFile(path: path, kind: "a socket")
        case S_IFCHR, S_IFBLK: throw .notAFile(path: path, kind: "a device")
        default: throw .notAFile(path: path, kind: "a special file")
        }
        var bytes = [UInt8](repeating: 0, count: prefixLength)
        var count = 0
        while count < prefixLength {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, prefixLength - count) }
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, underlying: POSIXError(errno: errno))
            }
            count += got
        }
        // Shortened in place: a copy of the prefix was one more allocation per analysis.
        bytes.removeLast(prefixLength - count)
        return bytes
    }
}

extension POSIXError {
    /// The error for an `errno` value; `EIO` for a value the platform's `POSIXErrorCode` lacks.
    init(errno code: Int32) {
        self.init(POSIXErrorCode(rawValue: code) ?? .EIO)
    }
}
