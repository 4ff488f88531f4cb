import Foundation
import ImageColors

/// What one image's analyses say about the colours: fallbacks, legibility, hue fidelity,
/// distinctness, and how far the background moves when nothing that matters changes.
struct ImageMetrics {
    var fallbacks: Int
    /// Fallback roles while the picture holds a chromatic colour (≥ 2% of its pixels) whose hue
    /// no colour of the card carries.
    var needlessFallbacks: Int
    /// The largest such uncarried colour's share.
    var uncarriedShare: Double
    /// Roles (primary, secondary, detail) under the contrast target on the background.
    var underTarget: Int
    /// Roles taken from the image and changed, whose own and original colours both have a hue.
    var adjustedWithHue: Int
    /// … of which the hue stayed within 15°.
    var hueKept: Int
    /// Pairs of roles, both from the image, closer than ΔE_OK 0.08.
    var indistinctPairs: Int
    /// ΔE_OK of the background from `high`'s: `low`, `lowest`, `highest`, re-encoded (from the
    /// flattened copy's, for an image with transparency), cropped (`nil` when not measured).
    var backgroundDeltas: [Double?]
    /// The dark card's roles under the contrast target on its background.
    var darkUnderTarget: Int
    /// The dark card's pairs of roles, both from the image, closer than ΔE_OK 0.08.
    var darkIndistinctPairs: Int
    /// How far the roles, the background and the title move (light and dark cards).
    var stability: Stability

    /// The share from which an uncarried colour makes a fallback needless: 2%.
    static let uncarriedFloor = 0.02

    init(
        high: ColorAnalysis, low: ColorAnalysis?, lowest: ColorAnalysis?, highest: ColorAnalysis?,
        reencoded: ColorAnalysis?, flattened: ColorAnalysis?, cropped: ColorAnalysis?,
        hues: HueProfile, target: Double
    ) {
        let roles = ColorRole.allCases
        fallbacks = high.fallback.count
        var carried: [Double] = []
        for color in [high.background] + roles.map({ high.roles[$0] }) {
            let lch = OKLCh(color)
            if lch.chroma >= 0.02 { carried.append(lch.hue) }
        }
        for role in roles {
            if let original = high.roleReports?[role].adjustment?.original {
                let lch = OKLCh(original)
                if lch.chroma >= 0.02 { carried.append(lch.hue) }
            }
        }
        uncarriedShare = hues.largestUncarried(carried: carried)
        needlessFallbacks = uncarriedShare >= Self.uncarriedFloor ? fallbacks : 0
        // The reported ratios are rounded to 2 decimals; measured here on the colours.
        underTarget = Self.underTarget(high.card(for: .light), target: target)
        darkUnderTarget = Self.underTarget(high.card(for: .dark), target: target)
        adjustedWithHue = 0
        hueKept = 0
        for role in roles {
            guard let adjustment = high.roleReports?[role].adjustment else { continue }
            let used = OKLCh(high.roles[role])
            let original = OKLCh(adjustment.original)
            guard used.chroma >= HueProfile.chromatic, original.chroma >= HueProfile.chromatic else { continue }
            adjustedWithHue += 1
            if OKLCh.hueDistance(used.hue, original.hue) <= 15 { hueKept += 1 }
        }
        indistinctPairs = Self.indistinctPairs(high.card(for: .light))
        darkIndistinctPairs = Self.indistinctPairs(high.card(for: .dark))
        stability = Stability(
            high: high, low: low, lowest: lowest, highest: highest, reencoded: reencoded, flattened: flattened,
            cropped: cropped)
        backgroundDeltas = [
            (low, high), (lowest, high), (highest, high), (reencoded, flattened ?? high), (cropped, high),
        ]
        .map { other, base in other.map { ColorDistance.deltaE($0.background, base.background) } }
    }

    /// Roles of a card under `target` on its background. (The reported ratios are rounded to 2
    /// decimals; measured here on the colours.)
    static func underTarget(_ card: CardColors, target: Double) -> Int {
        let roles: [RGBColor] = [card.primary, card.secondary, card.detail]
        return roles.filter { Contrast.contrastRatio($0, card.background) < target - 1e-9 }.count
    }

    /// Pairs of a card's roles, both from the image, closer than ΔE_OK 0.08.
    static func indistinctPairs(_ card: CardColors) -> Int {
        let fromImage = zip(ColorRole.allCases, [card.primary, card.secondary, card.detail])
            .filter { !card.fallback.contains($0.0) }.map(\.1)
        var pairs = 0
        for (i, x) in fromImage.enumerated() {
            for y in fromImage[(i + 1)...] where ColorDistance.deltaE(x, y) < ColorDistance.distinctThreshold {
                pairs += 1
            }
        }
        return pairs
    }

    /// One Markdown row after the image's name.
    var formatted: String {
        let deltas = backgroundDeltas.map {
            $0.map { $0 > 0.2 ? String(format: "**%.3f**", $0) : String(format: "%.3f", $0) } ?? "–"
        }
        let hue = adjustedWithHue == 0 ? "–" : "\(hueKept)/\(adjustedWithHue)"
        let uncarried = uncarriedShare >= Self.uncarriedFloor ? String(format: "%.1f%%", uncarriedShare * 100) : "–"
        return "\(fallbacks) | \(needlessFallbacks) | \(uncarried) | \(underTarget) | \(hue) | \(indistinctPairs) | "
            + deltas.joined(separator: " | ") + " | \(darkUnderTarget) | \(darkIndistinctPairs) | "
            + stability.formatted
    }

    static let header =
        """
        | image | fallbacks | needless | uncarried | under target | hue kept | indistinct pairs | bg ΔE low↔high \
        | bg ΔE lowest↔high | bg ΔE highest↔high | bg ΔE q75 | bg ΔE crop | dark under target | dark indistinct pairs |
        """ + Stability.header + "\n"
        + "| --- " + String(repeating: "| --- ", count: 13 + Stability.columns) + "|"
}
