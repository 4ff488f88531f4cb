import Foundation
import ImageColors
import Testing

@Suite("Contrast report")
struct ContrastReportTests {
    private static let grey777 = RGBColor(hex: "#777777")!

    @Test("Given #777777 on white, when reported, then every measure agrees with its Contrast function")
    func measuresAgree() {
        let report = ContrastReport(foreground: Self.grey777, background: .white)
        #expect(report.brightnessDifference == Contrast.brightnessDifference(Self.grey777, .white))
        #expect(report.colorDifference == 408)
        #expect(report.aert.brightnessDifference && !report.aert.colorDifference)
        #expect(report.contrastRatio == Contrast.contrastRatio(Self.grey777, .white))
        #expect(report.wcag == WCAGLevels(contrastRatio: report.contrastRatio))
        #expect(report.apcaLc == Contrast.apcaContrast(text: Self.grey777, background: .white))
        #expect(report.scrim.black == Contrast.scrimOpacity(.black, text: Self.grey777, background: .white))
        #expect(report.scrim.white == nil)
    }

    @Test("Given a report, when encoded, then the impossible scrim is left out and opacities are rounded up")
    func encodesScrimsRoundedUp() throws {
        let json = try JSONEncoder().encode(ContrastReport(foreground: .white, background: Self.grey777))
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let scrim = try #require(object["scrim"] as? [String: Double])
        // The exact opacity is about 0.005: rounded to nearest it could print 0.00, which is not enough.
        #expect(scrim == ["target": 4.5, "black": 0.01])
    }

    @Test("Given a report, when encoded, decoded and encoded again, then the bytes are the same")
    func roundTrips() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let first = try encoder.encode(
            ContrastReport(foreground: RGBColor(hex: "#c8a15e")!, background: RGBColor(hex: "#1d2b3a")!))
        let decoded = try JSONDecoder().decode(ContrastReport.self, from: first)
        #expect(try encoder.encode(decoded) == first)
        #expect(decoded.foreground == RGBColor(hex: "#c8a15e")!)
    }
}
