/// How primary, secondary and detail are chosen once the background is known.
public enum RoleScheme: String, Sendable, Hashable, Codable, CaseIterable {
    /// The default: colours that keep the picture. The image's colour clusters are ranked by
    /// how much they say about it (the share of their hue in the picture, their own share, and
    /// their chroma: a small vivid area can outrank a large dull one), and a salient colour
    /// under the contrast target is not dropped but moved along lightness, hue kept, until it
    /// reaches it (``ToneAdjustment``). Roles fall back to white or black only when the image
    /// has no further colour that can be made distinct.
    case faithful
    /// Panic's ColorArt and UIImageColors, for people migrating from them: the most common
    /// colours, raised to a minimum saturation, kept only on the other lightness side of the
    /// background and at the contrast target; the rest fall back to white or black. With the
    /// defects of the original fixed (see ``Quantizer``).
    case classic
}
