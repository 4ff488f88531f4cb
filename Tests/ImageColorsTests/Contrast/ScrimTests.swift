import ImageColors
import Testing

@Suite("Scrim")
struct ScrimTests {
    private static let grey777 = RGBColor(hex: "#777777")!

    /// Every 15th value per channel: 18³ = 5832 backgrounds, black and white included.
    static let grid: [RGBColor] = {
        let steps = Array(stride(from: 0, through: 255, by: 15)).map(UInt8.init)
        return steps.flatMap { r in steps.flatMap { g in steps.map { b in RGBColor(red: r, green: g, blue: b) } } }
    }()

    @Test("Given white at half opacity over black, when composited, then each channel is 128 (127.5 rounds up)")
    func compositeRoundsHalfUp() {
        #expect(Contrast.composite(.white, opacity: 0.5, over: .black) == RGBColor(red: 128, green: 128, blue: 128))
    }

    @Test("Given an overlay at opacity 0 and 1, when composited, then the background and the overlay come out")
    func compositeEnds() {
        let background = RGBColor(hex: "#1d2b3a")!
        #expect(Contrast.composite(.black, opacity: 0, over: background) == background)
        #expect(Contrast.composite(.black, opacity: 1, over: background) == .black)
        #expect(Contrast.composite(.white, opacity: 7, over: background) == .white)
    }

    @Test(
        """
        Given white text on #777777 (4.48:1), when the black scrim for 4.5:1 is found, then it reaches 4.5 and a hair \
        less does not
        """
    )
    func blackScrimIsLeastEnough() throws {
        let alpha = try #require(Contrast.scrimOpacity(.black, text: .white, background: Self.grey777))
        #expect(alpha > 0 && alpha < 0.05)
        let under = Contrast.composite(.black, opacity: alpha, over: Self.grey777)
        #expect(Contrast.contrastRatio(.white, under) >= 4.5)
        let less = Contrast.composite(.black, opacity: alpha - 1e-6, over: Self.grey777)
        #expect(Contrast.contrastRatio(.white, less) < 4.5)
    }

    @Test("Given a pair that already reaches the target, when the scrim is found, then it is 0")
    func noScrimNeeded() {
        #expect(Contrast.scrimOpacity(.black, text: .white, background: .black) == 0)
        #expect(Contrast.scrimOpacity(.white, text: .black, background: RGBColor(hex: "#c8a15e")!) == 0)
    }

    @Test("Given white text, when a white scrim is asked for, then it cannot help and the answer is nil")
    func impossibleScrimIsNil() {
        #expect(Contrast.scrimOpacity(.white, text: .white, background: Self.grey777) == nil)
    }

    @Test("Given #777777 text on white, when a black scrim is found, then it darkens the white past the grey to 4.5:1")
    func scrimCrossingTheText() throws {
        // The ratio first falls (the background nears the grey) then rises: only the far side passes.
        let alpha = try #require(Contrast.scrimOpacity(.black, text: Self.grey777, background: .white))
        #expect(alpha > 0.9)
        #expect(Contrast.contrastRatio(Self.grey777, Contrast.composite(.black, opacity: alpha, over: .white)) >= 4.5)
        #expect(
            Contrast.contrastRatio(Self.grey777, Contrast.composite(.black, opacity: alpha - 1e-6, over: .white)) < 4.5)
    }

    @Test(
        """
        Given any grid background, when the title's scrim is found, then compositing it and re-measuring reaches \
        4.5:1 and 0.001 less does not
        """
    )
    func scrimSweep() throws {
        var checked = 0
        for background in Self.grid {
            for text in TitleText.allCases {
                let scrim = Scrim(under: text)
                let alpha = try #require(Contrast.scrimOpacity(scrim, text: text.color, background: background))
                let ratio = Contrast.contrastRatio(
                    text.color, Contrast.composite(scrim.color, opacity: alpha, over: background))
                #expect(ratio >= 4.5, "\(text) on \(background)")
                if alpha > 0.001 {
                    let less = Contrast.composite(scrim.color, opacity: alpha - 0.001, over: background)
                    #expect(Contrast.contrastRatio(text.color, less) < 4.5, "\(text) on \(background)")
                    checked += 1
                }
            }
        }
        #expect(checked > 1000)
    }

    @Test("Given a target of 7, when the scrim is found, then it is denser than for 4.5")
    func higherTargetNeedsMore() throws {
        let forAA = try #require(Contrast.scrimOpacity(.black, text: .white, background: Self.grey777))
        let forAAA = try #require(Contrast.scrimOpacity(.black, text: .white, background: Self.grey777, target: 7))
        #expect(forAAA > forAA)
        #expect(Contrast.contrastRatio(.white, Contrast.composite(.black, opacity: forAAA, over: Self.grey777)) >= 7)
    }

    @Test("Given the text of a title, when its scrim is named, then light text gets black and dark text white")
    func scrimUnderText() {
        #expect(Scrim(under: .light) == .black)
        #expect(Scrim(under: .dark) == .white)
    }
}
