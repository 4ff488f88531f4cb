import CImageCodecs

/// A HEIF file (HEIC or AVIF) parsed by the shim (an AVIF its dav1d path decodes, without loading
/// libheif) or by libheif (everything else): the primary image, its largest thumbnail, and the
/// decoded image once ``decode(thumbnail:strict:)`` ran. The bytes it was opened on must outlive
/// it (they are read in place).
final class HEIFContainer {
    let handle: OpaquePointer
    let format: ImageFormat
    /// The primary image and its largest thumbnail, as their headers say.
    private(set) var info = ic_heif_info()

    /// Parses `raw`: the boxes only, nothing decoded.
    /// - Parameter maxSide: libheif's own cap on an image's pixels is its square.
    /// - Throws: ``ImageDecodingError`` (truncated, corrupt, over-limit) naming what libheif found;
    ///   `unsupportedFormat` naming the library when the file needs libheif or a codec that cannot
    ///   be loaded here (the shim opens them on the first file that needs them; the process runs
    ///   without them, and an AVIF on the shim's dav1d path needs only dav1d).
    init(_ raw: UnsafeRawBufferPointer, format: ImageFormat, maxSide: Int) throws {
        if let missing = ic_heif_unavailable() {
            throw Self.cannotDecode(format, missing: missing)
        }
        guard let handle = ic_heif_create() else {
            throw ImageDecodingError.outOfMemory(format, detail: "cannot allocate the decoder")
        }
        self.handle = handle
        self.format = format
        guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self), !raw.isEmpty else {
            throw ImageDecodingError.truncated(format, detail: "the data is empty")
        }
        let side = UInt32(clamping: max(0, maxSide))
        let status = ic_heif_open(handle, base, raw.count, side, &info)
        if status != IC_OK, let missing = ic_heif_missing_library(handle) {
            throw Self.cannotDecode(format, missing: missing)
        }
        try status.check(format, message: message)
    }

    /// The error for a file that needs a library this machine cannot load (`missing` names it).
    private static func cannotDecode(_ format: ImageFormat, missing: UnsafePointer<CChar>) -> ImageDecodingError {
        .unsupportedFormat(seen: "\(format.displayName), which this machine cannot decode: \(String(cString: missing))")
    }

    deinit {
        ic_heif_destroy(handle)
    }

    /// The shim's message for its last failure.
    var message: () -> String { { [handle] in shimMessage(ic_heif_message(handle)) } }

    /// Whether the primary image has a thumbnail.
    var hasThumbnail: Bool { info.thumbnail_count > 0 && info.thumbnail.width > 0 && info.thumbnail.height > 0 }

    /// Decodes the primary image or the thumbnail whole (libheif's only way), returning its size.
    func decode(thumbnail: Bool, strict: Bool) throws -> (width: Int, height: Int) {
        var width: UInt32 = 0
        var height: UInt32 = 0
        try ic_heif_decode(handle, thumbnail ? 1 : 0, strict ? 1 : 0, &width, &height).check(format, message: message)
        return (Int(width), Int(height))
    }

    /// Whether every pixel of the decoded image is grey (red, green and blue within 2 levels of
    /// each other): a monochrome image, which a grey ICC profile describes. One pass, stopping at
    /// the first colour.
    var decodedIsGrey: Bool { ic_heif_decoded_grey(handle) != 0 }

    /// Copies `rows` rows from `first` of the decoded image as RGBA8 into `pixels`.
    func readRows(into pixels: UnsafeMutablePointer<UInt8>, stride: Int, first: Int, rows: Int) throws {
        try ic_heif_read_rows(handle, pixels, stride, UInt32(first), UInt32(rows)).check(format, message: message)
    }
}
