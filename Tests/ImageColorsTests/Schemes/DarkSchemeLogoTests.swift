import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// A picture on transparent edges (a logo) is drawn on the card itself: both cards must leave it
/// visible (issue 41).
@Suite("Dark scheme: logos")
struct DarkSchemeLogoTests {
    /// The light and dark cards of an image, as an analysis makes them.
    static func cards(of image: RGBAImage) -> (light: CardColors, dark: CardColors) {
        let roles = Quantizer().roles(of: image)
        let light = CardColors(roles: roles, title: TitleChoice(background: roles.background))
        return (light, DarkScheme.card(from: light))
    }

    /// 100×100, transparent but for a 60×60 logo of `color` with a 10×10 orange mark.
    static func logo(_ color: String) -> RGBAImage {
        paintedImage(
            100, 100, .black, alpha: 0,
            [(20, 20, 80, 80, RGBColor(hex: color)!), (45, 45, 55, 55, RGBColor(hex: "#e8742a")!)])
    }

    @Test(
        """
        Given a dark logo on transparent edges, when its cards are made, then the dark card's background gives at \
        least 2:1 against the logo's colour, and every role still reaches the target on it
        """,
        arguments: ["#1c2430", "#000000", "#3a2a20"])
    func darkLogoStaysVisible(_ hex: String) throws {
        let logo = RGBColor(hex: hex)!
        let (light, dark) = Self.cards(of: Self.logo(hex))
        try #require(light.roleReports.background.source == .fallback)
        #expect(Contrast.contrastRatio(light.background, logo) >= DarkScheme.logoContrast)
        #expect(Contrast.contrastRatio(dark.background, logo) >= DarkScheme.logoContrast, "\(dark.background.hex)")
        for role in ColorRole.allCases {
            #expect(Contrast.contrastRatio(dark[role], dark.background) >= Quantizer.defaultMinimumContrast - 1e-9)
        }
    }

    @Test(
        """
        Given a white logo on transparent edges, when its cards are made, then the light card's background gives at \
        least 2:1 against it, and so does the dark card's
        """
    )
    func whiteLogoStaysVisible() throws {
        let (light, dark) = Self.cards(of: Self.logo("#ffffff"))
        try #require(light.roleReports.background.source == .fallback)
        #expect(Contrast.contrastRatio(light.background, .white) >= DarkScheme.logoContrast)
        #expect(Contrast.contrastRatio(dark.background, .white) >= DarkScheme.logoContrast)
    }

    @Test(
        """
        Given a dark picture with opaque edges, when its dark card is made, then its background is the light one's \
        as it is: only a picture on transparent edges lifts it
        """
    )
    func opaqueEdgesKeepTheirBackground() {
        let image = paintedImage(
            100, 100, RGBColor(hex: "#f4f1ea")!, [(20, 20, 80, 80, RGBColor(hex: "#1c2430")!)])
        let (light, dark) = Self.cards(of: image)
        #expect(DarkScheme.logoColor(of: light) == nil)
        #expect(dark.background == DarkScheme.background(for: light.background))
    }

    @Test("Given the logo colour's background already 2:1 from it, when checked, then it is kept")
    func enoughContrastKept() {
        let dark = RGBColor(hex: "#141414")!
        #expect(DarkScheme.background(dark, showing: RGBColor(hex: "#e8742a")!) == dark)
        let lifted = DarkScheme.background(dark, showing: RGBColor(hex: "#101820")!)
        #expect(Contrast.contrastRatio(lifted, RGBColor(hex: "#101820")!) >= DarkScheme.logoContrast)
        #expect(OKLab(lifted).lightness > OKLab(dark).lightness)
    }
}

/// The dark card's roles are as distinct as the light card's (issue 41).
@Suite("Dark scheme: distinct roles")
struct DarkSchemeDistinctTests {
    @Test(
        """
        Given a light card whose primary and secondary are a navy and a blue of one hue, distinct there, when the \
        dark card is made, then they are still distinct, reach the target and keep their hue
        """
    )
    func shadesOfOneHueStayDistinct() throws {
        let light = DarkSchemeTests.lightCard("#ffffff", ["#102060", "#2a3c80", "#e8742a"])
        try #require(ColorDistance.isDistinct(light.primary, light.secondary))
        let dark = DarkScheme.card(from: light)
        #expect(dark.fallback.isEmpty)
        #expect(ColorDistance.isDistinct(dark.primary, dark.secondary), "\(dark.primary.hex) \(dark.secondary.hex)")
        for role in [ColorRole.primary, .secondary] {
            #expect(Contrast.contrastRatio(dark[role], dark.background) >= Quantizer.defaultMinimumContrast)
            #expect(OKLCh.hueDistance(OKLCh(dark[role]).hue, OKLCh(light[role]).hue) <= 15)
        }
    }
}
