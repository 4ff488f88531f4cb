import Foundation
import ImageColors

/// One self-contained HTML page showing, per image, its thumbnail, the four colours with their
/// WCAG ratios, and sample cards: the title over the background colour, and over the picture's
/// title region with the suggested scrim. No external assets: thumbnails are data URIs.
struct HTMLReport {
    /// One source's outcome.
    enum Entry {
        /// A result, its thumbnail, and the same image's result by another scheme, when asked.
        case analysed(ColorAnalysis, Thumbnail, comparison: ColorAnalysis?)
        case failed(source: String, SourceFailure)
    }

    var entries: [Entry]
    var generated: Date = Date()

    func render() -> String {
        let analysed = entries.filter { if case .analysed = $0 { true } else { false } }.count
        var html = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>ImageColors report</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <h1>ImageColors report</h1>
            <p class="meta">\(entries.count) sources, \(analysed) analysed, \(entries.count - analysed) failed · \(Self.escape(ISO8601DateFormatter().string(from: generated)))</p>

            """
        for entry in entries {
            switch entry {
            case .analysed(let analysis, let thumbnail, let comparison): html += section(analysis, thumbnail, comparison)
            case .failed(let source, let failure):
                html += "<section class=\"entry failed\"><h2>\(Self.escape(source))</h2>"
                    + "<p class=\"error\"><code>\(Self.escape(failure.error.code))</code> \(Self.escape(failure.message))</p></section>\n"
            }
        }
        return html + "</body>\n</html>\n"
    }

    private func section(_ a: ColorAnalysis, _ thumbnail: Thumbnail, _ comparison: ColorAnalysis?) -> String {
        let image = "data:image/\(thumbnail.format == .png ? "png" : "jpeg");base64,\(thumbnail.data.base64EncodedString())"
        let swatches = Self.swatches(a, attribute: "data-role")
        let title = a.title
        var over = ""
        if let region = title.region {
            // The region in percent of the (upright) analysed image, which the thumbnail matches.
            let top = Double(region.rect.y) * 100 / Double(a.analyzed.height)
            let height = Double(region.rect.height) * 100 / Double(a.analyzed.height)
            let measure = region[title.text]
            let scrim = Scrim(under: title.text)
            let rgb = scrim == .black ? "0,0,0" : "255,255,255"
            over = """
                <div class="card photo" style="height:\(320 * a.analyzed.height / max(1, a.analyzed.width))px;background-image:url(\(image))">\
                <div class="region" style="top:\(String(format: "%.2f", top))%;height:\(String(format: "%.2f", height))%;\
                background:rgba(\(rgb),\(String(format: "%.2f", measure.scrimOpacity)))">\
                <span class="title" style="color:\(title.color.hex)">Title over the picture</span></div></div>\
                <p class="note">\(region.area) region, \(title.text.rawValue) text: worst 5% \(String(format: "%.2f", measure.worstContrast)):1, \
                \(String(format: "%.0f", measure.shareUnder4_5 * 100))% of pixels under 4.5:1; \
                \(measure.scrimOpacity == 0 ? "no scrim needed" : "\(scrim.rawValue) scrim \(String(format: "%.0f", (measure.scrimOpacity * 100).rounded(.up)))%")</p>
                """
        }
        let warning = title.warning.map { "<p class=\"warning\">\(Self.escape($0))</p>" } ?? ""
        return """
            <section class="entry">
            <h2>\(Self.escape(a.source ?? "data"))</h2>
            <p class="meta">\(a.format.rawValue) \(a.width)×\(a.height), analysed at \(a.analyzed.width)×\(a.analyzed.height)</p>
            <div class="row"><img class="thumb" alt="thumbnail" src="\(image)"><div class="roles">\(swatches)</div></div>
            \(palette(a))
            <div class="cards">
            \(Self.card(a, label: "Title in \(title.text.rawValue) text"))
            \(over)
            </div>
            \(comparison.map(compared) ?? "")
            <p class="note">title \(title.text.rawValue) \(title.color.hex): brightness \(String(format: "%.1f", title.brightness)), contrast \(String(format: "%.2f", title.contrastRatio)):1</p>
            \(warning)
            </section>

            """
    }

    /// The four colours as swatches with hex codes, ratios and how each was chosen; `attribute`
    /// names the role on each swatch (the browser test finds `data-role` swatches).
    static func swatches(_ a: ColorAnalysis, attribute: String) -> String {
        let roles: [(String, RGBColor, Bool, RoleReport?)] = [
            ("background", a.background, false, a.roleReports?.background),
            ("primary", a.primary, a.fallback.contains(.primary), a.roleReports?.primary),
            ("secondary", a.secondary, a.fallback.contains(.secondary), a.roleReports?.secondary),
            ("detail", a.detail, a.fallback.contains(.detail), a.roleReports?.detail),
        ]
        var swatches = ""
        for (name, color, fellBack, report) in roles {
            let ratio = name == "background" ? "" : String(format: "%.2f:1", Contrast.contrastRatio(color, a.background))
            var note = fellBack ? " <i>fallback</i>" : ""
            if let adjustment = report?.adjustment {
                note += "<br><small>adjusted from <code>\(adjustment.original.hex)</code>, ΔL \(String(format: "%+.2f", adjustment.deltaL))</small>"
            }
            swatches += "<div class=\"role\"><div class=\"swatch\" \(attribute)=\"\(name)\" style=\"background:\(color.hex)\"></div>"
                + "<div><b>\(name)</b><br><code>\(color.hex)</code> \(ratio)\(note)</div></div>"
        }
        return swatches
    }

    /// A sample card: the title and the three roles over the background.
    static func card(_ a: ColorAnalysis, label: String) -> String {
        "<div class=\"card\" style=\"background:\(a.background.hex)\"><span class=\"title\" style=\"color:\(a.title.color.hex)\">\(escape(label))</span>"
            + "<span class=\"body\" style=\"color:\(a.primary.hex)\">Primary</span> <span class=\"body\" style=\"color:\(a.secondary.hex)\">Secondary</span> "
            + "<span class=\"body\" style=\"color:\(a.detail.hex)\">Detail</span></div>"
    }

    /// The same image by the other scheme: its swatches and card.
    private func compared(_ other: ColorAnalysis) -> String {
        let scheme = other.scheme?.rawValue ?? "other"
        return """
            <h3>\(scheme) scheme</h3>
            <div class="row compare"><div class="roles">\(Self.swatches(other, attribute: "data-compare-role"))</div>\(Self.card(other, label: "Title, \(scheme)"))</div>
            """
    }

    /// The palette strip: each colour as wide as its share of the image (at least 3 px, so that
    /// a small accent stays visible), with a legend of hex codes and shares.
    private func palette(_ a: ColorAnalysis) -> String {
        guard let palette = a.palette, !palette.isEmpty else { return "" }
        let strip = palette.map { entry in
            let share = String(format: "%.1f%%", entry.share * 100)
            return "<div class=\"chip\" data-palette=\"\(entry.color.hex)\" title=\"\(entry.color.hex) \(share)\" "
                + "style=\"background:\(entry.color.hex);flex:\(String(format: "%.4f", entry.share)) 0 3px\"></div>"
        }.joined()
        let legend = palette.map { "<code>\($0.color.hex)</code> \(String(format: "%.1f%%", $0.share * 100))" }.joined(separator: " · ")
        return "<div class=\"palette\">\(strip)</div>\n<p class=\"note\">palette: \(legend)</p>"
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static let style = """
        body{font:15px/1.4 system-ui,sans-serif;margin:24px;background:#f4f4f4;color:#222}
        .entry{background:#fff;border-radius:8px;padding:16px;margin:0 0 24px;max-width:900px}
        h2{font-size:17px;margin:0 0 4px;word-break:break-all}.meta,.note{color:#555;font-size:13px;margin:4px 0}
        .row{display:flex;gap:24px;align-items:flex-start;margin:12px 0}.thumb{max-width:320px;max-height:320px}
        .roles{display:grid;grid-template-columns:1fr 1fr;gap:12px}.role{display:flex;gap:8px;align-items:center}
        .swatch{width:64px;height:64px;border-radius:4px;box-shadow:inset 0 0 0 1px rgba(0,0,0,.15)}
        .palette{display:flex;width:640px;height:40px;margin:8px 0 0;border-radius:4px;overflow:hidden}
        .cards{display:flex;gap:16px;flex-wrap:wrap}
        .card{width:320px;height:180px;border-radius:8px;padding:16px;box-sizing:border-box;position:relative;overflow:hidden}
        .card .title{display:block;font-size:22px;font-weight:700;margin-bottom:8px}.card .body{font-size:15px;font-weight:600}
        .photo{padding:0;background-size:100% 100%}.region{position:absolute;left:0;right:0;display:flex;align-items:center;padding:0 16px}
        .compare{align-items:center}h3{font-size:15px;margin:16px 0 4px}.warning{color:#a40000}.error code{background:#fee;padding:2px 4px}
        """
}
