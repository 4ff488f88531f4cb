/// Why an image could not be decoded.
public enum ImageDecodingError: ImageColorsError, Equatable {
    /// The data is none of JPEG, PNG, WebP, GIF, HEIC or AVIF; `seen` says what it looks like ("a BMP image").
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
    /// The header's dimensions pass a limit of `ImageLimits`; checked before any pixel work.
    case tooLarge(ImageFormat, width: Int, height: Int, limit: String)
    /// Decoding took longer than `ImageLimits.decodeTimeout`.
    case timedOut(ImageFormat, after: Duration)
    /// Counting every frame of an animation would pass `ImageLimits.maxFrames`; checked from
    /// the frame headers before any frame is decoded.
    case tooManyFrames(ImageFormat, limit: Int)

    public var code: String {
        switch self {
        case .unsupportedFormat: "unsupported-format"
        case .unsupportedFeature: "unsupported-feature"
        case .corrupt: "corrupt-image"
        case .truncated: "truncated-image"
        case .outOfMemory: "decoder-out-of-memory"
        case .overLimit: "over-limit"
        case .unreadable: "unreadable-file"
        case .tooLarge: "image-too-large"
        case .timedOut: "decode-timeout"
        case .tooManyFrames: "too-many-frames"
        }
    }

    public var description: String {
        switch self {
        case .unsupportedFormat(let seen):
            "unsupported format: expected a JPEG, PNG, WebP, GIF, HEIC or AVIF image, found \(seen)"
        case .unsupportedFeature(let format, let detail):
            "unsupported \(format.displayName): \(detail)"
        case .corrupt(let format, let detail):
            // libjpeg's own words often start "Corrupt JPEG data: …"; say it once.
            detail.lowercased().hasPrefix("corrupt") ? detail : "corrupt \(format.displayName) data: \(detail)"
        case .truncated(let format, let detail):
            "truncated \(format.displayName) data: \(detail)"
        case .outOfMemory(let format, let detail):
            "out of memory decoding \(format.displayName): \(detail)"
        case .overLimit(let format, let detail):
            "\(format.displayName) over limit: \(detail)"
        case .unreadable(let format, let detail):
            "cannot read \(format.displayName) data: \(detail)"
        case .tooLarge(let format, let width, let height, let limit):
            "\(format.displayName) image is \(width)×\(height), over \(limit)"
        case .timedOut(let format, let after):
            """
            decoding the \(format.displayName) image took longer than \(after.displayString) (the decode \
            timeout)
            """
        case .tooManyFrames(let format, let limit):
            "\(format.displayName) animation has more than \(limit) frames, the limit for counting every frame"
        }
    }
}

extension ImageFormat {
    /// "JPEG", "PNG", "WebP", "GIF", "HEIC" or "AVIF", for messages.
    var displayName: String {
        switch self {
        case .webp: "WebP"
        default: rawValue.uppercased()
        }
    }
}
