import Foundation
import TestSupport
import Testing

/// `imagecolors contrast`, run as a user runs it.
@Suite("imagecolors contrast")
struct ContrastCommandTests {
    @Test("Given #777777 on white, when measured as JSON, then every measure is there with the known values")
    func jsonForGreyOnWhite() async throws {
        let output = try await CLI.run(["contrast", "--format", "json", "777777", "#ffffff"])
        #expect(output.status == 0)
        #expect(output.lines.count == 1)
        let object = try CLI.object(output.lines[0])
        #expect(object["foreground"] as? String == "#777777")
        #expect(object["background"] as? String == "#ffffff")
        #expect(object["brightnessDifference"] as? Double == 136)
        #expect(object["colorDifference"] as? Int == 408)
        #expect(object["aert"] as? [String: Bool] == ["brightnessDifference": true, "colorDifference": false])
        #expect(object["contrastRatio"] as? Double == 4.48)
        #expect(object["wcag"] as? [String: Bool] == ["aa": false, "aaLarge": true, "aaa": false, "aaaLarge": false])
        let lc = try #require(object["apcaLc"] as? Double)
        #expect(lc > 60 && lc < 80)
        // A black scrim can darken the white past the grey; a white one cannot change white.
        let scrim = try #require(object["scrim"] as? [String: Double])
        #expect(scrim["target"] == 4.5)
        #expect((scrim["black"] ?? 0) > 0.9)
        #expect(scrim["white"] == nil)
        #expect(output.stderr.isEmpty)
    }

    @Test("Given black on white, when measured as text, then it shows 21:1, every level passing and no scrim needed")
    func textForBlackOnWhite() async throws {
        let output = try await CLI.run(["contrast", "#000000", "#FFFFFF"])
        #expect(output.status == 0)
        #expect(output.lines.first == "#000000 on #ffffff")
        #expect(output.stdout.contains("21.00:1  (AA pass, AA large pass, AAA pass, AAA large pass)"))
        #expect(output.stdout.contains("APCA Lc"))
        #expect(output.stdout.contains("none needed"))
    }

    @Test(
        "Given white on #777777, when measured as text, then the scrim line gives a black opacity and says white cannot"
    )
    func textScrimLine() async throws {
        let output = try await CLI.run(["contrast", "ffffff", "777777"])
        let line = try #require(output.lines.first { $0.contains("scrim for 4.5:1") })
        #expect(line.hasSuffix("black 1%, white cannot reach it"))
    }

    @Test(
        "Given a bad colour, when run, then it is a usage error naming the value",
        arguments: [
            ["contrast", "#12345", "ffffff"], ["contrast", "ffffff", "red"],
        ])
    func badHex(arguments: [String]) async throws {
        let output = try await CLI.run(arguments)
        #expect(output.status == 64)
        #expect(output.stdout.isEmpty)
        let bad = arguments[1] == "ffffff" ? arguments[2] : arguments[1]
        #expect(output.stderr.contains("\"\(bad)\" is not a colour"))
    }
}
