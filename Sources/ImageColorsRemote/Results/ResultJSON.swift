import Foundation
import ImageColors

/// The JSON of the CLI's `--format json` and of the service: one object per result or failure,
/// keys sorted, slashes unescaped, so the same result is always the same bytes.
///
/// The CLI prints each as a line; `imagecolors serve` answers with the same bytes, so a backend
/// gets the same colours from either.
public enum ResultJSON {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        // Sorted keys: the same result always prints byte for byte the same line.
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// `value` as one JSON object, without a line break.
    /// - Parameter value: A `ColorAnalysis`, a ``CachedResult`` or a failure line.
    /// - Returns: The UTF-8 bytes.
    /// - Throws: `EncodingError` from `JSONEncoder` (a non-finite number).
    public static func data(for value: some Encodable) throws -> Data {
        try encoder.encode(value)
    }

    /// `value` as one JSON line's text (without the line break).
    /// - Parameter value: As ``data(for:)``.
    /// - Throws: As ``data(for:)``.
    public static func line(for value: some Encodable) throws -> String {
        String(decoding: try data(for: value), as: UTF8.self)
    }

    /// A result with `"cache"` (how a cache served it) when there is a cache.
    public struct CachedResult: Encodable, Sendable {
        /// The colours.
        public var analysis: ColorAnalysis
        /// How the cache served them; `nil` to leave the key out.
        public var cache: CacheStatus?

        /// Creates the line's value.
        /// - Parameters:
        ///   - analysis: The colours.
        ///   - cache: Default `nil` (no `cache` key).
        public init(analysis: ColorAnalysis, cache: CacheStatus? = nil) {
            self.analysis = analysis
            self.cache = cache
        }

        private enum Key: String, CodingKey {
            case cache
        }

        /// Writes the analysis' own keys and `cache` in one object.
        public func encode(to encoder: any Encoder) throws {
            try analysis.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encodeIfPresent(cache, forKey: .cache)
        }
    }
}
