import Foundation
import ImageColors
import ImageColorsRemote

/// Encodes results and failures as single JSON lines: ``ResultJSON``, which `imagecolors serve`
/// answers with too, so both give the same bytes.
enum JSONLines {
    static func line(for value: some Encodable) throws -> String {
        try ResultJSON.line(for: value)
    }

    /// A result line, with `"cache"` (how `--cache` served it) when there is a cache.
    typealias CachedResult = ResultJSON.CachedResult
}
