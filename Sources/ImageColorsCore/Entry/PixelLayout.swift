/// How an RGBA8 buffer that a caller already has is laid out, and what its bytes mean: what
/// ``PixelAnalyzer`` needs to read it.
///
/// Each pixel is four bytes, red, green, blue, alpha, in that order (`kCGImageAlphaPremultipliedLast`
/// or `kCGImageAlphaLast` with 8 bits a component, Android's `ARGB_8888`, a canvas's `ImageData`).
/// Rows run top to bottom as stored; ``orientation`` says how they are turned to be shown.
public struct PixelLayout: Sendable, Hashable {
    /// What the fourth byte of each pixel means.
    public enum Alpha: String, Sendable, Hashable, CaseIterable {
        /// Colour channels as they are, alpha beside them (PNG's convention, a canvas's `ImageData`).
        case straight
        /// Colour channels already multiplied by alpha (Core Graphics' and Android's bitmaps).
        /// They are divided back before counting, which loses precision only where alpha is low.
        case premultiplied
        /// Padding: every pixel is opaque, whatever the byte holds (`kCGImageAlphaNoneSkipLast`).
        case ignored
    }

    /// Width in pixels, at least 1.
    public var width: Int
    /// Height in pixels, at least 1.
    public var height: Int
    /// Bytes from the start of one row to the start of the next, at least `width × 4` (Core
    /// Graphics pads rows for alignment).
    public var bytesPerRow: Int
    /// What the fourth byte means.
    public var alpha: Alpha
    /// The colour space the channels are in; converted to sRGB before counting.
    public var colorSpace: PixelColorSpace
    /// How the stored rows are turned to be shown (an EXIF orientation the caller's decoder did
    /// not apply); the result's sizes and colours are those of the picture as shown.
    public var orientation: Orientation
    /// The long side, in its own pixels, of the picture the rows were decoded from, when the
    /// caller's decoder shrank it (a JPEG decoded at 1/2, a platform thumbnail); `nil`, 0 or less:
    /// the rows are the picture at its own size. It sets how fine a colour detail the roles see
    /// (``Quantizer/chromaDetailSide``), so that rows decoded small give the colours of the file.
    public var pictureLongSide: Int?

    /// Describes a buffer.
    /// - Parameters:
    ///   - width: Width in pixels.
    ///   - height: Height in pixels.
    ///   - bytesPerRow: Default `nil`: `width × 4`, rows packed.
    ///   - alpha: Default ``Alpha/straight``.
    ///   - colorSpace: Default ``PixelColorSpace/sRGB``.
    ///   - orientation: Default ``Orientation/up`` (rows as shown).
    ///   - pictureLongSide: The picture's long side when the rows are a reduced decode of it;
    ///     default `nil`, the rows are the picture.
    public init(
        width: Int, height: Int, bytesPerRow: Int? = nil, alpha: Alpha = .straight,
        colorSpace: PixelColorSpace = .sRGB, orientation: Orientation = .up, pictureLongSide: Int? = nil
    ) {
        self.pictureLongSide = pictureLongSide
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow ?? width &* 4
        self.alpha = alpha
        self.colorSpace = colorSpace
        self.orientation = orientation
    }

    /// Bytes a buffer of this layout holds at least: every row's stride but the last, which
    /// needs only its pixels (0 when there are no rows). `nil` when that overflows.
    public var minimumByteCount: Int? {
        guard height > 0, width > 0 else { return 0 }
        let (row, overflow1) = width.multipliedReportingOverflow(by: 4)
        let (strides, overflow2) = (height - 1).multipliedReportingOverflow(by: max(0, bytesPerRow))
        let (total, overflow3) = strides.addingReportingOverflow(row)
        return overflow1 || overflow2 || overflow3 ? nil : total
    }

    /// The longest side read whatever ``AnalysisOptions/limits`` allow: the downscaler maps
    /// columns and rows to 32-bit bins, and its sizes must not overflow.
    static let largestSide = 1 << 28

    /// Throws unless the layout can be read: a positive size within `limits`, and a row
    /// stride that holds a row.
    func validate(limits: ImageLimits) throws(PixelBufferError) {
        guard width > 0, height > 0 else { throw .emptySize(width: width, height: height) }
        let sideLimit = min(limits.maxSide, Self.largestSide)
        if max(width, height) > sideLimit {
            throw .tooLarge(width: width, height: height, limit: "the \(sideLimit) px side limit")
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixels > limits.maxPixels {
            throw .tooLarge(
                width: width, height: height, limit: "the \(ImageLimits.pixelCount(limits.maxPixels)) limit")
        }
        guard bytesPerRow >= width * 4 else { throw .rowTooShort(bytesPerRow: bytesPerRow, width: width) }
        guard minimumByteCount != nil else {
            throw .tooLarge(width: width, height: height, limit: "the address space (\(bytesPerRow) bytes a row)")
        }
    }
}

/// The colour space of pixels handed to ``PixelAnalyzer``; the core converts them to sRGB in
/// Swift, as the codec module converts an embedded profile.
public enum PixelColorSpace: String, Sendable, Hashable, Codable, CaseIterable {
    /// sRGB (IEC 61966-2-1), or untagged: taken as they are.
    case sRGB
    /// Display P3: sRGB's tone curve and white with DCI-P3's wider primaries, what Apple's
    /// devices capture and decode wide-colour images to (`CGColorSpace.displayP3`).
    case displayP3
}
