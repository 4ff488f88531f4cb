import Foundation

/// Why the bytes of an image could not be had.
public enum LoadingError: ImageColorsError, Equatable {
    /// Nothing exists at the path.
    case fileNotFound(path: String)
    /// The path names a directory, FIFO, socket, device or another non-regular file; `kind`
    /// says which ("a FIFO").
    case notAFile(path: String, kind: String)
    /// The file exists but could not be opened or read; `underlying` is the system's error
    /// (`EACCES`, `EIO`, …), whose text the message quotes.
    case unreadable(path: String, underlying: POSIXError)

    public var code: String {
        switch self {
        case .fileNotFound: "file-not-found"
        case .notAFile: "not-a-file"
        case .unreadable: "unreadable-file"
        }
    }

    public var description: String {
        switch self {
        case .fileNotFound(let path): "no such file: \(path)"
        case .notAFile(let path, let kind): "not a regular file (\(kind)): \(path)"
        case .unreadable(let path, let underlying):
            "cannot read \(path): \(String(cString: strerror(underlying.code.rawValue)))"
        }
    }
}
