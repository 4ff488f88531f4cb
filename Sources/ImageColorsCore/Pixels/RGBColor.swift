/// An opaque sRGB colour with 8 bits per channel.
///
/// Encodes to and decodes from JSON as a `"#rrggbb"` string, the form the CLI prints.
public struct RGBColor: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Red, 0–255.
    public var red: UInt8
    /// Green, 0–255.
    public var green: UInt8
    /// Blue, 0–255.
    public var blue: UInt8

    /// Creates a colour from its three channels.
    /// - Parameters:
    ///   - red: Red, 0–255.
    ///   - green: Green, 0–255.
    ///   - blue: Blue, 0–255.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Pure white, `#ffffff`.
    public static let white = RGBColor(red: 255, green: 255, blue: 255)
    /// Pure black, `#000000`.
    public static let black = RGBColor(red: 0, green: 0, blue: 0)

    /// Parses `#rrggbb` or `rrggbb` (case-insensitive); `nil` for anything else.
    /// - Parameter hex: The colour as six hexadecimal digits, optionally after a `#`.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else {
            return nil
        }
        self.init(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xff), blue: UInt8(value & 0xff))
    }

    /// The colour as `#rrggbb`, lower-case.
    public var hex: String {
        let value = UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
        let digits = String(value, radix: 16)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }

    public var description: String { hex }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let color = RGBColor(hex: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected a colour as #rrggbb, got \"\(text)\"")
        }
        self = color
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}
