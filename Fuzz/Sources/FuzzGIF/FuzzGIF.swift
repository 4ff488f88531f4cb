import FuzzSupport
import ImageColors

/// The 6-byte GIF signature.
let gifSignature = Array("GIF89a".utf8)

// Bytes that always sniff as GIF, so every execution reaches giflib through the shim (and the
// logical-screen check before it). The input's length picks the path: the whole analysis at
// every quality, the first frame (streamed) or every frame (the census, the canvas,
// disposals), the default 30 MB or a 1 MB budget; or decoding alone under a ledger that must
// balance, from memory or a file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let frames: FramePolicy = FuzzHarness.variant(size / 4, 2) == 0 ? .first : .all
    if FuzzHarness.variant(size / 8, 4) == 3 {
        let setting = DecodeHarness.Setting(
            minimumLongSide: nil, strict: true, budget: .megabytes(30),
            fromFile: (size / 16) % 2 == 1, compareWithLibjpeg: false, frames: frames)
        return DecodeHarness.run(data, size, setting: setting, signature: gifSignature)
    }
    var options = AnalysisOptions(limits: ImageLimits(decodeTimeout: FuzzHarness.decodeTimeout), frames: frames)
    options.quality = Quality.allCases[FuzzHarness.variant(size, Quality.allCases.count)]
    if FuzzHarness.variant(size / 8, 4) == 2 { options.memoryBudget = .megabytes(1) }
    return FuzzHarness.run(data, size, options: options, signature: gifSignature)
}
