import FuzzSupport
import ImageColors

/// SOI and the first byte of the next marker: what makes ImageColors take the bytes for a JPEG.
let jpegSignature: [UInt8] = [0xFF, 0xD8, 0xFF]

// Bytes that always sniff as JPEG, so every execution reaches libjpeg through the shim.
// The input's length picks the setting: the lowest, low or high quality (DCT scale 1/8 … 1/1 —
// libjpeg's scaled IDCTs are separate code; `highest` adds no decoding path, only a full-size
// quantization that slows every execution), strict or lenient decoding (lenient lets libjpeg's warnings through,
// so its recovery from corrupt data runs to the end), and the default 30 MB or a 2 MB budget
// (progressive files then fail on libjpeg's own memory cap: the shim's error path mid-start).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var options = AnalysisOptions(limits: ImageLimits(decodeTimeout: FuzzHarness.decodeTimeout))
    let qualities: [Quality] = [.lowest, .low, .high]
    options.quality = qualities[FuzzHarness.variant(size, qualities.count)]
    options.strictDecoding = FuzzHarness.variant(size / 4, 2) == 0
    if FuzzHarness.variant(size / 8, 4) == 3 { options.memoryBudget = .megabytes(2) }
    return FuzzHarness.run(data, size, options: options, signature: jpegSignature)
}
