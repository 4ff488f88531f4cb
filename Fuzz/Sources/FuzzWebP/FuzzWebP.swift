import Foundation
import FuzzSupport
import ImageColors

// Bytes that always sniff as WebP ("RIFF", the fuzzed size, "WEBP"), so every execution reaches
// libwebp's demuxer and decoders through the shim (and the header check before them). The
// input's length picks the path: the whole analysis at every quality, the first frame or every
// frame, the default 30 MB or a 2 MB budget (libwebp's working memory then often does not fit:
// the reservation's error paths); or decoding alone under a ledger that must balance, at a
// minimum long side of 1 (libwebp's scaling at 1/8 for anything over 8 px).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let data = FuzzHarness.webpData(bytes, size)
    let frames: FramePolicy = FuzzHarness.variant(size / 4, 2) == 0 ? .first : .all
    if FuzzHarness.variant(size / 8, 4) == 3 {
        let setting = DecodeHarness.Setting(
            minimumLongSide: size % 2 == 0 ? 1 : nil, strict: true, budget: .megabytes(30),
            fromFile: (size / 16) % 2 == 1, compareWithLibjpeg: false, frames: frames)
        return DecodeHarness.run(data, setting: setting)
    }
    var options = AnalysisOptions(limits: ImageLimits(decodeTimeout: FuzzHarness.decodeTimeout), frames: frames)
    options.quality = Quality.allCases[FuzzHarness.variant(size, Quality.allCases.count)]
    if FuzzHarness.variant(size / 8, 4) == 2 { options.memoryBudget = .megabytes(2) }
    return FuzzHarness.run(data, options: options)
}
