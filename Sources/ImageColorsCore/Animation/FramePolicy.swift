/// Which frames of an animated GIF, WebP or PNG (APNG) the colours come from.
public enum FramePolicy: String, Sendable, Hashable, Codable, CaseIterable {
    /// The first frame, composited on its canvas as a browser first shows it (the default): the
    /// picture an entry shows before it animates, and the only frame read, so animations cost
    /// what a still image does. Static images are one frame either way.
    case first
    /// Every frame, each as it appears on the canvas, in proportion to how long it is shown:
    /// the colours of the whole animation, as a GIF's palette covers all its frames. Each
    /// analysed pixel is taken from one frame, chosen by a fixed pattern that gives every
    /// frame its share of the pixels, spread evenly (edges included), so colours are never
    /// mixed across frames into ones the animation never shows. Costs a canvas at the decoded
    /// size and one decode per frame; ``ImageLimits/maxFrames`` and
    /// ``ImageLimits/maxAnimationPixels`` bound the work.
    case all
}
