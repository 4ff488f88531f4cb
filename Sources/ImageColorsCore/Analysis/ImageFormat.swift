/// The image formats ImageColors decodes.
public enum ImageFormat: String, Sendable, Codable, CaseIterable {
    /// JPEG (JFIF/EXIF), baseline, progressive or arithmetic-coded, 8-bit.
    case jpeg
    /// PNG, every colour type and bit depth, interlaced or not.
    case png
    /// WebP, lossy (VP8) or lossless (VP8L), with or without alpha, still or animated.
    case webp
    /// GIF (87a and 89a), static, interlaced or animated, with transparency.
    case gif
    /// HEIC: HEIF with HEVC images (iPhone photos), 8 to 12 bits, with alpha, thumbnails and
    /// grids; the primary image of a collection or sequence.
    case heic
    /// AVIF: HEIF with AV1 images, 8 to 12 bits, with alpha; the primary image, or a sequence's
    /// first.
    case avif
    /// No encoded format: RGBA pixels a caller decoded itself and handed to ``PixelAnalyzer``.
    /// Never detected from bytes.
    case pixels

    /// The format announced by the first bytes of a file, or `nil` when none of JPEG, PNG, WebP,
    /// GIF, HEIC or AVIF.
    ///
    /// Only the magic bytes count, never a file name or a Content-Type.
    /// - Parameter prefix: The first bytes of the data (at least 8 to recognise PNG, 12 for WebP,
    ///   HEIC and AVIF; a HEIF file whose major brand is the generic `mif1` or `msf1` is told
    ///   apart by the compatible brands within the first 32 bytes).
    public static func sniff(_ prefix: some Collection<UInt8>) -> ImageFormat? {
        // One copy of the first bytes, compared in place: this runs once per analysis, and the
        // arrays it made of each slice and magic string were 4 of a PNG analysis's allocations.
        let bytes = Array(prefix.prefix(32))
        if let heif = sniffHEIF(bytes) { return heif }
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF { return .jpeg }
        if bytes.count >= 8, bytes[0] == 0x89, matches(bytes, "PNG\r\n\u{1A}\n", at: 1) { return .png }
        // "RIFF", the container's size, "WEBP".
        if matches(bytes, "RIFF"), matches(bytes, "WEBP", at: 8) { return .webp }
        if matches(bytes, "GIF87a") || matches(bytes, "GIF89a") { return .gif }
        return nil
    }

    /// Whether `bytes` hold the ASCII `magic` from `offset` on.
    private static func matches(_ bytes: [UInt8], _ magic: StaticString, at offset: Int = 0) -> Bool {
        let count = magic.utf8CodeUnitCount
        guard bytes.count >= offset + count else { return false }
        return (0..<count).allSatisfy { bytes[offset + $0] == magic.utf8Start[$0] }
    }

    /// ISO base media files: a `ftyp` box first, its major brand at byte 8 and compatible brands
    /// from byte 16 (four bytes each, as many as the box's size says).
    private static func sniffHEIF(_ bytes: [UInt8]) -> ImageFormat? {
        guard bytes.count >= 12, matches(bytes, "ftyp", at: 4) else { return nil }
        let size = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        // Brands are compared as strings of four bytes (small strings: nothing is allocated).
        func brand(at offset: Int) -> ImageFormat? {
            switch String(decoding: bytes[offset..<offset + 4], as: UTF8.self) {
            case "avif", "avis": .avif
            case "heic", "heix", "heim", "heis", "hevc", "hevx": .heic
            default: nil
            }
        }
        if let major = brand(at: 8) { return major }
        guard matches(bytes, "mif1", at: 8) || matches(bytes, "msf1", at: 8) else { return nil }
        var offset = 16
        while offset + 4 <= min(bytes.count, size) {
            if let compatible = brand(at: offset) { return compatible }
            offset += 4
        }
        // A generic HEIF image (its codec is named further in): libheif decides.
        return .heic
    }

    /// Words for what the first bytes look like, for the "unsupported format" message.
    /// - Parameter prefix: The first bytes of the data (16 are enough).
    package static func describe(_ prefix: some Collection<UInt8>) -> String {
        let bytes = Array(prefix.prefix(16))
        if bytes.isEmpty { return "an empty input (0 bytes)" }
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + magic.count && Array(bytes[offset..<offset + magic.count]) == magic
        }
        let ascii = { (text: String) in Array(text.utf8) }
        if starts(ascii("GIF8")) { return "a damaged GIF signature" }
        if starts(ascii("RIFF")) { return "a RIFF file that is not WebP" }
        if starts(ascii("ftyp"), at: 4) {
            let brand = bytes.count >= 12 ? String(decoding: bytes[8..<12], as: UTF8.self) : ""
            if ["heic", "heix", "hevc", "mif1", "msf1"].contains(brand) { return "a HEIC/HEIF image" }
            if brand == "avif" || brand == "avis" { return "an AVIF image" }
            return "an ISO media file that is neither HEIC nor AVIF"
        }
        if starts([0x42, 0x4D]) { return "a BMP image" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "a TIFF image" }
        if starts([0x00, 0x00, 0x01, 0x00]) { return "an ICO image" }
        if starts(ascii("%PDF")) { return "a PDF document" }
        if starts(ascii("<svg")) || starts(ascii("<?xml")) { return "XML or SVG text" }
        if starts(ascii("<!DOCTYPE")) || starts(ascii("<!doctype")) || starts(ascii("<html")) { return "an HTML page" }
        if starts([0xFF, 0xD8]) { return "a damaged JPEG header" }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return "a damaged PNG signature" }
        // The bytes themselves are never quoted: behind a URL they may be a secret (a token file
        // on an internal server), and the message goes to logs and JSON.
        let printable = bytes.allSatisfy { $0 == 9 || $0 == 10 || $0 == 13 || (0x20..<0x7F).contains($0) }
        return printable ? "text (not an image)" : "binary data of no known image format"
    }
}
