import Testing

@testable import imagecolors

/// The text report's shares: a colour that is there never reads "0.0%".
@Suite("Text report: shares")
struct TextReportShareTests {
    @Test(
        "a share is a percentage with one decimal, two under 0.1%, and <0.01% below that",
        arguments: [
            (0.264, "26.4%"), (1.0, "100.0%"), (0.001, "0.1%"), (0.00095, "0.1%"), (0.0009, "0.09%"),
            (0.0003, "0.03%"), (0.00005, "0.01%"), (0.00004, "<0.01%"), (0, "0.0%"),
        ]
    )
    func percent(share: Double, expected: String) {
        // Given a role's share of the pixels, When it is printed, Then it reads as expected
        #expect(TextReport.percent(share) == expected)
    }
}
