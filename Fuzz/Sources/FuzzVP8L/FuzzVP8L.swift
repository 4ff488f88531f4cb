import Foundation
import FuzzSupport

// Bytes that always sniff as WebP ("RIFF", the fuzzed size, "WEBP"), whose first frame, when
// lossless, goes through both lossless decoders: the library's streamed VP8LDecoder and libwebp
// (the oracle), which must give the same pixels or both refuse (VP8LHarness).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let data = FuzzHarness.webpData(bytes, size)
    return VP8LHarness.run(data)
}
