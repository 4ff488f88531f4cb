import Foundation
import TestSupport
import Testing

@testable import ImageColors

/// Damaged copies of the APNG fixtures.
enum APNGFixtures {
    /// A fixture's path.
    static func path(_ name: String) -> String { WebGIFFixtures.path(name) }

    /// Runs `body` with the path of a temporary file holding `data`, removed afterwards: a file is
    /// read in place, where bytes in memory are reserved whole.
    static func withFile<R>(_ data: Data, _ body: (String) async throws -> R) async throws -> R {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-apng-\(UUID()).png").path
        try data.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try await body(path)
    }

    /// The PNG at `path` with a chunk of `type` and `body` inserted after its `occurrence`-th chunk
    /// of type `after` (from 0), its CRC wrong when `badCRC`.
    static func inserting(
        _ type: String, _ body: [UInt8], after: String, occurrence: Int = 0, badCRC: Bool = false, in path: String
    ) throws -> Data {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var offset = 8
        var seen = 0
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            offset += 12 + length
            if String(decoding: bytes[offset - 8 - length..<offset - 4 - length], as: UTF8.self) == after {
                if seen == occurrence { break }
                seen += 1
            }
        }
        var inserted = chunk(type, body)
        if badCRC { inserted[inserted.count - 1] ^= 1 }
        bytes.insert(contentsOf: inserted, at: offset)
        return Data(bytes)
    }

    /// A chunk of `type` holding `body`: its length, type, data and CRC.
    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        var chunk = bigEndian(body.count) + Array(type.utf8) + body
        chunk += bigEndian(Int(PNGCRC.checksum(chunk[4...])))
        return chunk
    }

    /// The 4 bytes of `value`, most significant first.
    static func bigEndian(_ value: Int) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
    }

    /// `name`'s bytes with the `occurrence`-th chunk of `type` changed by `change` (its data), its
    /// CRC computed anew unless `keepCRC`.
    static func rewriting(
        _ name: String, _ type: String, occurrence: Int = 0, keepCRC: Bool = false, _ change: (inout [UInt8]) -> Void
    ) throws -> Data {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(name))))
        var offset = 8
        var seen = 0
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let kind = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            if kind == type {
                if seen == occurrence {
                    var body = Array(bytes[offset + 8..<offset + 8 + length])
                    let crc = Array(bytes[offset + 8 + length..<offset + 12 + length])
                    change(&body)
                    var replacement = (0..<4).map { UInt8(truncatingIfNeeded: body.count >> (24 - 8 * $0)) }
                    replacement += Array(type.utf8) + body
                    let fresh = PNGCRC.checksum(replacement[4...])
                    replacement +=
                        keepCRC ? crc : (0..<4).map { UInt8(truncatingIfNeeded: fresh >> (24 - 8 * UInt32($0))) }
                    bytes.replaceSubrange(offset..<offset + 12 + length, with: replacement)
                    return Data(bytes)
                }
                seen += 1
            }
            offset += 12 + length
        }
        throw ImageDecodingError.corrupt(.png, detail: "\(name) has no \(type) number \(occurrence + 1)")
    }
}
