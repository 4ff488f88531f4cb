import CImageCodecs

/// A WebP file parsed by libwebp's demuxer: the container's facts and each frame's header.
/// The bytes it was opened on must outlive it (libwebp reads them in place).
final class WebPContainer {
    let handle: OpaquePointer
    /// Canvas, frame count, flags, ICCP and EXIF payloads (pointing into the bytes).
    private(set) var info = ic_webp_info()

    /// Parses `raw`.
    /// - Throws: ``ImageDecodingError`` (truncated, corrupt) naming what libwebp found.
    init(_ raw: UnsafeRawBufferPointer) throws {
        guard let handle = ic_webp_create() else {
            throw ImageDecodingError.outOfMemory(.webp, detail: "cannot allocate the decoder")
        }
        self.handle = handle
        guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self), !raw.isEmpty else {
            throw ImageDecodingError.truncated(.webp, detail: "the data is empty")
        }
        try ic_webp_open(handle, base, raw.count, &info).check(.webp, message: message)
    }

    deinit {
        ic_webp_destroy(handle)
    }

    /// The shim's message for its last failure.
    var message: () -> String { { [handle] in shimMessage(ic_webp_message(handle)) } }

    /// Frame `index`'s header (0: the still image, or an animation's first frame).
    func frame(_ index: Int) throws -> ic_webp_frame {
        var frame = ic_webp_frame()
        try ic_webp_frame_info(handle, UInt32(index), &frame).check(.webp, message: message)
        return frame
    }
}
