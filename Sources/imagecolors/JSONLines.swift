import Foundation
import ImageColors
import ImageColorsRemote

/// Encodes results and failures as single JSON lines: ``ResultJSON``, which `imagecolors serve`
/// answers with too, so both give the same bytes.
enum JSONLines {
    static func line(for value: some Encodable) throws -> String {
        try ResultJSON.line(for: value)
    }

    /// A result line, with `"cache"` (how `--cache` served it) when there is a cache, and
    /// `"thumbnailError"` (`{"code", "message"}`) when the colours were found but the
    /// thumbnail asked for could not be written.
    struct CachedResult: Encodable {
        var analysis: ColorAnalysis
        var cache: CacheStatus?
        var thumbnailError: SourceFailure.Details?

        private enum Key: String, CodingKey {
            case cache, thumbnailError
        }

        func encode(to encoder: any Encoder) throws {
            // The analysis' own keys and these, in one object.
            try analysis.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encodeIfPresent(cache, forKey: .cache)
            try container.encodeIfPresent(thumbnailError, forKey: .thumbnailError)
        }
    }
}
