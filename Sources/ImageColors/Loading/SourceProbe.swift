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
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw LoadingError.fileNotFound(path: path)
            }
            guard !isDirectory.boolValue else { throw LoadingError.notAFile(path: path) }
            guard let handle = FileHandle(forReadingAtPath: path) else {
                throw LoadingError.unreadable(path: path, reason: "permission denied or not readable")
            }
            defer { try? handle.close() }
            do {
                prefix = Array(try handle.read(upToCount: Self.prefixLength) ?? Data())
            } catch {
                throw LoadingError.unreadable(path: path, reason: "\(error.localizedDescription)")
            }
        }
    }
}
