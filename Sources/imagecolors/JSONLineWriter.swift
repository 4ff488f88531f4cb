/// Writes a JSON line by hand, byte for byte as ``ResultJSON``'s `JSONEncoder` writes the same
/// value (sorted keys, slashes unescaped, no spaces), without `JSONEncoder`.
///
/// `JSONEncoder` spent about half the instructions of `analyze --format json` on a small image,
/// most of them in the Swift runtime's protocol-conformance look-ups (issue 43). The writer is
/// held to it by property tests (JSONLineWriterTests).
///
/// Members are written in the order given: callers list an object's keys sorted by their UTF-8
/// bytes, as `JSONEncoder`'s `.sortedKeys` does on Linux. A member whose value is `nil` is left
/// out, as `encodeIfPresent` leaves it out.
struct JSONLineWriter {
    /// The UTF-8 text written so far.
    private(set) var bytes: [UInt8] = []
    /// Whether the innermost object has no member yet, so the next one needs no comma.
    private var isFirstMember = true

    /// Creates an empty writer.
    /// - Parameter capacity: Bytes to reserve; default 1,536, more than a result line with
    ///   both appearances and a palette of 8 takes.
    init(capacity: Int = 1536) {
        bytes.reserveCapacity(capacity)
    }

    /// The text written, as a `String`.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    // MARK: Containers

    /// Writes an object whose members `members` writes (each through a `member` or ``key(_:)``).
    /// - Parameter members: Writes the members, keys in sorted order.
    mutating func object(_ members: (inout JSONLineWriter) throws -> Void) rethrows {
        bytes.append(UInt8(ascii: "{"))
        let outer = isFirstMember
        isFirstMember = true
        try members(&self)
        isFirstMember = outer
        bytes.append(UInt8(ascii: "}"))
    }

    /// Writes an array, each element by `element`.
    /// - Parameters:
    ///   - elements: The elements.
    ///   - element: Writes one element's value.
    mutating func array<Element>(
        _ elements: some Sequence<Element>, _ element: (inout JSONLineWriter, Element) throws -> Void
    ) rethrows {
        bytes.append(UInt8(ascii: "["))
        var first = true
        for value in elements {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            try element(&self, value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Starts a member of the innermost object: a comma when it is not the first, the key and a
    /// colon. The value is written next.
    /// - Parameter name: The key: ASCII letters, digits and `_`, which need no escaping.
    mutating func key(_ name: StaticString) {
        if !isFirstMember { bytes.append(UInt8(ascii: ",")) }
        isFirstMember = false
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    // MARK: Values

    /// Writes a string, escaped as `JSONEncoder` escapes it: `"` and `\`, the control characters
    /// (`\b \f \n \r \t`, the others as `\u00xx` in lower-case hex), nothing else (`/`, DEL and
    /// non-ASCII characters are written as they are, in UTF-8).
    /// - Parameter value: The string.
    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
            case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x00...0x1F:
                bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")]
                hexByte(byte)
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes an integer in decimal.
    /// - Parameter value: The integer.
    mutating func number(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Writes a finite number as `JSONEncoder` does: Swift's shortest round-trip `description`,
    /// without a trailing `.0` (`2`, `0.5`, `1e-05`, `-0`).
    /// - Parameter value: The number.
    /// - Throws: `EncodingError.invalidValue` for NaN and the infinities, which JSON cannot
    ///   express (`JSONEncoder` throws for them too).
    mutating func number(_ value: Double) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(codingPath: [], debugDescription: "Unable to encode \(value) directly in JSON."))
        }
        let digits = value.description.utf8
        // `description` is ASCII: this is `hasSuffix(".0")` without Unicode comparison.
        if digits.count >= 2, digits.last == UInt8(ascii: "0"),
            digits[digits.index(digits.endIndex, offsetBy: -2)] == UInt8(ascii: ".")
        {
            bytes.append(contentsOf: digits.dropLast(2))
        } else {
            bytes.append(contentsOf: digits)
        }
    }

    /// Writes `true` or `false`.
    /// - Parameter value: The Boolean.
    mutating func bool(_ value: Bool) {
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// Writes one byte as it is: ASCII that needs no escaping where it stands (a quote that opens
    /// or closes a string, a `#`).
    mutating func ascii(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// Writes a byte as two lower-case hexadecimal digits.
    mutating func hexByte(_ byte: UInt8) {
        func digit(_ nibble: UInt8) -> UInt8 {
            nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
        }
        bytes.append(digit(byte >> 4))
        bytes.append(digit(byte & 0xF))
    }

    // MARK: Members (left out when `nil`)

    /// Writes `"name":"value"` unless `value` is `nil`.
    mutating func member(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    /// Writes an enumeration's raw string unless `value` is `nil`.
    mutating func member<Value: RawRepresentable<String>>(_ name: StaticString, _ value: Value?) {
        member(name, value?.rawValue)
    }

    /// Writes `"name":integer` unless `value` is `nil`.
    mutating func member(_ name: StaticString, _ value: Int?) {
        guard let value else { return }
        key(name)
        number(value)
    }

    /// Writes `"name":number` unless `value` is `nil`.
    /// - Throws: As ``number(_:)-(Double)``.
    mutating func member(_ name: StaticString, _ value: Double?) throws {
        guard let value else { return }
        key(name)
        try number(value)
    }

    /// Writes `"name":true` or `false` unless `value` is `nil`.
    mutating func member(_ name: StaticString, _ value: Bool?) {
        guard let value else { return }
        key(name)
        bool(value)
    }

    /// Writes `"name":` and the value `write` writes, unless `value` is `nil`.
    mutating func member<Value>(
        _ name: StaticString, _ value: Value?, _ write: (inout JSONLineWriter, Value) throws -> Void
    ) rethrows {
        guard let value else { return }
        key(name)
        try write(&self, value)
    }
}
