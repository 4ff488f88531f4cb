import Foundation

extension URL {
    /// The URL for messages and logs: scheme, host, port and path only. User info, query and
    /// fragment are dropped because signed URLs and basic-auth URLs carry secrets there.
    public var displayString: String {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: true) else { return "(URL)" }
        components.user = nil
        components.password = nil
        components.query = nil
        components.fragment = nil
        return components.string ?? "(URL)"
    }

    /// `text`, a URL that may not parse, for messages: as ``displayString``, cut textually. The
    /// user info (through the authority's last `@`), query and fragment are dropped, so a URL that
    /// was refused for its form still shows no password or token in a message or a report.
    /// - Parameter text: Any text given as a URL.
    /// - Returns: `text` without what may be secret in it.
    public static func displayString(ofText text: String) -> String {
        var shown = Substring(text)
        if let schemeEnd = shown.range(of: "://") {
            // The authority runs to the first "/": a "?" or "#" inside a malformed password must
            // not end it early and leave the password's start in view.
            let start = schemeEnd.upperBound
            let end = shown[start...].firstIndex(of: "/") ?? shown.endIndex
            if let at = shown[start..<end].lastIndex(of: "@") {
                shown = shown[..<start] + shown[shown.index(after: at)...]
            }
        }
        if let cut = shown.firstIndex(where: { $0 == "?" || $0 == "#" }) { shown = shown[..<cut] }
        return String(shown)
    }
}
