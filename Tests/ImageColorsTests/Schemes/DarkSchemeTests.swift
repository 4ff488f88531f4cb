import Foundation
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// The dark card's rule, colour by colour.
@Suite("Dark scheme")
struct DarkSchemeTests {
    /// A light card from a background and role colours as the image has them (no toning).
    static func lightCard(_ background: String, _ roles: [String], rule: TitleRule = .brightness) -> CardColors {
        let colors = roles.map { RGBColor(hex: $0)! }
        let bg = RGBColor(hex: background)!
        let reports = colors.map {
            RoleReport(source: .image, share: 0.1, contrastRatio: Contrast.contrastRatio($0, bg))
        }
        let roles = ColorRoles(
            background: bg, primary: colors[0], secondary: colors[1], detail: colors[2],
            reports: RoleReports(
                background: RoleReport(source: .edges, share: 0.5),
                primary: reports[0], secondary: reports[1], detail: reports[2]))
        return CardColors(roles: roles, title: TitleChoice(background: bg, rule: rule))
    }

    @Test(
        """
        Given a pale background, when made dark, then it keeps its hue at a lightness in the band, the \
        paler the darker
        """
    )
    func paleBackground() {
        let pale = RGBColor(hex: "#f3e3c8")!
        let mid = RGBColor(hex: "#c08040")!
        let darkPale = DarkScheme.background(for: pale)
        let darkMid = DarkScheme.background(for: mid)
        for (light, dark) in [(pale, darkPale), (mid, darkMid)] {
            let l = OKLCh(light)
            let d = OKLCh(dark)
            #expect(DarkScheme.lightnessBand.contains(d.lightness), "\(dark.hex) L \(d.lightness)")
            #expect(OKLCh.hueDistance(l.hue, d.hue) <= DarkScheme.hueTolerance, "\(light.hex) → \(dark.hex)")
        }
        #expect(OKLab(darkPale).lightness < OKLab(darkMid).lightness)
    }

    @Test("Given a background already dark, when made dark, then it is kept as it is")
    func darkBackgroundKept() {
        for hex in ["#091c34", "#000000", "#2b1a10", "#1d2b3a"] {
            let color = RGBColor(hex: hex)!
            #expect(DarkScheme.background(for: color) == color, "\(hex)")
        }
    }

    @Test(
        """
        Given backgrounds just above and below the band's top, when made dark, then the dark ones are close (the rule \
        is continuous)
        """
    )
    func continuous() {
        let below = OKLCh(lightness: 0.305, chroma: 0.05, hue: 250).clampedToSRGB.lab.rgbColor
        let above = OKLCh(lightness: 0.33, chroma: 0.05, hue: 250).clampedToSRGB.lab.rgbColor
        let distance = OKLab(DarkScheme.background(for: below)).distance(to: OKLab(DarkScheme.background(for: above)))
        #expect(distance < 0.03)
        #expect(DarkScheme.darkLightness(for: 1) == DarkScheme.lightnessBand.lowerBound)
        #expect(
            DarkScheme.darkLightness(for: DarkScheme.lightnessBand.upperBound) == DarkScheme.lightnessBand.upperBound)
    }

    @Test(
        """
        Given every 8th sRGB level, when each is made dark, then the hue stays within 10° wherever the light one has \
        chroma 0.02 or more, and the lightness is in the band give or take 0.01
        """
    )
    func everyColor() {
        var checked = 0
        var worst = 0.0
        for r in stride(from: 3, through: 255, by: 8) {
            for g in stride(from: 3, through: 255, by: 8) {
                for b in stride(from: 3, through: 255, by: 8) {
                    let light = RGBColor(red: UInt8(r), green: UInt8(g), blue: UInt8(b))
                    let l = OKLCh(light)
                    guard l.lightness > DarkScheme.lightnessBand.upperBound else { continue }
                    let d = OKLCh(DarkScheme.background(for: light))
                    #expect(
                        d.lightness >= DarkScheme.lightnessBand.lowerBound - 0.01
                            && d.lightness <= DarkScheme.lightnessBand.upperBound + 0.01,
                        "\(light.hex): L \(d.lightness)")
                    guard l.chroma >= DarkScheme.hueKeepingChroma else { continue }
                    let turn = OKLCh.hueDistance(l.hue, d.hue)
                    worst = max(worst, turn)
                    checked += 1
                    if turn > DarkScheme.hueTolerance {
                        Issue.record(
                            "\(light.hex) (C \(l.chroma)) → \(DarkScheme.background(for: light).hex): \(turn)°")
                    }
                }
            }
        }
        #expect(checked > 20_000)
        if ProcessInfo.processInfo.environment["IMAGECOLORS_PRINT_SWEEP"] == "1" {
            print(
                """
                every 8th level: \(checked) chromatic light backgrounds, worst hue turn \
                \(String(format: "%.2f", worst))°
                """
            )
        }
    }

    @Test(
        """
        Given a light card, when made dark, then each role is the image's colour toned to the target on the dark \
        background
        """
    )
    func rolesRetoned() {
        // A cream card with a dark brown, a deep blue and a light orange.
        let light = Self.lightCard("#f3e3c8", ["#4a2a10", "#1a3a8a", "#f0a050"])
        let dark = DarkScheme.card(from: light, minimumContrast: 3)
        for role in ColorRole.allCases {
            let ratio = Contrast.contrastRatio(dark[role], dark.background)
            #expect(ratio >= 3, "\(role) \(dark[role].hex) \(ratio)")
            #expect(dark.roleReports[role].contrastRatio == (ratio * 100).rounded(.toNearestOrAwayFromZero) / 100)
            let hueTurn = OKLCh.hueDistance(OKLCh(dark[role]).hue, OKLCh(light[role]).hue)
            #expect(hueTurn <= 15, "\(role) \(light[role].hex) → \(dark[role].hex)")
        }
        // The light orange already reads on the dark background: used as the image has it.
        #expect(dark.detail == RGBColor(hex: "#f0a050")!)
        #expect(dark.roleReports.detail.adjustment == nil)
        // The dark brown had to be lightened, and says from what.
        #expect(dark.roleReports.primary.adjustment?.original == RGBColor(hex: "#4a2a10")!)
        #expect((dark.roleReports.primary.adjustment?.deltaL ?? 0) > 0)
        #expect(dark.title.text == .light)
        #expect(dark.roleReports.background.adjustment?.original == light.background)
    }

    @Test(
        """
        Given a role the light card toned, when made dark, then it is toned again from the image's colour, not from \
        the light card's
        """
    )
    func tonesFromTheImageColor() {
        var light = Self.lightCard("#f3e3c8", ["#6a4a30", "#1a3a8a", "#f0a050"])
        // As the light card would have it: the image's #d09060 darkened to reach 3:1.
        light.primary = RGBColor(hex: "#8a5020")!
        light.roleReports.primary.adjustment = .init(original: RGBColor(hex: "#d09060")!, deltaL: -0.2)
        let dark = DarkScheme.card(from: light)
        #expect(dark.primary == RGBColor(hex: "#d09060")!)
        #expect(dark.roleReports.primary.adjustment == nil)
    }

    @Test(
        """
        Given a target no colour reaches on the dark background, when made dark, then the role falls back to white \
        and is listed
        """
    )
    func unreachableFallsBack() {
        let light = Self.lightCard("#f3e3c8", ["#4a2a10", "#1a3a8a", "#f0a050"])
        let dark = DarkScheme.card(from: light, minimumContrast: 21)
        #expect(dark.fallback == ColorRole.allCases)
        #expect(dark.primary == .white)
        #expect(dark.roleReports.primary.source == .fallback)
    }

    @Test(
        """
        Given a dull purple and a neutral grey that tone to the same colour on the dark background, when made dark, \
        then the grey is moved along lightness until the two are distinct, and stays grey
        """
    )
    func greyIsSeparated() {
        // land-beach2's light card: #322a36 and #504950 both toned to about #6c646e on #161c19.
        let light = Self.lightCard("#161c19", ["#c08040", "#322a36", "#504950"])
        let dark = DarkScheme.card(from: light)
        let pair = "\(dark.secondary.hex) \(dark.detail.hex)"
        #expect(Quantizer.isDistinct(OKLab(dark.secondary), OKLab(dark.detail)), "\(pair)")
        #expect(OKLCh(dark.detail).chroma < ColorDistance.greyChromaThreshold)
        #expect(Contrast.contrastRatio(dark.detail, dark.background) >= 3)
        #expect(dark.fallback.isEmpty)
    }

    @Test(
        """
        Given a near-black and a dark slate that tone to nearly one grey on the dark background, when made dark, then \
        the slate, which loses its tint before it is distinct, falls back rather than meet the grey
        """
    )
    func inseparableRoleFallsBack() {
        // Distinct on white (the slate's tint), both toned to about #626262 on #141414.
        let light = Self.lightCard("#ffffff", ["#040404", "#0c141c", "#c08040"])
        #expect(Quantizer.isDistinct(OKLab(light.primary), OKLab(light.secondary)))
        let dark = DarkScheme.card(from: light)
        #expect(dark.fallback == [.secondary])
        #expect(dark.secondary == Quantizer.strongerNeutral(on: dark.background))
        #expect(dark.roleReports.secondary.source == .fallback)
        // The roles left are distinct, and the third is toned as before.
        #expect(Quantizer.isDistinct(OKLab(dark.primary), OKLab(dark.detail)))
        #expect(dark.roleReports.detail.source == .image)
    }

    @Test("Given the wcag title rule, when made dark, then the title follows the rule on the dark background")
    func titleRule() {
        let light = Self.lightCard("#f3e3c8", ["#4a2a10", "#1a3a8a", "#f0a050"], rule: .wcag)
        let dark = DarkScheme.card(from: light, titleRule: .wcag)
        #expect(dark.title.rule == .wcag)
        #expect(dark.title.contrastRatio >= 4.5)
        #expect(dark.title.region == nil)
    }
}
