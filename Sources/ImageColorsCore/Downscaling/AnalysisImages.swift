/// What the analysis downscaler gives (``AnalysisDownscaler``): the image at the preset's size,
/// which the palette, the title region and the placeholders come from, and the canonical image,
/// which the background and the roles are chosen on.
package struct AnalysisImages: Sendable {
    /// The image at the preset's size.
    package var image: RGBAImage
    /// The image at ``AnalysisDownscaler/canonicalLongSide``; `nil` when ``image`` is it.
    package var canonical: RGBAImage?

    /// The pair as given.
    /// - Parameters:
    ///   - image: The image at the preset's size.
    ///   - canonical: The canonical image; default `nil`, `image` is it.
    package init(image: RGBAImage, canonical: RGBAImage? = nil) {
        self.image = image
        self.canonical = canonical
    }

    /// The pair a downscaler finished with, both turned upright by `orientation`.
    /// - Parameters:
    ///   - downscaled: ``AnalysisDownscaler/finish()``'s images.
    ///   - orientation: The EXIF orientation to apply.
    package init(_ downscaled: (image: RGBAImage, canonical: RGBAImage?), orientation: Orientation) {
        image = orientation.apply(to: downscaled.image)
        canonical = downscaled.canonical.map { orientation.apply(to: $0) }
    }

    /// The image the background and the roles are chosen on: the canonical one.
    package var backgroundImage: RGBAImage { canonical ?? image }
}
