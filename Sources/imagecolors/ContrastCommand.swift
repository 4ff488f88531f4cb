import ArgumentParser
import Foundation
import ImageColors

/// `imagecolors contrast FOREGROUND BACKGROUND`: every measure of a text colour on a background.
struct ContrastCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contrast",
        abstract: "Measure a text colour on a background: AERT differences, WCAG ratio and levels, APCA Lc, scrim.",
        discussion: """
            Colours are six hex digits, with or without '#' (quote it in a shell: '#1d2b3a'). \
            The scrim is the least opacity of a black or white overlay laid over the background, \
            under the text, that brings the text to 4.5:1 (composited in 8-bit sRGB, as a browser does).
            """
    )

    /// Output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: ArgumentHelp("The text colour, e.g. 777777 or '#777777'.", valueName: "foreground"))
    var foreground: String

    @Argument(help: ArgumentHelp("The background colour.", valueName: "background"))
    var background: String

    @Option(help: "text for people, json for scripts (one object).")
    var format: Format = .text

    func validate() throws {
        _ = try Self.color(foreground, role: "foreground")
        _ = try Self.color(background, role: "background")
    }

    func run() throws {
        let report = ContrastReport(
            foreground: try Self.color(foreground, role: "foreground"),
            background: try Self.color(background, role: "background"))
        switch format {
        case .json: try StandardStreams.printLine(JSONLines.line(for: report))
        case .text: try StandardStreams.printLine(Self.render(report))
        }
    }

    /// Parses a colour, or says which argument was wrong and what it should look like.
    static func color(_ text: String, role: String) throws -> RGBColor {
        guard let color = RGBColor(hex: text) else {
            throw ValidationError(
                "\(role) \"\(text)\" is not a colour: expected six hex digits, like 1d2b3a or '#1d2b3a'")
        }
        return color
    }

    /// The text form: one measure per line, each with its verdict.
    static func render(_ r: ContrastReport) -> String {
        func verdict(_ passes: Bool) -> String { passes ? "pass" : "fail" }
        let levels = r.wcag.all.map { "\($0.name) \(verdict($0.passes))" }.joined(separator: ", ")
        let rows: [(String, String)] = [
            (
                "brightness difference",
                String(
                    format: "%.1f  (AERT at least 125: %@)",
                    r.brightnessDifference, verdict(r.aert.brightnessDifference))
            ),
            ("colour difference", "\(r.colorDifference)  (AERT at least 500: \(verdict(r.aert.colorDifference)))"),
            ("WCAG contrast", String(format: "%.2f:1  (%@)", r.contrastRatio, levels)),
            ("APCA Lc", String(format: "%.1f", r.apcaLc)),
            ("scrim for " + String(format: "%g", r.scrim.target) + ":1", scrimText(r.scrim)),
        ]
        let width = rows.map(\.0.count).max() ?? 0
        let lines = rows.map { "  " + $0.0 + String(repeating: " ", count: width - $0.0.count + 2) + $0.1 }
        return (["\(r.foreground.hex) on \(r.background.hex)"] + lines).joined(separator: "\n")
    }

    /// "none needed", or each scrim's opacity (rounded up, so it is enough) or "cannot".
    private static func scrimText(_ scrim: ContrastReport.Scrims) -> String {
        if scrim.black == 0 || scrim.white == 0 { return "none needed" }
        func opacity(_ value: Double?) -> String {
            value.map { String(format: "%.0f%%", ($0 * 100 - 1e-9).rounded(.up)) } ?? "cannot reach it"
        }
        return "black \(opacity(scrim.black)), white \(opacity(scrim.white))"
    }
}
