/// BlurHash's base-83 digits.
package enum Base83 {
    package static let alphabet = Array(
        "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~")
    package static let values: [Character: Int] = Dictionary(
        uniqueKeysWithValues: alphabet.enumerated().map { ($1, $0) })

    /// `value` as `length` digits, most significant first (higher digits dropped), appended
    /// to `text`.
    package static func append(_ value: Int, length: Int, to text: inout String) {
        var divisor = 1
        for _ in 1..<max(length, 1) { divisor *= 83 }
        for _ in 0..<length {
            text.append(alphabet[(value / divisor) % 83])
            divisor /= 83
        }
    }

    /// The number the digits spell, or `nil` when one is not a base-83 digit.
    package static func decode(_ digits: ArraySlice<Character>) -> Int? {
        var value = 0
        for digit in digits {
            guard let v = values[digit] else { return nil }
            value = value * 83 + v
        }
        return value
    }
}
