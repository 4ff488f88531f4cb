import Foundation
import ImageColors
import TestSupport
import Testing

/// `--appearance` and `--placeholder`, as a script and a person see them.
@Suite("imagecolors analyze: light and dark cards, placeholders")
struct AppearanceCommandTests {
    static let roleKeys = ["background", "primary", "secondary", "detail", "fallback", "roles", "title"]

    @Test(
        """
        Given no --appearance, when JSON is asked for, then appearances holds both cards and the top-level colours \
        stay the light one
        """
    )
    func jsonDefaultBoth() async throws {
        let object = try CLI.object(try await CLI.run(["analyze", "--format", "json", "Samples/coffee.png"]).lines[0])
        let appearances = try #require(object["appearances"] as? [String: [String: Any]])
        #expect(Set(appearances.keys) == ["light", "dark"])
        let light = try #require(appearances["light"])
        let dark = try #require(appearances["dark"])
        #expect(Set(light.keys) == Set(Self.roleKeys) && Set(dark.keys) == Set(Self.roleKeys))
        for key in ["background", "primary", "secondary", "detail"] {
            #expect(light[key] as? String == object[key] as? String, "\(key)")
        }
        #expect(dark["background"] as? String != object["background"] as? String)
        #expect((dark["title"] as? [String: Any])?["text"] as? String == "light")
    }

    @Test(
        "Given --appearance light or dark, when JSON is asked for, then appearances holds that card alone",
        arguments: ["light", "dark"])
    func jsonOne(appearance: String) async throws {
        let output = try await CLI.run([
            "analyze", "--format", "json", "--appearance", appearance, "Samples/rocket.jpg",
        ])
        #expect(output.status == 0)
        let appearances = try #require(try CLI.object(output.lines[0])["appearances"] as? [String: Any])
        #expect(Array(appearances.keys) == [appearance])
    }

    @Test("Given no --appearance, when text is asked for, then the light card alone is printed, as before")
    func textDefaultLight() async throws {
        let output = try await CLI.run(["analyze", "Samples/coffee.png"])
        #expect(output.lines.count == 6)
        #expect(!output.stdout.contains("dark"))
        #expect(output.lines[1] == "  background #b86533  (edges, 73.0% of the band)")
    }

    @Test("Given --appearance dark, when text is asked for, then the dark card is printed and the header says so")
    func textDark() async throws {
        let json = try CLI.object(try await CLI.run(["analyze", "--format", "json", "Samples/coffee.png"]).lines[0])
        let dark = try #require((json["appearances"] as? [String: [String: Any]])?["dark"])
        let output = try await CLI.run(["analyze", "--appearance", "dark", "Samples/coffee.png"])
        #expect(output.lines[0].hasSuffix(", dark card"))
        #expect(
            output.lines[1].hasPrefix(
                "  background \(try #require(dark["background"] as? String))  (dark tone of #b86533, ΔL −"))
        #expect(output.lines[2].hasPrefix("  primary    \(try #require(dark["primary"] as? String))"))
    }

    @Test("Given --appearance both, when text is asked for, then both cards are printed under their names")
    func textBoth() async throws {
        let output = try await CLI.run(["analyze", "--appearance", "both", "Samples/rocket.jpg"])
        #expect(output.lines[1] == "  light card")
        #expect(output.lines[7] == "  dark card")
        // rocket's background is already dark: the dark card keeps it.
        #expect(output.lines[2] == output.lines[8])
    }

    @Test(
        """
        Given --placeholder both, when JSON is asked for, then placeholder holds a ThumbHash and a 4×3 BlurHash, and \
        the colours are unchanged
        """
    )
    func placeholders() async throws {
        let plain = try CLI.object(try await CLI.run(["analyze", "--format", "json", "Samples/chelsea.png"]).lines[0])
        var object = try CLI.object(
            try await CLI.run(["analyze", "--format", "json", "--placeholder", "both", "Samples/chelsea.png"]).lines[0])
        let placeholder = try #require(object.removeValue(forKey: "placeholder") as? [String: String])
        let thumbHash = try #require(placeholder["thumbhash"])
        #expect(try #require(Data(base64Encoded: thumbHash)).count >= 20)
        #expect(placeholder["blurhash"]?.count == 28)
        object.removeValue(forKey: "memory")
        var expected = plain
        expected.removeValue(forKey: "memory")
        #expect((object as NSDictionary) == (expected as NSDictionary))
    }

    @Test(
        """
        Given --placeholder thumbhash, then only a ThumbHash; given --blurhash-components 5x2, then a BlurHash of 24 \
        characters
        """
    )
    func placeholderKinds() async throws {
        let thumb = try CLI.object(
            try await CLI.run(["analyze", "--format", "json", "--placeholder", "thumbhash", "Samples/horse.png"]).lines[
                0])
        #expect((thumb["placeholder"] as? [String: String]).map { Array($0.keys) } == ["thumbhash"])
        let blur = try CLI.object(
            try await CLI.run([
                "analyze", "--format", "json", "--placeholder", "blurhash",
                "--blurhash-components", "5x2", "Samples/horse.png",
            ]).lines[0])
        #expect((blur["placeholder"] as? [String: String])?["blurhash"]?.count == 24)
    }

    @Test("Given --placeholder both, when text is asked for, then a placeholder line ends the block")
    func placeholderText() async throws {
        let output = try await CLI.run(["analyze", "--placeholder", "both", "Samples/rocket.jpg"])
        let last = try #require(output.lines.last)
        #expect(last.hasPrefix("  placeholder thumbhash ") && last.contains(", blurhash "))
    }

    @Test(
        "Given BlurHash components outside 1–9 or not XxY, then a usage error names the range",
        arguments: ["10x3", "0x1", "4", "axb"])
    func badComponents(text: String) async throws {
        let output = try await CLI.run([
            "analyze", "--placeholder", "blurhash", "--blurhash-components", text, "Samples/rocket.jpg",
        ])
        #expect(output.status == 64)
        #expect(output.stderr.contains("--blurhash-components"))
        if text.contains("x"), Int(text.prefix(1)) != nil { #expect(output.stderr.contains("1 to 9")) }
    }
}
