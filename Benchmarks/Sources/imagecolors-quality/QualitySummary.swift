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
        return lines.joined(separator: "\n")
    }
}
