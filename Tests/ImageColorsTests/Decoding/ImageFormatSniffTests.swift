import Testing

@testable import ImageColorsCore

/// The format told from the first bytes alone: each signature, and the near misses that are none.
/// (HEIF's brands: HEIFDecoderTests.)
@Suite("Format sniffing")
struct ImageFormatSniffTests {
    static let signatures: [([UInt8], ImageFormat?)] = [
        ([0xFF, 0xD8, 0xFF, 0xE0], .jpeg),
        ([0x89] + Array("PNG\r\n".utf8) + [0x1A, 0x0A, 0, 0, 0, 13], .png),
        (Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8 ".utf8), .webp),
        (Array("GIF87a".utf8) + [1, 0, 1, 0], .gif),
        (Array("GIF89a".utf8) + [1, 0, 1, 0], .gif),
        // Near misses: the last byte of PNG's signature, WebP's form type, GIF's version, JPEG's
        // third byte, and a PNG signature cut short.
        ([0x89] + Array("PNG\r\n".utf8) + [0x1A, 0x0B], nil),
        (Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WAVE".utf8), nil),
        (Array("GIF88a".utf8), nil),
        ([0xFF, 0xD8, 0x00], nil),
        ([0x89] + Array("PNG\r\n".utf8), nil),
        ([], nil),
    ]

    @Test("each format's signature is recognised, and near misses are not", arguments: signatures)
    func signature(bytes: [UInt8], format: ImageFormat?) {
        // Given the first bytes of an input; When they are sniffed; Then the format is theirs
        #expect(ImageFormat.sniff(bytes) == format)
    }

    @Test("the signature must come first: the same bytes one byte in are not recognised")
    func offsetSignature() {
        // Given a valid PNG signature after one stray byte
        let bytes: [UInt8] = [0, 0x89] + Array("PNG\r\n".utf8) + [0x1A, 0x0A]
        // When sniffed; Then it is nothing
        #expect(ImageFormat.sniff(bytes) == nil)
    }
}
