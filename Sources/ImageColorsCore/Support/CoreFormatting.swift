extension StringProtocol {
    /// The text without the spaces and tabs around it (line breaks are kept, as Foundation's
    /// `trimmingCharacters(in: .whitespaces)` keeps them); the core avoids Foundation's
    /// character sets, which FoundationEssentials does not have.
    package func trimmingSpaces() -> String {
        let isSpace = { (character: Character) in character.isWhitespace && !character.isNewline }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}

extension Double {
    /// The value with exactly `digits` decimals (0…9), rounded as `%.Nf` rounds: by the exact
    /// binary value, ties to even. For the messages' contrast ratios ("2.95").
    package func formatted(decimals digits: Int) -> String {
        let scale = (0..<min(9, max(0, digits))).reduce(1.0) { value, _ in value * 10 }
        let magnitude = abs(self)
        var units = (magnitude * scale).rounded(.down)
        // Whether the exact value is above, at or below the half-way point, from one fused
        // multiply-add (exact, then rounded once: its sign is right), so that 1.105, stored as
        // 1.10499999…, rounds down and 0.005, stored as 0.00500000…01, rounds up, as printf does.
        let aboveHalf = (-(units + 0.5)).addingProduct(magnitude, scale)
        if aboveHalf > 0 || (aboveHalf == 0 && units.truncatingRemainder(dividingBy: 2) == 1) { units += 1 }
        let whole = Int(units / scale)
        let fraction = Int(units - Double(whole) * scale)
        let sign = self < 0 && units > 0 ? "-" : ""
        guard scale > 1 else { return "\(sign)\(whole)" }
        let text = String(fraction)
        let padded = String(repeating: "0", count: max(0, String(Int(scale)).count - 1 - text.count)) + text
        return "\(sign)\(whole).\(padded)"
    }
}

extension Duration {
    /// "10 s", "1.5 s", "250 ms": how limits read in messages. Whole seconds as such, under a
    /// second in milliseconds, otherwise seconds to a tenth (rounded half up); a decode timeout
    /// of 2.5 s must not read "2 s".
    package var displayString: String {
        let (seconds, attoseconds) = components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        let tenths = (milliseconds + 50) / 100
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
