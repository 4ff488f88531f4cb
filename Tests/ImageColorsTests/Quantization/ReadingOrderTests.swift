import Testing

@testable import ImageColorsCore

private func hex(_ text: String) -> RGBColor { RGBColor(hex: text)! }

/// The faithful roles' slots: hues before greys, each from the title's side of lightness.
@Suite("Faithful roles: reading order")
struct ReadingOrderTests {
    /// `roles` put in reading order on `background`.
    private func ordered(_ roles: [Quantizer.Choice], on background: RGBColor) -> [Quantizer.Choice] {
        var roles = roles
        Quantizer.putInReadingOrder(&roles, on: background)
        return roles
    }

    /// A role showing `color` as the image has it.
    private func role(_ color: String) -> Quantizer.Choice {
        Quantizer.Choice(color: hex(color), report: RoleReport(source: .image))
    }

    @Test("on a background that takes a light title, the lightest hue comes first, greys last")
    func darkBackground() {
        // Given a navy background and a blue, a grey and a yellow chosen in that order
        let chosen = [role("#29466b"), role("#d0d0d0"), role("#f9d35d")]
        // When they are put in reading order
        let result = ordered(chosen, on: hex("#091c34")).map(\.color)
        // Then the yellow (lighter) comes before the blue, and the grey, though lightest, after both
        #expect(result == [hex("#f9d35d"), hex("#29466b"), hex("#d0d0d0")])
    }

    @Test("on a background that takes a dark title, the darkest hue comes first")
    func lightBackground() {
        // Given a cream background and an orange, a maroon and a pale blue chosen in that order
        let chosen = [role("#e07b10"), role("#5a1020"), role("#9db8e8")]
        // When they are put in reading order
        let result = ordered(chosen, on: hex("#f5ecd8")).map(\.color)
        // Then from the darkest: the maroon, the orange, the pale blue
        #expect(result == [hex("#5a1020"), hex("#e07b10"), hex("#9db8e8")])
    }

    @Test("a toned role is placed by the image's own colour, not the toned one")
    func tonedByOriginal() {
        // Given a dark background, a dark red toned up to a light pink, and a mid green as it is
        let toned = Quantizer.Choice(
            color: hex("#ffb0b0"),
            report: RoleReport(
                source: .image, adjustment: .init(original: hex("#601010"), deltaL: 0.5)))
        let chosen = [toned, role("#40a040")]
        // When they are put in reading order
        let result = ordered(chosen, on: hex("#101010")).map(\.color)
        // Then the green (lighter in the image) comes first
        #expect(result == [hex("#40a040"), hex("#ffb0b0")])
    }

    @Test("roles of equal lightness keep the order they were chosen in")
    func tiesKeepOrder() {
        // Given two roles of one colour, told apart by their shares, chosen in either order
        let first = Quantizer.Choice(color: hex("#3366cc"), report: RoleReport(source: .image, share: 0.1))
        let second = Quantizer.Choice(color: hex("#3366cc"), report: RoleReport(source: .image, share: 0.2))
        // When they are put in reading order, Then each keeps the order it was chosen in
        #expect(ordered([first, second], on: .white).map(\.report.share) == [0.1, 0.2])
        #expect(ordered([second, first], on: .white).map(\.report.share) == [0.2, 0.1])
    }
}
