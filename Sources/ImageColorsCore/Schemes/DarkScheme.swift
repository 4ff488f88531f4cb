#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The dark card made from the light one: the same hues, on a dark background, each role toned
/// again until it reads there.
///
/// The rule, with Material Color Utilities' dark scheme as the reference (there, light and dark
/// come from one source colour at fixed tones: dark surfaces sit at tone 6–24, text and accents
/// are placed by tone to reach a contrast):
/// - **Background**: the light background's hue and chroma at a dark lightness
///   (``background(for:)``). OKLab lightness within ``lightnessBand``, 0.19–0.31 (CIE L\* about
///   6–20, Material's dark surfaces): a background already at or below 0.31 is kept as it is,
///   so a card that is dark in light mode is the same card in dark mode; a lighter one is moved
///   into the band, the paler the darker (lightness 1, white, goes to 0.19; 0.31 stays 0.31:
///   continuous, so two nearly equal backgrounds never get far-apart dark ones). Chroma is kept
///   where the sRGB gamut allows at that lightness, else reduced, hue kept.
/// - **Roles**: each colour taken from the image is toned from the image's own colour (the
///   ``RoleReport/adjustment`` original; for the classic scheme, the colour the light card
///   uses) to reach the same contrast target on the dark background (``ToneAdjustment``: along
///   lightness, hue kept). A role that fell back in light mode, or that cannot reach the target
///   (only above about 12:1), falls back to the neutral that reads best (white). A role toned
///   into a colour indistinct from an earlier one (ΔE_OK under 0.08) is toned further from the
///   background while it keeps its hue, a neutral grey, which has none, along lightness alone
///   (``Quantizer/separating(_:hue:on:isDistinctFromTaken:)``), as in the light card; one that
///   is indistinct still when its hue would be lost falls back to the neutral, so that the dark
///   card's roles are as distinct as the light card's.
/// - **Logos**: a picture on transparent edges is drawn on the card itself. When its main colour
///   (``logoColor(of:)``) would read under ``logoContrast`` (2:1) on that dark background, the
///   background is toned along lightness until it reads (``background(_:showing:)``), out of
///   the band if need be: a dark logo does not vanish into its dark card.
/// - **Title**: chosen on the dark background by the same ``TitleRule`` and threshold.
public enum DarkScheme {
    /// The OKLab lightness band of dark backgrounds: 0.19 (CIE L\* ≈ 6, Material's dark
    /// `surface`) to 0.31 (L\* ≈ 20, between its `surfaceContainerHigh` and `Highest`).
    public static let lightnessBand: ClosedRange<Double> = 0.19...0.31

    /// The dark card for a light one.
    /// - Parameters:
    ///   - light: The light card (the analysis's own colours).
    ///   - scheme: The scheme that chose the light card's roles; default ``RoleScheme/faithful``.
    ///   - minimumContrast: The WCAG ratio roles must reach, 1–21 (clamped; NaN means 3);
    ///     default 3.
    ///   - titleRule: How the title is chosen; default ``TitleRule/brightness``.
    ///   - brightnessThreshold: For the brightness rule; default 125.
    public static func card(
        from light: CardColors, scheme: RoleScheme = .faithful,
        minimumContrast: Double = Quantizer.defaultMinimumContrast,
        titleRule: TitleRule = .default,
        brightnessThreshold: Double = TitleChoice.defaultBrightnessThreshold
    ) -> CardColors {
        let target = Quantizer(scheme: scheme, minimumContrast: minimumContrast).minimumContrast
        // A picture on transparent edges is drawn on the card: it must stay visible there.
        let banded = Self.background(for: light.background)
        let background = Self.logoColor(of: light).map { Self.background(banded, showing: $0) } ?? banded
        let lightReports = light.roleReports
        var backgroundReport = lightReports.background
        backgroundReport.adjustment =
            background == light.background
            ? nil
            : .init(original: light.background, deltaL: OKLab(background).lightness - OKLab(light.background).lightness)
        let neutral =
            scheme == .classic
            ? (Quantizer.isDark(background) ? RGBColor.white : .black)
            : Quantizer.strongerNeutral(on: background)
        let neutralReport = RoleReport(source: .fallback, contrastRatio: Contrast.contrastRatio(neutral, background))
        // Room for the three roles at once: grown by appending, the two arrays took five
        // allocations per card (every analysis makes a dark card).
        var colors: [RGBColor] = []
        var reports: [RoleReport] = []
        colors.reserveCapacity(ColorRole.allCases.count)
        reports.reserveCapacity(ColorRole.allCases.count)
        var fallback: [ColorRole] = []
        for role in ColorRole.allCases {
            let report = lightReports[role]
            guard report.source != .fallback, !light.fallback.contains(role) else {
                colors.append(neutral)
                reports.append(neutralReport)
                fallback.append(role)
                continue
            }
            // The image's own colour: what the light card toned, or used as it is.
            let imageColor = report.adjustment?.original ?? light[role]
            let start = scheme == .classic ? light[role] : imageColor
            guard let first = ToneAdjustment(start, reaching: target, on: background) else {
                colors.append(neutral)
                reports.append(neutralReport)
                fallback.append(role)
                continue
            }
            // Toned to one lightness on the dark background, two shades distinct in the light card
            // can meet; the later one is toned further while it keeps its hue, as the light card's are.
            func isDistinctFromTaken(_ lab: OKLab) -> Bool {
                colors.indices.allSatisfy {
                    reports[$0].source == .fallback || Quantizer.isDistinct(OKLab(colors[$0]), lab)
                }
            }
            let toned = Quantizer.separating(
                first, hue: OKLCh(start).hue, on: background, isDistinctFromTaken: isDistinctFromTaken)
            // Separating stops where the colour would lose its hue (a dark slate toned up to a
            // grey's lightness turns grey) or at 21:1. A role still indistinct from an earlier one
            // falls back, as the light card passes over a candidate it cannot make distinct: two
            // roles of one colour show less than one role and the neutral.
            guard isDistinctFromTaken(OKLab(toned.color)) else {
                colors.append(neutral)
                reports.append(neutralReport)
                fallback.append(role)
                continue
            }
            let adjustment: RoleReport.Adjustment? =
                toned.color == imageColor
                ? nil
                : .init(original: imageColor, deltaL: OKLab(toned.color).lightness - OKLab(imageColor).lightness)
            colors.append(toned.color)
            reports.append(
                RoleReport(
                    source: report.source, share: report.share, contrastRatio: toned.contrastRatio,
                    adjustment: adjustment))
        }
        let roles = ColorRoles(
            background: background, primary: colors[0], secondary: colors[1], detail: colors[2],
            fallback: fallback,
            reports: RoleReports(
                background: backgroundReport, primary: reports[0],
                secondary: reports[1], detail: reports[2]))
        return CardColors(
            roles: roles,
            title: TitleChoice(
                background: background, rule: titleRule,
                brightnessThreshold: brightnessThreshold))
    }
}
