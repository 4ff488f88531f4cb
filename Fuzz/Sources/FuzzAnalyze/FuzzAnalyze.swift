import FuzzSupport
import ImageColors

// Arbitrary bytes through the whole public pipeline: sniffing (so non-images, damaged
// signatures and empty inputs too), either decoder, downscaling, quantization and the title,
// at every quality, with and without a title region, with the default 30 MB budget.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var options = AnalysisOptions(limits: ImageLimits(decodeTimeout: FuzzHarness.decodeTimeout))
    options.quality = Quality.allCases[FuzzHarness.variant(size, Quality.allCases.count)]
    switch FuzzHarness.variant(size / 4, 4) {
    case 0: break
    case 1: options.titleRegion = .bottom
    case 2:
        options.backgroundSource = .whole
        options.titleRule = .wcag
    default:
        options.titleRegion = .custom(x: 0.1, y: 0.5, width: 0.8, height: 0.2)
        options.titleRule = .apca
    }
    return FuzzHarness.run(data, size, options: options)
}
