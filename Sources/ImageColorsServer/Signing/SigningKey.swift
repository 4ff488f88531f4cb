import Foundation

/// One key and salt of `--signing-key HEX --signing-salt HEX`: a request signed with any of the
/// configured pairs is accepted, so a new pair can be added before the old one is retired.
public struct SigningKey: Sendable, Hashable {
    /// The HMAC key's bytes.
    public var key: [UInt8]
    /// The bytes put before the signed text.
    public var salt: [UInt8]

    /// Creates a pair from bytes.
    /// - Parameters:
    ///   - key: The HMAC-SHA256 key.
    ///   - salt: The salt.
    public init(key: [UInt8], salt: [UInt8]) {
        self.key = key
        self.salt = salt
    }

    /// Creates a pair from hexadecimal text, or `nil` when either is not hex (an even number of
    /// digits) or the key is empty.
    /// - Parameters:
    ///   - keyHex: The key, such as `943b421c9eb07c83`.
    ///   - saltHex: The salt; may be empty.
    public init?(keyHex: String, saltHex: String) {
        guard let key = Self.bytes(hex: keyHex), !key.isEmpty, let salt = Self.bytes(hex: saltHex) else { return nil }
        self.init(key: key, salt: salt)
    }

    /// The bytes `hex` spells, or `nil`.
    static func bytes(hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = value(of: digits[index]), let low = value(of: digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
