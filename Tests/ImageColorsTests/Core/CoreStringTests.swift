import Foundation
import Testing

@testable import ImageColorsCore

/// The core's small replacements for Foundation's string API (it uses FoundationEssentials only),
/// against Foundation itself.
@Suite("Core: string helpers match Foundation")
struct CoreStringTests {
    @Test(
        "trimmingSpaces trims as trimmingCharacters(in: .whitespaces) does",
        arguments: ["", "  ", " 30 MB ", "\t0,0.6,1,0.4\t", "a b", " \u{00A0}top\u{2003}", "\nbottom\n", "x\n "])
    func trimming(text: String) {
        // Given a text with spaces, tabs or line breaks around it
        // When trimmed by the core and by Foundation
        // Then both give the same text
        #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces))
    }

    @Test("formatted(decimals: 2) prints contrast ratios as %.2f does")
    func twoDecimals() {
        // Given ratios from 1 to 21 in steps of 0.0007, and a few edges
        let values = stride(from: 1.0, through: 21.0, by: 0.0007).map { $0 } + [0, 0.004, 0.005, 0.995, 2.675, 20.999]
        // When each is printed both ways, then they agree
        let differing = values.filter { $0.formatted(decimals: 2) != String(format: "%.2f", $0) }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    @Test(
        "a limit's duration reads in whole seconds, milliseconds or tenths of a second",
        arguments: [
            (Duration.seconds(10), "10 s"), (.zero, "0 s"), (.milliseconds(2500), "2.5 s"),
            (.milliseconds(1250), "1.3 s"), (.milliseconds(250), "250 ms"), (.milliseconds(1), "1 ms"),
            (.seconds(86_400), "86400 s"),
        ])
    func durations(duration: Duration, expected: String) {
        // Given a limit; when it is shown in a message; then it reads as a person would write it
        #expect(duration.displayString == expected)
    }
}
