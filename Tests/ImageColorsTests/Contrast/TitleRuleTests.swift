import Foundation
import ImageColors
import Testing

@Suite("Title rules")
struct TitleRuleTests {
    /// The example: brightness 124.971, just under the threshold, yet very light in WCAG terms.
    private static let green = RGBColor(red: 1, green: 212, blue: 2)

    @Test("Given rgb(1,212,2), when the brightness rule chooses, then it picks white at about 2.0:1 and warns")
    func brightnessRulePicksTheWeakerOnGreen() throws {
        let choice = TitleChoice(background: Self.green)
        #expect(choice.text == .light)
        #expect(abs(choice.contrastRatio - 2.02) < 0.01)
        let warning = try #require(choice.warning)
        #expect(warning == "light text has 2.02:1 here, under 3:1, where dark text would have 10.42:1")
    }

    @Test("Given rgb(1,212,2), when the WCAG rule chooses, then it picks black at about 10.4:1 and does not warn")
    func wcagRulePicksBlackOnGreen() {
        let choice = TitleChoice(background: Self.green, rule: .wcag)
        #expect(choice.text == .dark)
        #expect(choice.color == .black)
        #expect(abs(choice.contrastRatio - 10.42) < 0.01)
        #expect(choice.warning == nil)
        #expect(choice.rule == .wcag)
    }

    @Test("Given rgb(1,212,2), when the APCA rule chooses, then it picks black, the larger |Lc|")
    func apcaRulePicksBlackOnGreen() throws {
        let choice = TitleChoice(background: Self.green, rule: .apca)
        let candidates = try #require(choice.candidates)
        #expect(choice.text == .dark)
        #expect(abs(candidates.dark.apcaLc) > abs(candidates.light.apcaLc))
    }

    @Test(
        """
        Given the 125/126 boundary, when the brightness rule chooses, then 125 is light and 126 dark whatever the \
        default rule does elsewhere
        """
    )
    func brightnessBoundary() {
        let at125 = RGBColor(red: 125, green: 125, blue: 125)
        let at126 = RGBColor(red: 126, green: 126, blue: 126)
        #expect(TitleChoice(background: at125, rule: .brightness).text == .light)
        #expect(TitleChoice(background: at126, rule: .brightness).text == .dark)
        #expect(TitleChoice(background: at126, rule: .brightness, brightnessThreshold: 126).text == .light)
    }

    @Test("Given every grid background, when the WCAG rule chooses, then the title always reaches 4.5:1")
    func wcagRuleAlwaysReachesAA() {
        var lowest = 21.0
        for background in ScrimTests.grid {
            let choice = TitleChoice(background: background, rule: .wcag)
            lowest = min(lowest, choice.contrastRatio)
            #expect(choice.contrastRatio >= 4.5, "\(background)")
            #expect(choice.contrastRatio == Contrast.contrastRatio(choice.color, background))
        }
        // The best of black and white is never below √21 ≈ 4.58, where their ratios meet.
        #expect(lowest >= 21.0.squareRoot() - 1e-9)
    }

    @Test(
        """
        Given every grid background, when the brightness rule chooses, then about one in eight pick the weaker colour \
        and WCAG never does worse
        """
    )
    func brightnessRuleSometimesPicksTheWeaker() {
        var weaker = 0
        for background in ScrimTests.grid {
            let byBrightness = TitleChoice(background: background)
            let byWCAG = TitleChoice(background: background, rule: .wcag)
            #expect(byWCAG.contrastRatio >= byBrightness.contrastRatio, "\(background)")
            if byWCAG.text != byBrightness.text { weaker += 1 }
        }
        // 771 of 5832 (13 %) on this grid; about 12.8 % of all 8-bit colours.
        #expect(weaker > ScrimTests.grid.count / 10)
        #expect(weaker < ScrimTests.grid.count / 6)
    }

    @Test("Given a background, when the title is chosen, then both candidates carry their WCAG ratio and APCA Lc")
    func candidatesAreMeasured() throws {
        let background = RGBColor(hex: "#1d2b3a")!
        let candidates = try #require(TitleChoice(background: background).candidates)
        #expect(candidates.light.contrastRatio == Contrast.contrastRatio(.white, background))
        #expect(candidates.dark.contrastRatio == Contrast.contrastRatio(.black, background))
        #expect(candidates.light.apcaLc == Contrast.apcaContrast(text: .white, background: background))
        #expect(candidates.dark.apcaLc == Contrast.apcaContrast(text: .black, background: background))
        #expect(candidates.light.apcaLc < 0)
    }

    @Test("Given a mid grey where both texts reach 3:1, when the title is chosen, then there is no warning")
    func noWarningWhenBothReadable() {
        // #777777: white 4.48:1, black 4.69:1.
        #expect(TitleChoice(background: RGBColor(hex: "#777777")!).warning == nil)
    }

    @Test("Given the rule names, when parsed from their raw values, then they are brightness, wcag and apca")
    func ruleNames() {
        #expect(TitleRule.allCases.map(\.rawValue) == ["brightness", "wcag", "apca"])
        #expect(TitleRule.default == .brightness)
    }
}

@Suite("TitleChoice JSON")
struct TitleChoiceJSONTests {
    private static func object(_ choice: TitleChoice) throws -> [String: Any] {
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(choice)) as? [String: Any]
        return try #require(json)
    }

    @Test("Given a choice, when encoded, then rule and both candidates appear with ratios to 2 decimals and Lc to 1")
    func encodesRuleAndCandidates() throws {
        let object = try Self.object(TitleChoice(background: RGBColor(red: 1, green: 212, blue: 2), rule: .wcag))
        #expect(object["rule"] as? String == "wcag")
        let candidates = try #require(object["candidates"] as? [String: [String: Double]])
        #expect(candidates["light"]?["contrastRatio"] == 2.02)
        #expect(candidates["dark"]?["contrastRatio"] == 10.42)
        let lc = try #require(candidates["dark"]?["apcaLc"])
        #expect(lc == (lc * 10).rounded() / 10)
        #expect(object["warning"] == nil)
    }

    @Test("Given the brightness rule on rgb(1,212,2), when encoded, then the warning is in the JSON")
    func encodesTheWarning() throws {
        let object = try Self.object(TitleChoice(background: RGBColor(red: 1, green: 212, blue: 2)))
        #expect((object["warning"] as? String)?.hasPrefix("light text has 2.02:1") == true)
    }

    @Test(
        """
        Given a choice with a warning and a region, when encoded, decoded and encoded again, then the bytes are the \
        same
        """
    )
    func roundTripsEverything() throws {
        var choice = TitleChoice(background: RGBColor(red: 1, green: 212, blue: 2))
        let image = RGBAImage(width: 7, height: 9, filledWith: RGBColor(hex: "#777777")!)
        choice.region = try RegionContrast(image: image, area: .bottom, background: .black)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let first = try encoder.encode(choice)
        let decoded = try JSONDecoder().decode(TitleChoice.self, from: first)
        #expect(try encoder.encode(decoded) == first)
        #expect(decoded.region?.area == .bottom)
        #expect(decoded.warning == choice.warning)
    }

    @Test("Given a choice with a region, when encoded, then title.region has light and dark with the four measures")
    func encodesTheRegion() throws {
        var choice = TitleChoice(background: .black)
        choice.region = try RegionContrast(
            image: RGBAImage(width: 4, height: 3, filledWith: .black), area: .top, background: .black)
        let region = try #require(try Self.object(choice)["region"] as? [String: Any])
        #expect(region["area"] as? String == "top")
        for text in ["light", "dark"] {
            let measures = try #require(region[text] as? [String: Double], "\(text) missing")
            #expect(Set(measures.keys) == ["worstContrast", "shareUnder4_5", "shareUnder3", "scrimOpacity"])
        }
        #expect((region["light"] as? [String: Double])?["worstContrast"] == 21)
        #expect((region["dark"] as? [String: Double])?["shareUnder3"] == 1)
    }
}
