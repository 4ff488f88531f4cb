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

    /// ", animated, first frame", ", 12 frames, first counted", ", 12 frames, all counted", or
    /// nothing for a still image.
    static func frames(_ report: FrameReport?) -> String {
        guard let report else { return "" }
        guard let count = report.count else { return ", animated, first frame counted" }
        return report.counted == count ? ", \(count) frames, all counted" : ", \(count) frames, first counted"
    }

    /// The cards to print, in order; default the light card alone (the top-level colours).
    var appearances: [CardAppearance] = [.light]

    func render() -> String {
        let a = analysis
        var lines = [
            """
            \(a.source.map(SourceDisplay.name) ?? "data")  \(a.format.rawValue) \
            \(a.width)×\(a.height)\(Self.frames(a.frames)), analysed at \(a.analyzed.width)×\(a.analyzed.height)
            """
        ]
        for appearance in appearances {
            // One card alone keeps the plain layout; two get a heading each.
            if appearances.count > 1 { lines.append("  \(appearance.rawValue) card") }
            if appearance == .dark, appearances.count == 1 { lines[0] += ", dark card" }
            let (roles, title) = card(a.card(for: appearance), appearance: appearance)
            lines += roles
            // The palette is the picture's, not a card's: after the first card's colours.
            if appearance == appearances.first, let palette = a.palette, !palette.isEmpty {
                lines.append(
                    "  " + pad("palette", 11)
                        + palette.map {
                            swatch($0.color, width: 2) + $0.color.hex + String(format: " %.1f%%", $0.share * 100)
                        }
                        .joined(separator: "  "))
            }
            lines += title
        }
        let title = a.title
        if let profile = a.colorProfile { lines.append("  " + pad("profile", 11) + profile + ", converted to sRGB") }
        if let note = a.colorNote { lines.append("  " + pad("profile", 11) + note) }
        if let region = title.region {
            let rect = region.rect
            lines.append(
                "  " + pad("region", 11)
                    + "\(region.area): \(rect.width)×\(rect.height) px at (\(rect.x), \(rect.y)) "
                    + "of the analysed image")
            for text in [TitleText.light, .dark] {
                let r = region[text]
                let scrim =
                    r.scrimOpacity == 0
                    ? "no scrim needed"
                    : "\(Scrim(under: text).rawValue) scrim "
                        + String(format: "%.0f%%", (r.scrimOpacity * 100).rounded(.up))
                lines.append(
                    "    " + pad(text.rawValue, 6)
                        + String(
                            format: "worst 5%% %.2f:1, %.0f%% under 4.5:1, %.0f%% under 3:1, ",
                            r.worstContrast, r.shareUnder4_5 * 100, r.shareUnder3 * 100) + scrim)
            }
        }
        if let placeholder = a.placeholder {
            let hashes = [
                placeholder.thumbHash.map { "thumbhash \($0)" }, placeholder.blurHash.map { "blurhash \($0)" },
            ]
            lines.append("  " + pad("placeholder", 11) + hashes.compactMap { $0 }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }

    /// The lines of one card: its four colours with their ratios and origins, and its title.
    private func card(_ card: CardColors, appearance: CardAppearance) -> (roles: [String], title: [String]) {
        var lines: [String] = []
        let reports = card.roleReports
        let roles: [(String, RGBColor, Bool, RoleReport)] = [
            ("background", card.background, false, reports.background),
            ("primary", card.primary, card.fallback.contains(.primary), reports.primary),
            ("secondary", card.secondary, card.fallback.contains(.secondary), reports.secondary),
            ("detail", card.detail, card.fallback.contains(.detail), reports.detail),
        ]
        for (name, color, fellBack, report) in roles {
            let ratio =
                name == "background"
                ? "" : String(format: "  %5.2f:1 on background", Contrast.contrastRatio(color, card.background))
            var note = fellBack ? "  (fallback: no suitable colour in the image)" : origin(report)
            if name == "background", appearance == .dark, let adjustment = report.adjustment {
                note = "  (dark tone of \(adjustment.original.hex), ΔL \(Self.signed(adjustment.deltaL)))"
            }
            lines.append("  " + pad(name, 11) + swatch(color) + color.hex + ratio + note)
        }
        let title = card.title
        let rule = title.rule.map { $0 == .brightness ? "" : ", by \($0.rawValue)" } ?? ""
        var titleLines = [
            "  " + pad("title", 11) + swatch(title.color) + "\(title.text.rawValue) \(title.color.hex)"
                + String(format: "  brightness %.1f, contrast %.2f:1", title.brightness, title.contrastRatio) + rule
        ]
        if let warning = title.warning { titleLines.append("  " + pad("", 11) + "warning: " + warning) }
        return (lines, titleLines)
    }

    /// `+0.12`, `−0.16` (a minus sign, not a hyphen).
    static func signed(_ value: Double) -> String {
        String(format: "%+.2f", value).replacingOccurrences(of: "-", with: "−")
    }

    /// "  (edges, 41.2% of the band)" for the background, "  (image, 12.0% of pixels)" for a
    /// role: where the colour came from and the share of pixels behind it; for a role that was
    /// toned, "  (adjusted from #d84f06, ΔL −0.08, 71.0% of pixels)"; "" when unknown.
    private func origin(_ report: RoleReport) -> String {
        if report.source == .fallback { return "  (fallback: no opaque pixel at the edges)" }
        guard let share = report.share else { return "" }
        let of = report.source == .edges ? "of the band" : "of pixels"
        let percent = Self.percent(share) + " " + of
        if let adjustment = report.adjustment {
            return "  (adjusted from \(adjustment.original.hex), ΔL \(Self.signed(adjustment.deltaL)), \(percent))"
        }
        return "  (\(report.source.rawValue), " + percent + ")"
    }

    /// A share as a percentage: "12.0%"; under 0.1%, where one decimal would print a colour that
    /// is there as "0.0%", two decimals ("0.03%"), and "<0.01%" below that.
    static func percent(_ share: Double) -> String {
        let value = share * 100
        if value >= 0.095 || value <= 0 { return String(format: "%.1f%%", value) }
        if value >= 0.005 { return String(format: "%.2f%%", value) }
        return "<0.01%"
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }

    private func swatch(_ color: RGBColor, width: Int = 4) -> String {
        guard style.colorSwatches else { return "" }
        return "\u{1B}[48;2;\(color.red);\(color.green);\(color.blue)m" + String(repeating: " ", count: width)
            + "\u{1B}[0m "
    }
}
