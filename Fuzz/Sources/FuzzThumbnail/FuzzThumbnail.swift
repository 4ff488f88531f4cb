import FuzzSupport

// Arbitrary bytes analysed with a thumbnail: every decoder, the thumbnail's own downscaler and
// the shim's JPEG and PNG encoders (ic_encode.c), at several sizes and JPEG qualities, each
// thumbnail decoded back by the library.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    ThumbnailHarness.run(data, size)
}
