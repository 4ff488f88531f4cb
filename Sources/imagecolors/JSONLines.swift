import Foundation
import ImageColors

/// Encodes results and failures as single JSON lines.
enum JSONLines {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        // Sorted keys: the same result always prints byte for byte the same line.
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static func line(for value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
