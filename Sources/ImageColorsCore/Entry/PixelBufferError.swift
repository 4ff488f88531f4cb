/// Why pixels handed to ``PixelAnalyzer`` cannot be read: the layout or the buffer, as given.
public enum PixelBufferError: ImageColorsError, Equatable {
    /// A width or height below 1.
    case emptySize(width: Int, height: Int)
    /// The size passes a limit of ``AnalysisOptions/limits`` (side or pixel count).
    case tooLarge(width: Int, height: Int, limit: String)
    /// ``PixelLayout/bytesPerRow`` is less than `width × 4`.
    case rowTooShort(bytesPerRow: Int, width: Int)
    /// The buffer holds fewer bytes than the layout needs (``PixelLayout/minimumByteCount``).
    case bufferTooShort(bytes: Int, needed: Int, width: Int, height: Int)
    /// A ``PixelStream`` was given more rows than the layout's height.
    case tooManyRows(height: Int)
    /// A ``PixelStream`` was finished before every row arrived.
    case missingRows(received: Int, height: Int)

    /// `invalid-pixel-buffer`, `image-too-large` (the decoders' code for the same limit), or
    /// `incomplete-pixel-buffer` for a stream finished early.
    public var code: String {
        switch self {
        case .tooLarge: "image-too-large"
        case .missingRows: "incomplete-pixel-buffer"
        default: "invalid-pixel-buffer"
        }
    }

    /// What is wrong, with the sizes given.
    public var description: String {
        switch self {
        case .emptySize(let width, let height):
            "pixel buffer: \(width)×\(height) has no pixels (width and height must be at least 1)"
        case .tooLarge(let width, let height, let limit):
            "pixel buffer: \(width)×\(height) is over \(limit)"
        case .rowTooShort(let bytesPerRow, let width):
            "pixel buffer: \(bytesPerRow) bytes a row cannot hold \(width) RGBA pixels (\(width * 4) bytes)"
        case .bufferTooShort(let bytes, let needed, let width, let height):
            "pixel buffer: \(bytes) bytes, but \(width)×\(height) at this row stride needs \(needed)"
        case .tooManyRows(let height):
            "pixel buffer: more rows than the layout's height (\(height))"
        case .missingRows(let received, let height):
            "pixel buffer: finished after \(received) of \(height) rows"
        }
    }
}
