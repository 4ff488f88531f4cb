import Foundation
import ImageColors
import Testing

@Suite("Title choice")
struct TitleChoiceTests {
    @Test("Given a background of brightness exactly 125, when the title is chosen, then it is light")
    func brightness125IsLight() {
        let choice = TitleChoice(background: RGBColor(red: 125, green: 125, blue: 125))
        #expect(choice.text == .light)
        #expect(choice.color == .white)
        #expect(choice.brightness == 125)
    }

    @Test("Given a background of brightness 126, when the title is chosen, then it is dark")
    func brightness126IsDark() {
        let choice = TitleChoice(background: RGBColor(red: 126, green: 126, blue: 126))
        #expect(choice.text == .dark)
        #expect(choice.color == .black)
    }

    @Test("Given a custom threshold, when a background of brightness 150 is judged, then the threshold decides")
    func customThreshold() {
        let background = RGBColor(red: 150, green: 150, blue: 150)
        #expect(TitleChoice(background: background).text == .dark)
        #expect(TitleChoice(background: background, brightnessThreshold: 150).text == .light)
    }

    @Test("Given a background, when the title is chosen, then it reports the WCAG ratio of its colour on it")
    func reportsTheRatioOfTheChosenColour() {
        let background = RGBColor(hex: "#1d2b3a")!
        let choice = TitleChoice(background: background)
        #expect(choice.contrastRatio == Contrast.contrastRatio(.white, background))
        #expect(choice.brightness == 40.524)
    }

    @Test("Given a choice, when encoded, then the JSON has the contract's four keys, rounded, plus rule and candidates")
    func encodesTheContractKeysRounded() throws {
        let choice = TitleChoice(background: RGBColor(hex: "#1d2b3a")!)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(choice)) as? [String: Any]
        let object = try #require(json)
        // No warning (white reaches 3:1 here) and no region (none was measured): nil keys are left out.
        #expect(Set(object.keys) == ["text", "color", "brightness", "contrastRatio", "rule", "candidates"])
        #expect(object["text"] as? String == "light")
        #expect(object["color"] as? String == "#ffffff")
        #expect(object["brightness"] as? Double == 40.5)
        let expectedRatio = (Contrast.contrastRatio(.white, RGBColor(hex: "#1d2b3a")!) * 100).rounded() / 100
        #expect(object["contrastRatio"] as? Double == expectedRatio)
        // The struct itself keeps full precision.
        #expect(choice.brightness == 40.524)
    }

    @Test("Given encoded JSON, when decoded and encoded again, then the bytes are the same")
    func roundTrips() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let first = try encoder.encode(TitleChoice(background: RGBColor(hex: "#c8a15e")!))
        let decoded = try JSONDecoder().decode(TitleChoice.self, from: first)
        #expect(try encoder.encode(decoded) == first)
        #expect(decoded.text == .dark)
        #expect(decoded.brightness == (Contrast.brightness(RGBColor(hex: "#c8a15e")!) * 10).rounded() / 10)
    }

    @Test("Given the contract's example JSON, when decoded, then every field is read")
    func decodesTheContractExample() throws {
        let json = ##"{"text":"light","color":"#ffffff","brightness":38.6,"contrastRatio":14.2}"##
        let choice = try JSONDecoder().decode(TitleChoice.self, from: Data(json.utf8))
        #expect(choice == TitleChoice(text: .light, color: .white, brightness: 38.6, contrastRatio: 14.2))
    }
}
