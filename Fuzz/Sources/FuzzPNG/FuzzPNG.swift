import FuzzSupport
import ImageColors

/// The 8-byte PNG signature.
let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

// Bytes that always sniff as PNG, so every execution reaches libpng through the shim (and the
// IHDR pre-check before it). The input's length picks the quality (the downscaler's paths for
// in-order rows and for Adam7 passes) and the default 30 MB or a 1 MB budget (libpng's chunk
// cap then drops to a quarter of what is left, and wide images fail on the row buffers'
// reservation).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var options = AnalysisOptions(limits: ImageLimits(decodeTimeout: FuzzHarness.decodeTimeout))
    options.quality = Quality.allCases[FuzzHarness.variant(size, Quality.allCases.count)]
    if FuzzHarness.variant(size / 4, 4) == 3 { options.memoryBudget = .megabytes(1) }
    return FuzzHarness.run(data, size, options: options, signature: pngSignature)
}
