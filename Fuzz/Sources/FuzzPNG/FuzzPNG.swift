import Foundation
import FuzzSupport
import ImageColors

/// The 8-byte PNG signature.
let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

/// PNG's CRC-32 table (ISO 3309).
let crcTable: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
}

/// `data` with every whole chunk's CRC made to match: without this, nearly every mutation of a
/// chunk stops at its CRC check (libpng's and the APNG census's), and the fuzzer never reaches
/// what reads the chunk's contents.
func repairingCRCs(_ data: Data) -> Data {
    var bytes = [UInt8](data)
    var offset = 8
    while offset + 12 <= bytes.count {
        let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        guard length <= bytes.count - offset - 12 else { break }
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes[(offset + 4)..<(offset + 8 + length)] {
            crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        crc ^= 0xFFFF_FFFF
        for i in 0..<4 { bytes[offset + 8 + length + i] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(i))) }
        offset += 12 + length
    }
    return Data(bytes)
}

// Bytes that always sniff as PNG, so every execution reaches libpng through the shim (and the
// IHDR pre-check before it). The input's length picks the quality (the downscaler's paths for
// in-order rows and for Adam7 passes), the default 30 MB or a 1 MB budget (libpng's chunk
// cap then drops to a quarter of what is left, and wide images fail on the row buffers'
// reservation), the first frame or every frame of an APNG, and whether the chunks' CRCs are
// repaired first (half the inputs), so mutated chunk contents reach libpng and the APNG reader.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var options = AnalysisOptions(limits: ImageLimits(decodeTimeout: FuzzHarness.decodeTimeout))
    options.quality = Quality.allCases[FuzzHarness.variant(size, Quality.allCases.count)]
    if FuzzHarness.variant(size / 4, 4) == 3 { options.memoryBudget = .megabytes(1) }
    options.frames = FuzzHarness.variant(size / 16, 2) == 1 ? .all : .first
    var bytes = Data(bytes: data, count: size)
    if bytes.count >= pngSignature.count { bytes.replaceSubrange(0..<pngSignature.count, with: pngSignature) }
    if FuzzHarness.variant(size / 32, 2) == 1 { bytes = repairingCRCs(bytes) }
    return FuzzHarness.run(bytes, options: options)
}
