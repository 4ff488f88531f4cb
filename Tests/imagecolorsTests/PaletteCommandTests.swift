import Foundation
import ImageColors
import TestSupport
import Testing

/// `--palette`, `--backdrop` and the `roles` reports, as a script sees them.
@Suite("imagecolors analyze: palette, backdrop, role reports")
struct PaletteCommandTests {
    @Test("--palette 5 adds a palette key: 5 colours by descending share, shares summing to 1")
    func palette() async throws {
        let output = try await CLI.run(["analyze", "--format", "json", "--palette", "5", "Samples/coffee.png"])
        #expect(output.status == 0)
        let palette = try #require(try CLI.object(output.lines[0])["palette"] as? [[String: Any]])
        #expect(palette.count == 5)
        let shares = palette.compactMap { $0["share"] as? Double }
        #expect(shares == shares.sorted(by: >))
        #expect(abs(shares.reduce(0, +) - 1) < 0.001)
        #expect(palette.allSatisfy { ($0["color"] as? String)?.wholeMatch(of: /#[0-9a-f]{6}/) != nil })
    }

    @Test("without --palette there is no palette key")
    func noPalette() async throws {
        let output = try await CLI.run(["analyze", "--format", "json", "Samples/coffee.png"])
        #expect(try CLI.object(output.lines[0])["palette"] == nil)
    }

    @Test("the roles key says where each colour came from and its WCAG ratio on the background")
    func roleReports() async throws {
        let output = try await CLI.run(["analyze", "--format", "json", "Samples/horse.png"])
        let object = try CLI.object(output.lines[0])
        let roles = try #require(object["roles"] as? [String: [String: Any]])
        #expect(roles["background"]?["source"] as? String == "edges")
        let fallback = try #require(object["fallback"] as? [String])
        for role in ["primary", "secondary", "detail"] {
            let report = try #require(roles[role])
            #expect(report["source"] as? String == (fallback.contains(role) ? "fallback" : "image"))
            let ratio = try #require((report["contrastRatio"] as? NSNumber)?.doubleValue)
            #expect(ratio >= 3)
        }
    }

    @Test("text output shows the palette with shares and each role's origin")
    func text() async throws {
        let output = try await CLI.run(["analyze", "--palette", "3", "Samples/rocket.jpg"])
        #expect(output.lines.contains { $0.hasPrefix("  palette ") && $0.contains("%") })
        #expect(output.lines.contains { $0.hasPrefix("  background") && $0.contains("(edges, ") })
    }

    @Test("--backdrop composites transparency onto the colour before counting")
    func backdrop() async throws {
        // basn6a08 is a PngSuite RGBA gradient, fully transparent in one corner
        let file = CLI.corpus.appendingPathComponent("pngsuite/valid/basn6a08.png").path
        let plain = try CLI.object(try await CLI.run(["analyze", "--format", "json", file]).lines[0])
        let over = try CLI.object(
            try await CLI.run(["analyze", "--format", "json", "--backdrop", "#123456", file]).lines[0])
        #expect(plain["background"] as? String != over["background"] as? String)
        // The edge is the backdrop where the picture is transparent, blended with it elsewhere:
        // the background is the backdrop, give or take the shades averaged into it.
        let background = try #require((over["background"] as? String).flatMap(RGBColor.init(hex:)))
        #expect(ColorDistance.deltaE(background, RGBColor(hex: "#123456")!) < 0.02)
    }

    @Test(
        "bad --palette and --backdrop values exit with the usage status and say why",
        arguments: [
            (["--palette", "0"], "--palette must be between 1 and 64, not 0"),
            (["--palette", "65"], "--palette must be between 1 and 64, not 65"),
            (["--backdrop", "teal"], "--backdrop must be a colour like #1d2b3a, not teal"),
        ])
    func usageErrors(flag: [String], message: String) async throws {
        let output = try await CLI.run(["analyze"] + flag + ["Samples/rocket.jpg"])
        #expect(output.status == 64)
        #expect(output.stderr.contains(message))
    }
}
