import Foundation

/// Totals over one set of images, in the shape of the targets: needless fallbacks 0,
/// roles under the target 0, hues kept, distinct roles, and the background's median and worst
/// ΔE_OK across presets, re-encoding and a 1-pixel crop (median ≤ 0.03, worst ≤ 0.20).
struct QualitySummary {
    var images = 0
    var failed = 0
    var rows: [ImageMetrics] = []

    mutating func add(_ row: ImageMetrics) {
        images += 1
        rows.append(row)
    }

    /// The Markdown table of one set.
    var formatted: String {
        func sum(_ key: (ImageMetrics) -> Int) -> Int { rows.map(key).reduce(0, +) }
        var lines = [
            "\(images) images analysed, \(failed) failed.",
            "",
            "| measure | value | target |",
            "| --- | --- | --- |",
            "| role slots that fell back | \(sum(\.fallbacks)) of \(3 * images) | |",
            """
            | needless fallbacks (a chromatic colour of ≥ 2% whose hue no colour carries) | \
            \(sum(\.needlessFallbacks)) in \(rows.filter { $0.needlessFallbacks > 0 }.count) images | 0 |
            """,
            "| roles under the contrast target | \(sum(\.underTarget)) | 0 |",
            "| adjusted roles whose hue stayed within 15° | \(sum(\.hueKept)) of \(sum(\.adjustedWithHue)) | all |",
            "| pairs of image roles closer than ΔE 0.08 | \(sum(\.indistinctPairs)) | 0 |",
            "| dark card: roles under the contrast target | \(sum(\.darkUnderTarget)) | 0 |",
            "| dark card: pairs of image roles closer than ΔE 0.08 | \(sum(\.darkIndistinctPairs)) | 0 |",
        ]
        let changes = ["low ↔ high", "lowest ↔ high", "highest ↔ high", "re-encoded q75", "1-px crop"]
        for (index, change) in changes.enumerated() {
            let values = rows.compactMap { $0.backgroundDeltas[index] }.sorted()
            guard !values.isEmpty else { continue }
            let median =
                values.count % 2 == 1
                ? values[values.count / 2]
                : (values[values.count / 2 - 1] + values[values.count / 2]) / 2
            let flips = values.filter { $0 > 0.2 }.count
            lines.append(
                String(
                    format:
                        "| background ΔE_OK, %@: median, worst, over 0.20 | %.3f, %.3f, %d of %d | ≤ 0.03, ≤ 0.20, 0 |",
                    change, median, values.last!, flips, values.count))
        }
        lines += stabilityLines
        return lines.joined(separator: "\n")
    }

    /// Issue 41's table: role slots moved over ΔE_OK 0.20 (light and dark cards, `low` against
    /// `high` and under a q75 re-encode), the background's worst over any two presets and over
    /// every change, and title flips.
    var stabilityLines: [String] {
        var lines: [String] = []
        let cards = ["light", "dark"]
        for (card, name) in cards.enumerated() {
            for (change, moves) in [
                ("low ↔ high", rows.map { $0.stability.low[card] }),
                ("re-encoded q75", rows.map { $0.stability.reencoded[card] }),
            ] {
                let perSlot = (0..<3).map { slot in
                    moves.filter { ($0.roles[slot] ?? 0) > Stability.moveThreshold }.count
                }
                let moved = moves.map { $0.moved(over: Stability.moveThreshold) }.reduce(0, +)
                let compared = moves.map(\.compared).reduce(0, +)
                let worst = moves.flatMap { $0.roles.compactMap { $0 } }.max() ?? 0
                let backgrounds = moves.compactMap(\.background)
                lines.append(
                    String(
                        format: """
                            | %@ card, %@: role slots over 0.20 (primary, secondary, detail), share, worst; \
                            background over 0.20, worst | %d, %d, %d: %d of %d (%.1f%%), %.3f; %d, %.3f | ≤ 2%%; 0 |
                            """, name, change, perSlot[0], perSlot[1], perSlot[2], moved, compared,
                        compared == 0 ? 0 : 100 * Double(moved) / Double(compared), worst,
                        backgrounds.filter { $0 > Stability.moveThreshold }.count, backgrounds.max() ?? 0))
            }
            let presets = rows.compactMap { $0.stability.presetBackground[card] }
            lines.append(
                String(
                    format: """
                        | %@ card: background ΔE_OK between any two of lowest, low, high, highest: images over \
                        0.20, over 0.10, worst | %d, %d of %d, %.3f | 0, 0, ≤ 0.10 |
                        """, name, presets.filter { $0 > 0.2 }.count, presets.filter { $0 > 0.1 }.count, presets.count,
                    presets.max() ?? 0))
        }
        let worst = rows.compactMap(\.stability.worstBackground)
        lines.append(
            String(
                format: """
                    | background ΔE_OK, worst over the four presets, q75 and the 1-px crop: images over 0.10, \
                    worst | %d of %d, %.3f | 0, ≤ 0.10 |
                    """, worst.filter { $0 > 0.1 }.count, worst.count, worst.max() ?? 0))
        let flips = rows.filter(\.stability.titleFlipped).count
        lines.append(
            "| images whose title flips (any preset, q75, 1-px crop) | \(flips) | 0 |"
        )
        return lines
    }
}
