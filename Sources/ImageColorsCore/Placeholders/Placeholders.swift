#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An image's placeholders, to show while the image itself loads (JSON key `placeholder`):
/// `{"thumbhash": "<base64>", "blurhash": "<string>"}`, each present when asked for.
///
/// Both are made from one small copy of the analysed image (``sourceImage(from:ledger:)``),
/// shrunk by the pipeline's box filter to at most ``longSide`` pixels: no second decode.
public struct Placeholders: Sendable, Hashable, Codable {
    /// The ThumbHash, base64 (standard alphabet, padded), as ThumbHash's own tools print it.
    public var thumbHash: String?
    /// The BlurHash string.
    public var blurHash: String?

    /// The long side of the image both hashes are computed from: 64 px. ThumbHash takes up to
    /// 100 (its reference tools shrink to 100×100 first), but its 7 and BlurHash's 9 components
    /// at most need far fewer samples, and 64 keeps the placeholders' cost under 5% of a 24 MP
    /// JPEG's analysis (the encoders' sums grow with the pixel count).
    public static let longSide = 64

    /// Creates a placeholder record.
    /// - Parameters:
    ///   - thumbHash: Base64 ThumbHash; default `nil`.
    ///   - blurHash: BlurHash string; default `nil`.
    public init(thumbHash: String? = nil, blurHash: String? = nil) {
        self.thumbHash = thumbHash
        self.blurHash = blurHash
    }

    /// The ThumbHash's bytes, decoded from ``thumbHash``.
    public var thumbHashData: Data? { thumbHash.flatMap { Data(base64Encoded: $0) } }

    /// Makes the placeholders asked for from an analysed image.
    /// - Parameters:
    ///   - image: The analysed image (upright, after any backdrop).
    ///   - kinds: Which hashes to make.
    ///   - components: BlurHash's components.
    ///   - backdrop: What transparent pixels become for BlurHash, which has no alpha: the card's
    ///     background. ThumbHash keeps transparency.
    ///   - ledger: Where the small copy's memory is reserved.
    package init(
        of image: RGBAImage, kinds: PlaceholderKinds, components: BlurHash.Components, backdrop: RGBColor,
        ledger: MemoryLedger?
    ) throws {
        let small = try Self.sourceImage(from: image, ledger: ledger)
        if kinds.contains(.thumbHash) { thumbHash = try ThumbHash.hash(of: small).base64EncodedString() }
        if kinds.contains(.blurHash) {
            var opaque = small
            opaque.composite(onto: backdrop)
            blurHash = try BlurHash.hash(of: opaque, components: components)
        }
    }

    /// The image both hashes are computed from: `image` shrunk by the box filter
    /// (``Downscaler``, alpha-weighted) to a long side of at most ``longSide``; `image` itself
    /// when it is no larger.
    /// - Parameters:
    ///   - image: The analysed image.
    ///   - ledger: Where the copy's memory is reserved; `nil` for none.
    package static func sourceImage(from image: RGBAImage, ledger: MemoryLedger?) throws -> RGBAImage {
        guard max(image.width, image.height) > longSide else { return image }
        var downscaler = Downscaler(targetLongSide: longSide, ledger: ledger)
        try downscaler.begin(width: image.width, height: image.height, rowsInOrder: true)
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<image.height {
                downscaler.consume(
                    row: pixels.baseAddress! + y * image.width * 4, y: y, x0: 0, dx: 1, count: image.width)
            }
        }
        return downscaler.finish()
    }

    private enum CodingKeys: String, CodingKey {
        case thumbHash = "thumbhash"
        case blurHash = "blurhash"
    }
}
