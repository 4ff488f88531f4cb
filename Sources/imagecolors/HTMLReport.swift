import Foundation
import ImageColors

/// One self-contained HTML page showing, per image, its thumbnail, the four colours of the light
/// and the dark card with their WCAG ratios, sample cards — the light and the dark card side by
/// side, and the title over the picture's title region with the suggested scrim — and the
/// image's ThumbHash and BlurHash drawn as the page would show them while the image loads. No
/// external assets: thumbnails and placeholders are data URIs. Sources are named as on stderr
/// (``SourceDisplay``): a URL without its user info, query and fragment, since a report is what
/// people share.
struct HTMLReport {
    /// One source's outcome.
    enum Entry {
        /// A result, its thumbnail, and the same image's result by another scheme, when asked.
        case analysed(ColorAnalysis, Thumbnail, comparison: ColorAnalysis?)
        case failed(source: String, SourceFailure)
    }

    var entries: [Entry]
    var generated: Date = Date()

    /// The whole page at once (tests and small runs); `report` streams the same parts.
    func render() -> String {
        Self.header() + entries.map(Self.html(for:)).joined() + Self.footer(entries: entries, generated: generated)
    }

    /// The page up to the first entry.
    static func header() -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>ImageColors report</title>
        <style>\(style)</style>
        </head>
        <body>
        <h1>ImageColors report</h1>

        """
    }

    /// One source's section.
    static func html(for entry: Entry) -> String {
        switch entry {
        case .analysed(let analysis, let thumbnail, let comparison):
            return HTMLReport(entries: []).section(analysis, thumbnail, comparison)
        case .failed(let source, let failure):
            return "<section class=\"entry failed\"><h2><bdi>\(escape(SourceDisplay.name(source)))</bdi></h2>"
                + "<p class=\"error\"><code>\(escape(failure.error.code))</code> "
                + "\(escape(failure.message))</p></section>\n"
        }
    }

    /// The page after the last entry: the counts, known only then (the page is written as the
    /// results arrive, so a run of thousands of sources never holds them all).
    static func footer(sources: Int, analysed: Int, generated: Date) -> String {
        "<p class=\"meta\">\(sources) sources, \(analysed) analysed, \(sources - analysed) failed · "
            + "\(escape(ISO8601DateFormatter().string(from: generated)))</p>\n</body>\n</html>\n"
    }

    private static func footer(entries: [Entry], generated: Date) -> String {
        let analysed = entries.filter { if case .analysed = $0 { true } else { false } }.count
        return footer(sources: entries.count, analysed: analysed, generated: generated)
    }

    private func section(_ a: ColorAnalysis, _ thumbnail: Thumbnail, _ comparison: ColorAnalysis?) -> String {
        let image =
            "data:image/\(thumbnail.format == .png ? "png" : "jpeg");base64,\(thumbnail.data.base64EncodedString())"
        let swatches = Self.swatches(a.card(for: .light), attribute: "data-role")
        let dark = a.card(for: .dark)
        let title = a.title
        var over = ""
        if let region = title.region {
            // The region in percent of the (upright) analysed image, which the thumbnail matches.
            let top = Double(region.rect.y) * 100 / Double(a.analyzed.height)
            let height = Double(region.rect.height) * 100 / Double(a.analyzed.height)
            let measure = region[title.text]
            let scrim = Scrim(under: title.text)
            let rgb = scrim == .black ? "0,0,0" : "255,255,255"
            let scrimPercent = String(format: "%.0f", (measure.scrimOpacity * 100).rounded(.up))
            over = """
                <div class="card photo" style="height:\(320 * a.analyzed.height / max(1, a.analyzed.width))px;\
                background-image:url(\(image))">\
                <div class="region" style="top:\(String(format: "%.2f", top))%;\
                height:\(String(format: "%.2f", height))%;\
                background:rgba(\(rgb),\(String(format: "%.2f", measure.scrimOpacity)))">\
                <span class="title" style="color:\(title.color.hex)">Title over the picture</span></div></div>\
                <p class="note">\(region.area) region, \(title.text.rawValue) text: worst 5% \
                \(String(format: "%.2f", measure.worstContrast)):1, \
                \(String(format: "%.0f", measure.shareUnder4_5 * 100))% of pixels under 4.5:1; \
                \(measure.scrimOpacity == 0 ? "no scrim needed" : "\(scrim.rawValue) scrim \(scrimPercent)%")</p>
                """
        }
        let warning = title.warning.map { "<p class=\"warning\">\(Self.escape($0))</p>" } ?? ""
        return """
            <section class="entry">
            <h2><bdi>\(Self.escape(SourceDisplay.name(a.source ?? "data")))</bdi></h2>
            <p class="meta">\(a.format.rawValue) \(a.width)×\(a.height), analysed at \
            \(a.analyzed.width)×\(a.analyzed.height)</p>
            <div class="row"><img class="thumb" alt="thumbnail" src="\(image)">\
            <div class="roles">\(swatches)</div></div>
            \(palette(a))
            <h3>Dark card</h3>
            <div class="row"><div class="roles">\(Self.swatches(dark, attribute: "data-dark-role"))</div></div>
            <div class="cards">
            \(Self.card(a.card(for: .light), label: "Light: \(title.text.rawValue) title", appearance: .light))
            \(Self.card(dark, label: "Dark: \(dark.title.text.rawValue) title", appearance: .dark))
            \(over)
            </div>
            \(placeholders(a))
            \(comparison.map(compared) ?? "")
            <p class="note">title \(title.text.rawValue) \(title.color.hex): brightness \
            \(String(format: "%.1f", title.brightness)), contrast \(String(format: "%.2f", title.contrastRatio)):1</p>
            \(warning)
            </section>

            """
    }

    /// The four colours of a card as swatches with hex codes, ratios and how each was chosen;
    /// `attribute` names the role on each swatch (the browser test finds `data-role` and
    /// `data-dark-role` swatches).
    static func swatches(_ a: CardColors, attribute: String) -> String {
        let roles: [(String, RGBColor, Bool, RoleReport?)] = [
            ("background", a.background, false, a.roleReports.background),
            ("primary", a.primary, a.fallback.contains(.primary), a.roleReports.primary),
            ("secondary", a.secondary, a.fallback.contains(.secondary), a.roleReports.secondary),
            ("detail", a.detail, a.fallback.contains(.detail), a.roleReports.detail),
        ]
        var swatches = ""
        for (name, color, fellBack, report) in roles {
            let ratio =
                name == "background" ? "" : String(format: "%.2f:1", Contrast.contrastRatio(color, a.background))
            var note = fellBack ? " <i>fallback</i>" : ""
            if let adjustment = report?.adjustment {
                note +=
                    "<br><small>adjusted from <code>\(adjustment.original.hex)</code>, "
                    + "ΔL \(String(format: "%+.2f", adjustment.deltaL))</small>"
            }
            swatches +=
                "<div class=\"role\"><div class=\"swatch\" \(attribute)=\"\(name)\" style=\"background:\(color.hex)\">"
                + "</div><div><b>\(name)</b><br><code>\(color.hex)</code> \(ratio)\(note)</div></div>"
        }
        return swatches
    }

    /// A sample card: the title and the three roles over the background.
    static func card(_ a: CardColors, label: String, appearance: CardAppearance) -> String {
        "<div class=\"card\" data-appearance=\"\(appearance.rawValue)\" style=\"background:\(a.background.hex)\">"
            + "<span class=\"title\" style=\"color:\(a.title.color.hex)\">\(escape(label))</span>"
            + "<span class=\"body\" style=\"color:\(a.primary.hex)\">Primary</span> "
            + "<span class=\"body\" style=\"color:\(a.secondary.hex)\">Secondary</span> "
            + "<span class=\"body\" style=\"color:\(a.detail.hex)\">Detail</span></div>"
    }

    /// The same image by the other scheme: its swatches and card.
    private func compared(_ other: ColorAnalysis) -> String {
        let scheme = other.scheme?.rawValue ?? "other"
        let swatches = Self.swatches(other.card(for: .light), attribute: "data-compare-role")
        let card = Self.card(other.card(for: .light), label: "Title, \(scheme)", appearance: .light)
        return """
            <h3>\(scheme) scheme</h3>
            <div class="row compare"><div class="roles">\(swatches)</div>\(card)</div>
            """
    }

    /// The long side of the drawn placeholders, in CSS pixels.
    static let placeholderSide = 160

    /// The placeholders drawn as a page would show them while the image loads, at
    /// ``placeholderSide`` and shown at their own size (no resampling by the browser): the
    /// ThumbHash by its reference decoder (with alpha, at the hash's own aspect ratio), the
    /// BlurHash at the image's aspect ratio; both PNG data URIs, with their strings.
    private func placeholders(_ a: ColorAnalysis) -> String {
        guard let placeholder = a.placeholder else { return "" }
        var figures: [String] = []
        if let hash = placeholder.thumbHash, let image = Self.thumbHashImage(placeholder),
            let png = try? image.pngData()
        {
            figures.append(Self.figure(kind: "thumbhash", label: "ThumbHash", hash: hash, png: png, image: image))
        }
        if let hash = placeholder.blurHash, let image = Self.blurHashImage(placeholder, analyzed: a.analyzed),
            let png = try? image.pngData()
        {
            figures.append(Self.figure(kind: "blurhash", label: "BlurHash", hash: hash, png: png, image: image))
        }
        return "<div class=\"row placeholders\">" + figures.joined() + "</div>"
    }

    /// The ThumbHash as the page draws it.
    static func thumbHashImage(_ placeholder: Placeholders) -> RGBAImage? {
        placeholder.thumbHashData.flatMap { try? ThumbHash.image(from: $0, longSide: placeholderSide) }
    }

    /// The BlurHash as the page draws it: `placeholderSide` across the long side of the image.
    static func blurHashImage(_ placeholder: Placeholders, analyzed: ColorAnalysis.Size) -> RGBAImage? {
        guard let hash = placeholder.blurHash else { return nil }
        let long = max(1, analyzed.width, analyzed.height)
        return try? BlurHash.image(
            from: hash, width: max(1, placeholderSide * analyzed.width / long),
            height: max(1, placeholderSide * analyzed.height / long))
    }

    private static func figure(kind: String, label: String, hash: String, png: Data, image: RGBAImage) -> String {
        "<figure><img class=\"placeholder\" data-placeholder=\"\(kind)\" alt=\"\(label)\" "
            + "width=\"\(image.width)\" height=\"\(image.height)\" "
            + "src=\"data:image/png;base64,\(png.base64EncodedString())\">"
            + "<figcaption>\(label) <code>\(escape(hash))</code></figcaption></figure>"
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
        let legend = palette.map { "<code>\($0.color.hex)</code> \(String(format: "%.1f%%", $0.share * 100))" }.joined(
            separator: " · ")
        return "<div class=\"palette\">\(strip)</div>\n<p class=\"note\">palette: \(legend)</p>"
    }

    /// `text` for the page: control and bidirectional formatting characters written out as
    /// `\u{202E}` (``SourceDisplay/escapingControlCharacters(_:)``), so a name cannot reorder
    /// what follows it, and `&`, `<`, `>` and `"` as entities.
    static func escape(_ text: String) -> String {
        SourceDisplay.escapingControlCharacters(text).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(
            of: "<", with: "&lt;"
        )
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
        .card{width:320px;height:180px;border-radius:8px;padding:16px;box-sizing:border-box;position:relative;\
        overflow:hidden}
        .card .title{display:block;font-size:22px;font-weight:700;margin-bottom:8px}\
        .card .body{font-size:15px;font-weight:600}
        .photo{padding:0;background-size:100% 100%}\
        .region{position:absolute;left:0;right:0;display:flex;align-items:center;padding:0 16px}
        .compare{align-items:center}.placeholders figure{margin:0}\
        .placeholders figcaption{font-size:12px;color:#555;word-break:break-all;width:160px}
        .placeholder{display:block}h3{font-size:15px;margin:16px 0 4px}.warning{color:#a40000}\
        .error code{background:#fee;padding:2px 4px}
        """
}
