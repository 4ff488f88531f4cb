import ImageColors
import ImageColorsRemote

/// The JSON lines the CLI prints: results and failures through ``JSONLineWriter``, byte for
/// byte what ``ResultJSON`` (which `imagecolors serve` answers with) gives for the same values;
/// anything else through ``ResultJSON`` itself.
enum JSONLines {
    /// `value` through ``ResultJSON`` (`JSONEncoder`): for the lines that are not results.
    /// - Throws: `EncodingError` from `JSONEncoder`.
    static func line(for value: some Encodable) throws -> String {
        try ResultJSON.line(for: value)
    }

    /// A result line, with `"cache"` (how `--cache` served it) when there is a cache, and
    /// `"thumbnailError"` (`{"code", "message"}`) when the colours were found but the
    /// thumbnail asked for could not be written.
    /// - Throws: `EncodingError` for a number that is not finite, as `JSONEncoder` would.
    static func result(
        _ analysis: ColorAnalysis, cache: CacheStatus?, thumbnailError: SourceFailure.Details?
    ) throws -> String {
        var writer = JSONLineWriter()
        try writer.result(analysis, cache: cache, thumbnailError: thumbnailError)
        return writer.text
    }

    /// A failure line: `{"error":{"code","message"},"source"}`.
    static func failure(_ failure: SourceFailure) -> String {
        var writer = JSONLineWriter(capacity: 256)
        writer.failure(failure)
        return writer.text
    }
}
