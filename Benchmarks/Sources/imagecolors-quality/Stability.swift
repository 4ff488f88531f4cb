import Foundation
import ImageColors

/// How far one image's card moves when nothing that matters changes (issue 41's table): the
/// role slots between `low` and `high` and under a q75 re-encode, the background across every
/// pair of the four presets, and the title.
///
/// A role slot is compared with the same slot (primary with primary), so two roles that trade
/// places count as two moves; a slot that falls back in one analysis and not in the other moves
/// by the distance of its white or black to the colour.
struct Stability {
    /// One card's slots compared between two analyses.
    struct Moves {
        /// ΔE_OK of primary, secondary and detail (`nil`: the other analysis is missing).
        var roles: [Double?]
        /// ΔE_OK of the background.
        var background: Double?

        init(_ card: CardColors?, _ base: CardColors) {
            let slots: [(CardColors) -> RGBColor] = [\.primary, \.secondary, \.detail]
            roles = slots.map { slot in card.map { ColorDistance.deltaE(slot($0), slot(base)) } }
            background = card.map { ColorDistance.deltaE($0.background, base.background) }
        }

        /// Role slots that moved more than `threshold`.
        func moved(over threshold: Double) -> Int { roles.compactMap { $0 }.filter { $0 > threshold }.count }
        /// Role slots compared.
        var compared: Int { roles.compactMap { $0 }.count }
    }

    /// The light card (`[0]`) and the dark card (`[1]`) at `low` against `high`.
    var low: [Moves]
    /// … re-encoded as JPEG q75 against the original at `high` (the flattened copy for an image
    /// with transparency).
    var reencoded: [Moves]
    /// The largest background ΔE_OK between any two of `lowest`, `low`, `high` and `highest`,
    /// light card then dark (`nil` when fewer than two were analysed).
    var presetBackground: [Double?]
    /// The largest light background ΔE_OK across the four presets, the q75 re-encode and the
    /// 1-px crop (the target: at most 0.10).
    var worstBackground: Double?
    /// Whether the title's text (light or dark, on the light card) differs between any two of the
    /// four presets, or under the re-encode or the crop.
    var titleFlipped: Bool

    /// The share of role slots a move over this distance counts as moved: ΔE_OK 0.20.
    static let moveThreshold = 0.2

    init(
        high: ColorAnalysis, low: ColorAnalysis?, lowest: ColorAnalysis?, highest: ColorAnalysis?,
        reencoded: ColorAnalysis?, flattened: ColorAnalysis?, cropped: ColorAnalysis?
    ) {
        let appearances: [CardAppearance] = [.light, .dark]
        let reencodedBase = flattened ?? high
        self.low = appearances.map { Moves(low?.card(for: $0), high.card(for: $0)) }
        self.reencoded = appearances.map { Moves(reencoded?.card(for: $0), reencodedBase.card(for: $0)) }
        let presets = [lowest, low, high, highest].compactMap { $0 }
        presetBackground = appearances.map { appearance in
            var worst: Double?
            for (i, x) in presets.enumerated() {
                for y in presets[(i + 1)...] {
                    let delta = ColorDistance.deltaE(
                        x.card(for: appearance).background, y.card(for: appearance).background)
                    worst = max(worst ?? 0, delta)
                }
            }
            return worst
        }
        let others = [
            self.reencoded[0].background, cropped.map { ColorDistance.deltaE($0.background, high.background) },
        ]
        worstBackground = ([presetBackground[0]] + others).compactMap { $0 }.max()
        let titles = (presets + [cropped].compactMap { $0 }).map(\.title.text)
        let reencodedFlip = reencoded.map { $0.title.text != reencodedBase.title.text } ?? false
        titleFlipped = Set(titles).count > 1 || reencodedFlip
    }

    /// The per-image columns: light role slots moved low↔high and under q75, the worst preset
    /// background ΔE (light, dark), the worst background ΔE overall, and a title flip.
    var formatted: String {
        func delta(_ value: Double?, over limit: Double) -> String {
            guard let value else { return "–" }
            return value > limit ? String(format: "**%.3f**", value) : String(format: "%.3f", value)
        }
        func moves(_ moves: Moves) -> String {
            moves.roles.map { delta($0, over: Self.moveThreshold) }.joined(separator: " ")
        }
        return [
            moves(low[0]), moves(reencoded[0]), moves(low[1]), moves(reencoded[1]),
            delta(presetBackground[0], over: 0.1), delta(presetBackground[1], over: 0.1),
            delta(worstBackground, over: 0.1), titleFlipped ? "**flips**" : "–",
        ].joined(separator: " | ")
    }

    static let header =
        " roles ΔE low↔high (p s d) | roles ΔE q75 (p s d) | dark roles ΔE low↔high | dark roles ΔE q75 "
        + "| bg ΔE any two presets | dark bg ΔE any two presets | bg ΔE worst (presets, q75, crop) | title |"
    static let columns = 8
}
