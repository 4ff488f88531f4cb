import Foundation
import ImageColorsRemote

/// How a source is named in what people read: stderr and the text report.
///
/// A URL loses its user info, query and fragment there (signed URLs and basic-auth URLs carry
/// secrets in them, and stderr ends up in logs), and control characters in any name are
/// escaped so a file called `\e[2J…` cannot drive the terminal or forge a line (nor one with
/// U+202E reverse what follows it). The JSON
/// `source` keeps the input exactly as given, so results can be joined back to their inputs.
enum SourceDisplay {
    /// Whether a source is a URL rather than a path.
    static func isURL(_ source: String) -> Bool {
        let lowered = source.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    /// `source` for messages: a URL redacted, control characters escaped.
    static func name(_ source: String) -> String {
        if isURL(source), let url = URL(string: source) {
            return escapingControlCharacters(url.displayString)
        }
        return escapingControlCharacters(source)
    }

    /// `text` with C0 and C1 control characters, DEL and the bidirectional formatting
    /// characters (U+202A–202E, U+2066–2069, which reorder the rest of a line on screen)
    /// written as `\u{1B}`.
    static func escapingControlCharacters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
            || (0x2066...0x2069).contains(scalar.value)
    }
}
