/// A placeholder could not be made or read.
public enum PlaceholderError: ImageColorsError, Equatable {
    /// BlurHash takes 1 to 9 components on each axis.
    case componentsOutOfRange(x: Int, y: Int)
    /// The image has no pixels.
    case emptyImage
    /// A hash given to a decoder is not a valid ThumbHash or BlurHash.
    case invalidHash(kind: String, reason: String)

    public var code: String {
        switch self {
        case .componentsOutOfRange: "placeholder-components-out-of-range"
        case .emptyImage: "placeholder-empty-image"
        case .invalidHash: "placeholder-invalid-hash"
        }
    }

    public var description: String {
        switch self {
        case .componentsOutOfRange(let x, let y):
            "BlurHash components \(x)×\(y) are out of range: each axis takes 1 to 9 (the default is 4×3)"
        case .emptyImage: "a placeholder needs an image of at least 1×1 pixel"
        case .invalidHash(let kind, let reason): "not a valid \(kind): \(reason)"
        }
    }
}
