// The order in which the faithful scheme's roles take the slots: primary, secondary, detail.
extension Quantizer {
    /// `chosen` in the card's order: the chromatic roles (the image colour each shows, its
    /// ``RoleReport/Adjustment/original`` when it was toned, of OKLCh chroma
    /// ``Salience/chromaticThreshold`` or more) before the greys, and within each the OKLab
    /// lightness of that colour from the title's side. On a background that takes a light title
    /// (brightness at most ``TitleChoice/defaultBrightnessThreshold``, the default title rule's)
    /// the lightest comes first; on one that takes a dark title, the darkest. So `primary` is the
    /// most legible of the picture's salient hues, and a grey takes it only when the card has no
    /// hue. Equal keys keep the order of choosing.
    ///
    /// Why not salience order: the scores of the chosen colours are often near-ties, which a
    /// re-encode swaps, and a colour that leaves or joins the card moves every role after it,
    /// while the lightness order of distinct colours is what a re-encode leaves alone. On the
    /// seen evaluation sets, light-card role slots moving more than ΔE_OK 0.20 under a q75 copy
    /// went from 48 to 32 of 1,062 (dark card 43 → 32) (issue 41).
    /// - Parameters:
    ///   - chosen: The roles as ``faithfulRoles(in:pixelCount:background:histogram:)`` took them.
    ///   - background: The background they are read on.
    /// - Returns: The same roles, reordered.
    package static func inReadingOrder(_ chosen: [Choice], on background: RGBColor) -> [Choice] {
        let lightestFirst = Contrast.brightness(background) <= TitleChoice.defaultBrightnessThreshold
        let keyed = chosen.enumerated().map { index, choice in
            let original = OKLCh(choice.report.adjustment?.original ?? choice.color)
            return (
                isGrey: original.chroma < Salience.chromaticThreshold,
                lightness: lightestFirst ? -original.lightness : original.lightness, index: index, choice: choice
            )
        }
        return keyed.sorted { x, y in
            if x.isGrey != y.isGrey { return !x.isGrey }
            return x.lightness != y.lightness ? x.lightness < y.lightness : x.index < y.index
        }.map(\.choice)
    }
}
