import FuzzSupport
import ImageColors

/// SOI and the first byte of the next marker: what makes ImageColors take the bytes for a JPEG.
let jpegSignature: [UInt8] = [0xFF, 0xD8, 0xFF]

// Bytes that always sniff as JPEG, decoded with a minimum long side of 1 (so every Huffman file,
// progressive or sequential, that the DC reader takes goes to it, however small — through the analyzer only images over
// 400–2000 px would) and colour management on (APP2 ICC chunks, CMYK with and without a
// profile). The input's length picks strict or lenient decoding, memory or a file (the reader's
// refilled window), the default 30 MB or a 64 kB budget (the reservations' error paths), and
// whether libjpeg must agree on the size. A few inputs use a minimum of 8 or none, which sends
// the same files to libjpeg at 1/4–1/1.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let minimum: Int? =
        switch size % 16 {
        case 15: nil
        case 14: 8
        default: 1
        }
    let setting = DecodeHarness.Setting(
        minimumLongSide: minimum,
        strict: size % 2 == 0,
        budget: (size / 2) % 8 == 7 ? MemoryBudget(bytes: 64_000) : .megabytes(30),
        fromFile: (size / 4) % 4 == 3,
        compareWithLibjpeg: (size / 8) % 4 == 0)
    return DecodeHarness.run(data, size, setting: setting, signature: jpegSignature)
}
