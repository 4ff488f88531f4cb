import Testing

@testable import ImageColorsCore

/// ColorArt's rule that a colourful cluster replaces a black or white background
/// (`BackgroundChoice.alternativeShare`), and the margin that keeps near-blacks out of it
/// (`BackgroundChoice.alternativeMargin`): heldout7's `portrait-karrag` turned dark after a q75
/// re-encode.
@Suite("Background: the colourful alternative")
struct BackgroundAlternativeTests {
    @Test(
        """
        Given a white winner and a near-black alternative just over ColorArt's 0.09 cut, when the background is \
        chosen, then white stays; a dark colour past the margin replaces it
        """,
        arguments: [
            (RGBColor(hex: "#170d0e")!, RGBColor.white),
            (RGBColor(hex: "#24100e")!, RGBColor(hex: "#24100e")!),
        ])
    func nearBlackIsNoAlternative(_ dark: RGBColor, _ expected: RGBColor) {
        // #170d0e: largest channel 23/255 = 0.0902, not black by ColorArt's cut, within its
        // 0.03 margin; #24100e: 36/255 = 0.141, past it. Both at 60% of white's pixels.
        let chosen = BackgroundChoice(
            clusters: [
                ColorCluster(seed: 4095, count: 1000, color: .white, lch: OKLCh(.white)),
                ColorCluster(seed: 10, count: 600, color: dark, lch: OKLCh(dark)),
            ],
            pixelCount: 1600)
        #expect(chosen?.color == expected)
    }
}
