/// What an entry point knows of an image besides its pixels: where it came from, how it is
/// stored and what colour management did. It fills the result's descriptive fields.
package struct ImageDescription: Sendable, Hashable {
    /// The file path, or `nil` for bytes or pixels in memory.
    package var source: String?
    /// The encoded format, or ``ImageFormat/pixels`` for pixels handed to ``PixelAnalyzer``.
    package var format: ImageFormat
    /// Stored width, before ``orientation``.
    package var width: Int
    /// Stored height, before ``orientation``.
    package var height: Int
    /// How the stored pixels are turned to be shown.
    package var orientation: Orientation
    /// The profile the pixels were converted from to sRGB, or `nil` when nothing was converted.
    package var colorProfile: String?
    /// Why a profile that is present was not applied, or `nil`.
    package var colorNote: String?
    /// The frames of an animation the colours came from, or `nil` for a still image.
    package var frames: FrameReport?
    /// The decoding path, or `nil` for pixels nobody decoded here.
    package var decoder: DecoderKind?
    /// The picture's long side in its own pixels, when the stored size is that of a reduced
    /// decode (``PixelLayout/pictureLongSide``); `nil`: the larger of ``width`` and ``height``.
    package var pictureLongSide: Int?

    /// The long side the colour rules take the picture to have: ``pictureLongSide`` when above
    /// 0, else the stored size's.
    package var sourceLongSide: Int {
        if let pictureLongSide, pictureLongSide > 0 { return pictureLongSide }
        return max(width, height)
    }

    /// Describes an image.
    /// - Parameters:
    ///   - source: Default `nil`.
    ///   - format: The format.
    ///   - width: Stored width.
    ///   - height: Stored height.
    ///   - orientation: Default ``Orientation/up``.
    package init(
        source: String? = nil, format: ImageFormat, width: Int, height: Int, orientation: Orientation = .up
    ) {
        self.source = source
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
    }
}
