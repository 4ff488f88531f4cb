import Foundation
import Testing

@testable import ImageColors

/// PNG's CRC-32, eight bytes at a time: the same value as a byte at a time, however the bytes are
/// aligned, however many there are and however they are split.
@Suite("PNG CRC")
struct PNGCRCTests {
    /// The CRC a byte at a time, straight from the polynomial (ISO 3309): the reference.
    static func reference(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    @Test("the check value and IEND's CRC")
    func knownValues() {
        // Given the standard check input and an IEND chunk's type
        // Then their CRCs are the published ones
        #expect(PNGCRC.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(PNGCRC.checksum(Array("IEND".utf8)) == 0xAE42_6082)
    }

    @Test("every alignment, length and split gives the reference CRC")
    func matchesReference() {
        // Given bytes that are not a pattern, at offsets 0 to 8 and of lengths 0 to 40 and 1 000
        let bytes = (0..<1_100).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
        for start in 0..<9 {
            for count in Array(0...40) + [1_000] {
                let slice = Array(bytes[start..<start + count])
                let expected = Self.reference(slice)
                // When the CRC is taken whole, and in two pieces continued one from the other
                let whole = bytes.withUnsafeBytes {
                    PNGCRC.checksum(UnsafeRawBufferPointer(rebasing: $0[start..<start + count]))
                }
                let split = count / 3
                let pieces = PNGCRC.checksum(slice[split...], continuing: PNGCRC.checksum(slice[..<split]))
                // Then both are the reference's
                #expect(whole == expected, "offset \(start), \(count) bytes")
                #expect(pieces == expected, "offset \(start), \(count) bytes split at \(split)")
            }
        }
    }
}
