import Foundation
import ImageColors

/// Whether text output may use ANSI true-colour swatches.
struct TextStyle {
    var colorSwatches: Bool

    /// Swatches when stdout is a terminal and `NO_COLOR` is unset (https://no-color.org).
    static func forStandardOutput(environment: [String: String] = ProcessInfo.processInfo.environment) -> TextStyle {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return TextStyle(colorSwatches: isatty(STDOUT_FILENO) == 1 && !noColor)
    }
}

/// The human-readable block for one result.
struct TextReport {
    var analysis: ColorAnalysis
    var style: TextStyle

    func render() -> String {
        let a = analysis
        var lines = ["\(a.source ?? "data")  \(a.format.rawValue) \(a.width)×\(a.height), analysed at \(a.analyzed.width)×\(a.analyzed.height)"]
        let roles: [(String, RGBColor, Bool)] = [
            ("background", a.background, false),
            ("primary", a.primary, a.fallback.contains(.primary)),
            ("secondary", a.secondary, a.fallback.contains(.secondary)),
            ("detail", a.detail, a.fallback.contains(.detail)),
        ]
        for (name, color, fellBack) in roles {
            let ratio = name == "background" ? "" : String(format: "  %5.2f:1 on background", Contrast.contrastRatio(color, a.background))
            let note = fellBack ? "  (fallback: no suitable colour in the image)" : ""
            lines.append("  " + pad(name, 11) + swatch(color) + color.hex + ratio + note)
        }
        let title = a.title
        lines.append("  " + pad("title", 11) + swatch(title.color) + "\(title.text.rawValue) \(title.color.hex)"
            + String(format: "  brightness %.1f, contrast %.2f:1", title.brightness, title.contrastRatio))
        return lines.joined(separator: "\n")
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }

    private func swatch(_ color: RGBColor) -> String {
        guard style.colorSwatches else { return "" }
        return "\u{1B}[48;2;\(color.red);\(color.green);\(color.blue)m    \u{1B}[0m "
    }
}
