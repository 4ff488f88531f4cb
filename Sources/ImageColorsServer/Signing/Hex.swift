import Crypto
import Foundation

extension Sequence<UInt8> {
    /// The bytes as lowercase hexadecimal, two digits each.
    var lowercaseHex: String { map { String(format: "%02x", $0) }.joined() }
}

extension Data {
    /// The SHA-256 of the bytes, as 64 lowercase hexadecimal digits (an upload's flight key, a
    /// batch's `body-sha256`).
    var sha256Hex: String { SHA256.hash(data: self).lowercaseHex }
}
