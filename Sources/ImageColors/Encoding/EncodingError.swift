/// Why an image could not be encoded (a thumbnail, `RGBAImage.pngData()`).
public enum EncodingError: ImageColorsError, Equatable {
    /// The image has no pixels: a side is 0.
    case emptyImage(ImageFormat, width: Int, height: Int)
    /// A side is longer than the format stores (`limit` pixels: JPEG 65,500; PNG 1,000,000,
    /// libpng's limit).
    case tooLarge(ImageFormat, width: Int, height: Int, limit: Int)
    /// The encoder could not get the memory it needed; `detail` is the library's own words.
    case outOfMemory(ImageFormat, width: Int, height: Int, detail: String)
    /// libjpeg or libpng refused; `detail` is the library's own words.
    case failed(ImageFormat, width: Int, height: Int, detail: String)

    public var code: String {
        switch self {
        case .emptyImage: "empty-image"
        case .tooLarge: "image-too-large-to-encode"
        case .outOfMemory: "encoder-out-of-memory"
        case .failed: "encoding-failed"
        }
    }

    public var description: String {
        switch self {
        case .emptyImage(let format, let width, let height):
            "cannot encode a \(width)×\(height) image as \(format.displayName): it has no pixels"
        case .tooLarge(let format, let width, let height, let limit):
            "cannot encode a \(width)×\(height) image as \(format.displayName): "
                + "\(format.displayName) stores at most \(limit) pixels a side"
        case .outOfMemory(let format, let width, let height, let detail):
            "out of memory encoding a \(width)×\(height) image as \(format.displayName): \(detail)"
        case .failed(let format, let width, let height, let detail):
            "cannot encode a \(width)×\(height) image as \(format.displayName): \(detail)"
        }
    }

    /// A shim status's failure, for an image of `width`×`height` being encoded as `format`.
    init(_ failure: ShimFailure, encoding format: ImageFormat, width: Int, height: Int) {
        self =
            failure == .outOfMemory
            ? .outOfMemory(format, width: width, height: height, detail: "the encoder's buffers")
            : .failed(format, width: width, height: height, detail: failure.summary)
    }
}
