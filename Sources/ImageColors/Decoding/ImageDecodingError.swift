/// Why an image could not be decoded.
public enum ImageDecodingError: ImageColorsError, Equatable {
    /// The data is neither JPEG nor PNG; `seen` says what it looks like ("a GIF image").
    case unsupportedFormat(seen: String)
    /// A valid image using something ImageColors does not decode (12-bit JPEG, lossless JPEG).
    case unsupportedFeature(ImageFormat, detail: String)
    /// The decoder found damaged data; `detail` is the decoder's own words.
    case corrupt(ImageFormat, detail: String)
    /// The data ends before the image does.
    case truncated(ImageFormat, detail: String)
    /// The decoder could not get the memory it needed.
    case outOfMemory(ImageFormat, detail: String)
    /// The image passes a configured limit (dimensions, chunk size).
    case overLimit(ImageFormat, detail: String)
    /// The file could not be read while decoding.
    case unreadable(ImageFormat, detail: String)

    public var code: String {
        switch self {
        case .unsupportedFormat: "unsupported-format"
        case .unsupportedFeature: "unsupported-feature"
        case .corrupt: "corrupt-image"
        case .truncated: "truncated-image"
        case .outOfMemory: "decoder-out-of-memory"
        case .overLimit: "over-limit"
        case .unreadable: "unreadable-file"
        }
    }

    public var description: String {
        switch self {
        case .unsupportedFormat(let seen):
            "unsupported format: expected a JPEG or PNG image, found \(seen)"
        case .unsupportedFeature(let format, let detail):
            "unsupported \(format.displayName): \(detail)"
        case .corrupt(let format, let detail):
            "corrupt \(format.displayName) data: \(detail)"
        case .truncated(let format, let detail):
            "truncated \(format.displayName) data: \(detail)"
        case .outOfMemory(let format, let detail):
            "out of memory decoding \(format.displayName): \(detail)"
        case .overLimit(let format, let detail):
            "\(format.displayName) over limit: \(detail)"
        case .unreadable(let format, let detail):
            "cannot read \(format.displayName) data: \(detail)"
        }
    }
}

extension ImageFormat {
    /// "JPEG" or "PNG", for messages.
    var displayName: String { rawValue.uppercased() }
}
