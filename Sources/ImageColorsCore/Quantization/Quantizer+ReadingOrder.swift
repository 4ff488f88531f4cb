// The order in which the faithful scheme's roles take the slots: primary, secondary, detail.
extension Quantizer {
    /// Puts `roles` in the card's order: the chromatic roles (the image colour each shows, its
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
    ///   - roles: The roles as ``faithfulRoles(in:pixelCount:background:histogram:)`` took them;
    ///     reordered in place.
    ///   - background: The background they are read on.
    package static func putInReadingOrder(_ roles: inout [Choice], on background: RGBColor) {
        let lightestFirst = Contrast.brightness(background) <= TitleChoice.defaultBrightnessThreshold
        func precedes(_ x: Choice, _ y: Choice) -> Bool {
            let a = OKLCh(x.report.adjustment?.original ?? x.color)
            let b = OKLCh(y.report.adjustment?.original ?? y.color)
            let aIsGrey = a.chroma < Salience.chromaticThreshold
            let bIsGrey = b.chroma < Salience.chromaticThreshold
            if aIsGrey != bIsGrey { return bIsGrey }
            return lightestFirst ? a.lightness > b.lightness : a.lightness < b.lightness
        }
        // An insertion sort in place: stable (a role moves only past one it strictly precedes), and
        // no allocation, which the quantizer's malloc thresholds hold it to (three roles at most).
        for index in roles.indices.dropFirst() {
            var at = index
            while at > roles.startIndex, precedes(roles[at], roles[at - 1]) {
                roles.swapAt(at, at - 1)
                at -= 1
            }
        }
    }
}
