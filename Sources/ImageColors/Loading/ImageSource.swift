import Foundation

/// Where an image comes from.
public enum ImageSource: Sendable, Hashable {
    /// A file on disk, read by the decoder in place (its compressed bytes are never all in memory).
    case file(String)
    /// Encoded bytes already in memory.
    case data(Data)

    /// A short name for messages: the path, or "data (N bytes)".
    public var name: String {
        switch self {
        case .file(let path): path
        case .data(let data): "data (\(data.count) bytes)"
        }
    }
}
