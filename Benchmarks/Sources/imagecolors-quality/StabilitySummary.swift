import Foundation
import ImageColors

/// Totals over every image: mean and largest ΔE_OK per role and change, and how many roles
/// changed noticeably (ΔE_OK ≥ the 0.08 distinctness threshold).
struct StabilitySummary {
    var images = 0
    var failed = 0
    var fallbacks = 0
    /// Per change (presets, re-encoded, cropped), per role: the ΔE values seen.
    var deltas: [[[Double]]] = Array(repeating: Array(repeating: [], count: 4), count: 3)

    /// Photos (Samples/, corpus/jpeg, orientation, color) apart from PngSuite's 32×32 test patterns.
    var groups: [String: StabilitySummary] = [:]

    mutating func add(_ row: StabilityRow, group: String) {
        groups[group, default: StabilitySummary()].add(row)
        add(row)
    }

    mutating func addFailure(group: String) {
        groups[group, default: StabilitySummary()].failed += 1
        failed += 1
    }

    mutating func add(_ row: StabilityRow) {
        images += 1
        fallbacks += row.fallbacks
        for (change, values) in [row.presets, row.reencoded, row.cropped].enumerated() {
            guard let values else { continue }
            for role in 0..<4 { deltas[change][role].append(values[role]) }
        }
    }

    var formatted: String {
        var lines = ["\(images) images compared, \(failed) could not be analysed (errors, as they should be for malformed files), \(fallbacks) fallback roles at `high`.",
                     "",
                     "| change | role | mean ΔE | 90th pct | max | changed (≥ 0.08) |",
                     "| --- | --- | --- | --- | --- | --- |"]
        let changes = ["low ↔ high", "re-encoded q75", "1-px crop"], roles = ["background", "primary", "secondary", "detail"]
        for change in 0..<3 {
            for role in 0..<4 {
                let values = deltas[change][role].sorted()
                guard !values.isEmpty else { continue }
                let mean = values.reduce(0, +) / Double(values.count)
                let p90 = values[min(values.count - 1, Int(Double(values.count) * 0.9))]
                let changed = values.filter { $0 >= noticeableChange }.count
                lines.append(String(format: "| %@ | %@ | %.3f | %.3f | %.3f | %d of %d |", changes[change], roles[role],
                                    mean, p90, values.last!, changed, values.count))
            }
        }
        let all = deltas.flatMap { $0 }.flatMap { $0 }
        let changed = all.filter { $0 >= noticeableChange }.count
        lines.append("")
        lines.append(String(format: "Overall: %d of %d role comparisons changed noticeably (%.1f%%).",
                            changed, all.count, 100 * Double(changed) / Double(max(1, all.count))))
        return lines.joined(separator: "\n")
    }
}
