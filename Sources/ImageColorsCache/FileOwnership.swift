/// Whose a file at the cache's path is, read from its raw bytes (SQLite's 100-byte header)
/// before SQLite opens it: only a file that carries this cache's application ID, or an empty
/// one, may ever be removed or rebuilt.
enum FileOwnership: Equatable {
    /// No file: it will be made.
    case absent
    /// An empty file: SQLite makes a new database in it.
    case empty
    /// A SQLite database whose application ID is this cache's (``AnalysisCache/applicationID``).
    case ours
    /// A SQLite database without an application ID (0): a new, empty database may become the
    /// cache; anything else in it belongs to someone else.
    case unmarked
    /// A SQLite database with another program's application ID, or a header too short to
    /// carry one.
    case foreign
    /// Not a SQLite database at all.
    case notSQLite

    /// "SQLite format 3" and a NUL: the first 16 bytes of every SQLite 3 database.
    static let magic = Array("SQLite format 3\0".utf8)

    /// Reads `header`, the file's first bytes (`nil` when there is no file).
    init(header: [UInt8]?) {
        guard let header else {
            self = .absent
            return
        }
        if header.isEmpty {
            self = .empty
        } else if !header.starts(with: Self.magic) {
            self = .notSQLite
        } else if header.count < 72 {
            self = .foreign
        } else {
            // Bytes 68-71: the application ID, a big-endian 32-bit integer (PRAGMA application_id).
            let id = header[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            switch Int32(bitPattern: id) {
            case AnalysisCache.applicationID: self = .ours
            case 0: self = .unmarked
            default: self = .foreign
            }
        }
    }

    /// Whether the file may be deleted and made again: it is this cache's, or empty.
    var mayRebuild: Bool { self == .ours || self == .empty || self == .absent }
}
