import Foundation

/// What thumbnail to make alongside an analysis.
public struct ThumbnailRequest: Sendable, Hashable {
    /// Encodings a thumbnail can have.
    public enum Format: String, Sendable, Hashable, CaseIterable, Codable {
        /// Baseline JPEG; transparency is composited onto the card's background.
        case jpeg
        /// 8-bit RGBA PNG, transparency kept.
        case png

        /// The format a file name's extension asks for (`.jpg`, `.jpeg`, `.png`), or `nil`.
        /// - Parameter path: A file name or path.
        public init?(path: String) {
            switch (path as NSString).pathExtension.lowercased() {
            case "jpg", "jpeg": self = .jpeg
            case "png": self = .png
            default: return nil
            }
        }
    }

    /// The largest long side a thumbnail can have: 65 535 pixels, the most a JPEG can store.
    public static let maximumLongSide = 65_535

    /// The thumbnail's long side in pixels, independent of the analysis size; default 320.
    /// Images smaller than this are not enlarged. Used clamped to
    /// `1...`\``maximumLongSide``.
    public var longSide: Int
    /// The encoding; default ``Format/jpeg``.
    public var format: Format
    /// JPEG quality 1–100; default 85. Used clamped to `1...100`.
    public var jpegQuality: Int

    /// Creates a request.
    /// - Parameters:
    ///   - longSide: Default 320; clamped to `1...`\``maximumLongSide``.
    ///   - format: Default ``Format/jpeg``.
    ///   - jpegQuality: Default 85; clamped to `1...100`.
    public init(longSide: Int = 320, format: Format = .jpeg, jpegQuality: Int = 85) {
        self.longSide = longSide
        self.format = format
        self.jpegQuality = jpegQuality
        self.longSide = clampedLongSide
        self.jpegQuality = clampedJPEGQuality
    }

    // The properties are public and settable, so the clamps apply where they are used too.
    /// ``longSide`` clamped to `1...`\``maximumLongSide``.
    var clampedLongSide: Int { min(max(longSide, 1), Self.maximumLongSide) }
    /// ``jpegQuality`` clamped to `1...100`.
    var clampedJPEGQuality: Int { min(max(jpegQuality, 1), 100) }
}

/// A small upright copy of the image, made from the same decoding pass as its analysis.
/// `Codable` (the bytes as Base64), so it can be stored with its analysis.
public struct Thumbnail: Sendable, Hashable, Codable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// The encoding.
    public var format: ThumbnailRequest.Format
    /// The encoded bytes, ready to write to a file or embed.
    public var data: Data

    /// Creates a thumbnail from stored parts (a cache row, a database record).
    /// - Parameters:
    ///   - width: Width in pixels.
    ///   - height: Height in pixels.
    ///   - format: The encoding of `data`.
    ///   - data: The encoded bytes.
    public init(width: Int, height: Int, format: ThumbnailRequest.Format, data: Data) {
        self.width = width
        self.height = height
        self.format = format
        self.data = data
    }

    /// Encodes `image` as `request` asks, compositing transparency onto `backdrop` for JPEG.
    init(encoding image: RGBAImage, as request: ThumbnailRequest, backdrop: RGBColor) throws(EncodingError) {
        width = image.width
        height = image.height
        format = request.format
        data =
            switch request.format {
            case .jpeg: try ImageEncoder.jpeg(image, quality: request.clampedJPEGQuality, backdrop: backdrop)
            case .png: try ImageEncoder.png(image)
            }
    }
}

extension ImageColorAnalyzer {
    /// Analyses an image and, when asked, makes its thumbnail in the same decoding pass, within
    /// the same memory budget.
    /// - Parameters:
    ///   - source: A file or bytes.
    ///   - thumbnail: The thumbnail to make, or `nil` for none.
    /// - Returns: The analysis and the thumbnail (present whenever `thumbnail` is not `nil`).
    /// - Throws: As ``analyze(_:)``; ``EncodingError`` also when the thumbnail cannot be
    ///   encoded.
    public func analyze(_ source: ImageSource, thumbnail: ThumbnailRequest?) async throws -> AnalysisResponse {
        try await perform(source, thumbnail: thumbnail)
    }
}
