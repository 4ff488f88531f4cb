import ArgumentParser
import Foundation

/// Where `--thumbnail TEMPLATE` writes each source's thumbnail: `{name}` is the source's file
/// name without extension (for a URL, the last path component, without query or fragment),
/// made safe for a file name; `{index}` is its position from 1.
struct ThumbnailPaths {
    /// One path per source, in source order.
    let paths: [String]

    /// Plans every path before any work.
    /// - Throws: `ValidationError` when several sources would write one file: without `{name}`
    ///   or `{index}` for several sources, or two sources with the same `{name}` (use `{index}`).
    init(template: String, sources: [String]) throws {
        if sources.count > 1, !template.contains("{name}"), !template.contains("{index}") {
            throw ValidationError(
                "--thumbnail \(template): with \(sources.count) sources, put {name} or {index} in the path")
        }
        paths = sources.indices.map { Self.path(template, source: sources[$0], index: $0) }
        var first: [String: Int] = [:]
        for (index, path) in paths.enumerated() {
            if let earlier = first[path] {
                throw ValidationError(
                    """
                    --thumbnail \(template): \(sources[earlier]) and \(sources[index]) would both write \(path); use \
                    {index} in the path
                    """
                )
            }
            first[path] = index
        }
    }

    /// Where source number `index` (from 0) writes its thumbnail.
    static func path(_ template: String, source: String, index: Int) -> String {
        template.replacingOccurrences(of: "{name}", with: name(of: source))
            .replacingOccurrences(of: "{index}", with: String(index + 1))
    }

    /// `{name}` for a source: `photos/cat.jpg` → `cat`, `https://cdn/img/cat.jpg?w=2#x` → `cat`;
    /// characters other than letters, digits, `.`, `-` and `_` become `_`; `image` when empty.
    static func name(of source: String) -> String {
        let lastComponent: String
        if let url = URL(string: source), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            lastComponent = url.path.split(separator: "/").last.map(String.init) ?? ""
        } else {
            lastComponent = (source as NSString).lastPathComponent
        }
        let stem = (lastComponent as NSString).deletingPathExtension
        let safe = String(
            stem.unicodeScalars.map { scalar -> Character in
                let allowed =
                    CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII
                    || "._-".unicodeScalars.contains(scalar)
                return allowed ? Character(scalar) : "_"
            })
        // A name of dots only would make "." or ".." (a directory, or a hidden file).
        return safe.allSatisfy({ $0 == "." }) ? "image" : safe
    }
}
