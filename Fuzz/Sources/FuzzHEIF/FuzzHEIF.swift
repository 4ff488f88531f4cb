import Foundation
import FuzzSupport
import ImageColors

// Bytes that always sniff as HEIC or AVIF (an `ftyp` box whose major brand the input's length
// picks: heic or avif, the fuzzed box size kept), so every execution reaches libheif's box
// parser and, past it, libde265 or libaom through the shim (and our plan before them: the
// thumbnail choice, the reservation, the nclx and HDR checks). The length also picks the path:
// the whole analysis at every quality with the default 30 MB or a 2 MB budget (the whole
// decode then rarely fits: the over-budget paths), or decoding alone under a ledger that must
// balance, at full size or for a 1 px target (the thumbnail path whenever there is one).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var data = Data(bytes: bytes, count: size)
    if data.count >= 12 {
        data.replaceSubrange(4..<8, with: Array("ftyp".utf8))
        data.replaceSubrange(8..<12, with: Array((size % 2 == 0 ? "heic" : "avif").utf8))
    }
    if FuzzHarness.variant(size / 8, 4) == 3 {
        let setting = DecodeHarness.Setting(
            minimumLongSide: (size / 2) % 2 == 0 ? 1 : nil, strict: true, budget: .megabytes(30),
            fromFile: (size / 16) % 2 == 1, compareWithLibjpeg: false, frames: .first)
        return DecodeHarness.run(data, setting: setting)
    }
    var options = AnalysisOptions(limits: ImageLimits(decodeTimeout: FuzzHarness.decodeTimeout))
    options.quality = Quality.allCases[FuzzHarness.variant(size, Quality.allCases.count)]
    if FuzzHarness.variant(size / 8, 4) == 2 { options.memoryBudget = .megabytes(2) }
    return FuzzHarness.run(data, options: options)
}
