// A picture on transparent edges (a logo, a cut-out) is drawn on the card itself: the dark
// card's background must leave it visible.
extension DarkScheme {
    /// The least WCAG ratio between a dark card's background and the main colour of a picture
    /// with transparent edges: 2:1.
    public static let logoContrast = 2.0

    /// The main colour of a picture whose edges are transparent, as the light card shows it: the
    /// image colour (before toning) of the role with the largest share, when the light card's
    /// background is a fallback (the edges held no opaque pixel). `nil` for any other card, or
    /// when every role fell back.
    /// - Parameter light: The light card.
    package static func logoColor(of light: CardColors) -> RGBColor? {
        guard light.roleReports.background.source == .fallback else { return nil }
        var best: (color: RGBColor, share: Double)?
        for role in ColorRole.allCases {
            let report = light.roleReports[role]
            guard report.source == .image, !light.fallback.contains(role), let share = report.share else { continue }
            // Strictly larger: of equal shares the earlier slot stays.
            if share > best?.share ?? -1 { best = (report.adjustment?.original ?? light[role], share) }
        }
        return best?.color
    }

    /// `dark`, or, when it gives less than ``logoContrast`` against `logo`, `dark` toned along
    /// lightness (hue kept; ``ToneAdjustment``, the smaller change of lightness) until it does.
    ///
    /// Why: a dark logo on transparent edges gets a white light card, and the dark card made
    /// from white is near black, where the logo disappeared. The card may be lifted out of the
    /// dark band for such a picture: the picture must stay visible on it.
    /// - Parameters:
    ///   - dark: The dark background by ``background(for:)``.
    ///   - logo: The picture's main colour (``logoColor(of:)``).
    package static func background(_ dark: RGBColor, showing logo: RGBColor) -> RGBColor {
        guard Contrast.contrastRatio(dark, logo) < logoContrast else { return dark }
        return ToneAdjustment(dark, reaching: logoContrast, on: logo)?.color ?? dark
    }
}
