/// How the title's text (light or dark) is chosen for a background.
///
/// - ``brightness``: the W3C/AERT brightness formula against a threshold (default 125). What
///   users ask for and the default, but for about one background in eight it picks the weaker of
///   white and black (on `rgb(1,212,2)` white gives 2.0:1 where black gives 10.4:1).
/// - ``wcag``: whichever of white and black has the higher WCAG 2.x ratio. Always at least
///   4.58:1 (√21), so always AA.
/// - ``apca``: whichever has the larger APCA |Lc|.
///
/// Ties (which 8-bit colours do not produce in practice) go to light text, as the brightness
/// rule does at its threshold.
public enum TitleRule: String, Sendable, Hashable, Codable, CaseIterable {
    /// Brightness `(R·299 + G·587 + B·114) / 1000` above the threshold → dark text.
    case brightness
    /// The higher WCAG 2.x contrast ratio.
    case wcag
    /// The larger APCA |Lc|.
    case apca

    /// The rule used when none is given: ``brightness``.
    public static let `default` = TitleRule.brightness

    /// Chooses light or dark text for a background.
    /// - Parameters:
    ///   - background: The colour the title is drawn on.
    ///   - candidates: Both texts measured on `background` (see ``TitleCandidates/init(background:)``).
    ///   - brightnessThreshold: For ``brightness`` only: dark text when the background's brightness
    ///     is strictly above this; default 125.
    /// - Returns: The text this rule picks.
    public func choose(
        background: RGBColor, candidates: TitleCandidates,
        brightnessThreshold: Double = TitleChoice.defaultBrightnessThreshold
    ) -> TitleText {
        let prefersDark: Bool =
            switch self {
            case .brightness: Contrast.brightness(background) > brightnessThreshold
            case .wcag: candidates.dark.contrastRatio > candidates.light.contrastRatio
            case .apca: abs(candidates.dark.apcaLc) > abs(candidates.light.apcaLc)
            }
        return prefersDark ? .dark : .light
    }
}
