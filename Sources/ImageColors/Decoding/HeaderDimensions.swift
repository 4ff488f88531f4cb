/// The image size some formats state at a fixed place in their first bytes
/// (``SourceProbe/prefixLength`` of them), read without trusting anything else in the file.
enum HeaderDimensions {
    /// The size `prefix` announces for `format`, or `nil` when it is not there (JPEG's SOF has
    /// no fixed place) or the prefix is too short.
    static func read(_ format: ImageFormat, from prefix: [UInt8]) -> (width: Int, height: Int)? {
        switch format {
        // HEIF's sizes (ispe) sit in the meta box, at no fixed place: libheif reads them.
        case .jpeg, .pixels, .heic, .avif: nil
        case .png: png(prefix)
        case .webp: webp(prefix)
        case .gif: gif(prefix)
        }
    }

    /// PNG: signature (8), length (4), "IHDR" (4), width (4), height (4), big-endian.
    static func png(_ prefix: [UInt8]) -> (width: Int, height: Int)? {
        guard prefix.count >= 24, Array(prefix[12..<16]) == Array("IHDR".utf8) else { return nil }
        return (bigEndian(prefix, at: 16, bytes: 4), bigEndian(prefix, at: 20, bytes: 4))
    }

    /// GIF: "GIF89a", then the logical screen's width and height, 16-bit little-endian.
    static func gif(_ prefix: [UInt8]) -> (width: Int, height: Int)? {
        guard prefix.count >= 10 else { return nil }
        return (littleEndian(prefix, at: 6, bytes: 2), littleEndian(prefix, at: 8, bytes: 2))
    }

    /// WebP: "RIFF", size, "WEBP", then the first chunk — VP8X (the canvas, 24-bit sizes minus
    /// one at 24 and 27), VP8L (14-bit sizes minus one after its 0x2F signature at 20) or VP8
    /// (14-bit sizes after its start code 9D 01 2A at 23).
    static func webp(_ prefix: [UInt8]) -> (width: Int, height: Int)? {
        guard prefix.count >= 30 else { return nil }
        switch String(decoding: prefix[12..<16], as: UTF8.self) {
        case "VP8X":
            return (littleEndian(prefix, at: 24, bytes: 3) + 1, littleEndian(prefix, at: 27, bytes: 3) + 1)
        case "VP8L":
            guard prefix[20] == 0x2F else { return nil }
            let bits = littleEndian(prefix, at: 21, bytes: 4)
            return ((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
        case "VP8 ":
            guard prefix[23] == 0x9D, prefix[24] == 0x01, prefix[25] == 0x2A else { return nil }
            return (littleEndian(prefix, at: 26, bytes: 2) & 0x3FFF, littleEndian(prefix, at: 28, bytes: 2) & 0x3FFF)
        default:
            return nil
        }
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int, bytes count: Int) -> Int {
        bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func littleEndian(_ bytes: [UInt8], at offset: Int, bytes count: Int) -> Int {
        bytes[offset..<offset + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
