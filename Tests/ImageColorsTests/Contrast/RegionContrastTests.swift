import ImageColors
import Testing

@Suite("Region contrast")
struct RegionContrastTests {
    private static let whole = TitleRegion.custom(x: 0, y: 0, width: 1, height: 1)

    /// A `width`×1 image of opaque greys, one per pixel.
    private static func greys(_ values: [UInt8]) -> RGBAImage {
        RGBAImage(width: values.count, height: 1, pixels: values.flatMap { [$0, $0, $0, 255] })
    }

    private static func grey(_ value: UInt8) -> RGBColor { RGBColor(red: value, green: value, blue: value) }

    @Test("Given 19 black pixels and one #777777, when measured, then white text's worst pixel is the grey at 4.48:1")
    func knownWorstPixel() throws {
        // Given: under 20 pixels the 5th percentile is the single worst pixel
        let image = Self.greys(Array(repeating: 0, count: 12) + [0x77] + Array(repeating: 0, count: 7))
        // When
        let region = try RegionContrast(image: image, area: Self.whole, background: .black)
        // Then
        #expect(region.light.worstContrast == Contrast.contrastRatio(.white, Self.grey(0x77)))
        #expect(region.light.shareUnder4_5 == 0.05)
        #expect(region.light.shareUnder3 == 0)
        // 19 of 20 pixels already reach 4.5:1, which is the 95 % asked for.
        #expect(region.light.scrimOpacity == 0)
    }

    @Test(
        """
        Given 90 black and ten light greys, when measured, then the 5th percentile is the 5th brightest grey (nearest \
        rank)
        """
    )
    func nearestRankPercentile() throws {
        let image = Self.greys(Array(repeating: 0, count: 45) + Array(200...209) + Array(repeating: 0, count: 45))
        let region = try RegionContrast(image: image, area: Self.whole, background: .black)
        // ⌈5 % · 100⌉ = 5: the 5th lowest ratio for white text is on the 5th brightest pixel, 205.
        #expect(region.light.worstContrast == Contrast.contrastRatio(.white, Self.grey(205)))
        #expect(region.light.shareUnder4_5 == 0.1)
        #expect(region.light.shareUnder3 == 0.1)
        // For black text the 5th darkest pixel is black: 1:1, and 90 % of pixels are under 3:1.
        #expect(region.dark.worstContrast == 1)
        #expect(region.dark.shareUnder4_5 == 0.9)
        #expect(region.dark.shareUnder3 == 0.9)
    }

    @Test(
        "Given 90 black and ten light greys, when the scrims are found, then they lift exactly the 95th pixel to 4.5:1")
    func scrimLiftsTheNinetyFifthPixel() throws {
        let image = Self.greys(Array(repeating: 0, count: 45) + Array(200...209) + Array(repeating: 0, count: 45))
        let region = try RegionContrast(image: image, area: Self.whole, background: .black)
        // 95 of 100 must pass: all 90 blacks and the five darkest greys (200–204) for white text,
        // so the scrim is the one grey 204 needs; for black text, five blacks must be lifted.
        #expect(region.light.scrimOpacity == Contrast.scrimOpacity(.black, text: .white, background: Self.grey(204)))
        #expect(region.dark.scrimOpacity == Contrast.scrimOpacity(.white, text: .black, background: .black))
    }

    @Test(
        """
        Given a photo-like image, when the scrim is applied to every pixel and re-measured, then 95 % reach 4.5:1 and \
        a little less scrim leaves fewer
        """
    )
    func scrimVerifiedByCompositing() throws {
        let image = Self.noise(width: 40, height: 30, seed: 7)
        let region = try RegionContrast(image: image, area: .bottom, background: .black)
        let rect = region.rect
        for text in TitleText.allCases {
            let alpha = region[text].scrimOpacity
            #expect(alpha > 0.01)
            let reaching = { (opacity: Double) -> Int in
                var count = 0
                for y in rect.y..<(rect.y + rect.height) {
                    for x in rect.x..<(rect.x + rect.width) {
                        let p = image[x, y]
                        let under = Contrast.composite(
                            Scrim(under: text).color, opacity: opacity,
                            over: RGBColor(red: p.red, green: p.green, blue: p.blue))
                        if Contrast.contrastRatio(text.color, under) >= 4.5 { count += 1 }
                    }
                }
                return count
            }
            let needed = (95 * rect.area + 99) / 100
            #expect(reaching(alpha) >= needed, "\(text)")
            #expect(reaching(alpha - 0.001) < needed, "\(text)")
        }
    }

    @Test(
        """
        Given a photo-like image, when measured, then the worst contrast and shares equal a sort of every \
        pixel's ratio
        """
    )
    func matchesSorting() throws {
        let image = Self.noise(width: 57, height: 43, seed: 3)
        let region = try RegionContrast(image: image, area: .center, background: .black)
        let rect = region.rect
        for text in TitleText.allCases {
            var ratios: [Double] = []
            for y in rect.y..<(rect.y + rect.height) {
                for x in rect.x..<(rect.x + rect.width) {
                    let p = image[x, y]
                    ratios.append(
                        Contrast.contrastRatio(text.color, RGBColor(red: p.red, green: p.green, blue: p.blue)))
                }
            }
            ratios.sort()
            let rank = (5 * ratios.count + 99) / 100
            #expect(region[text].worstContrast == ratios[rank - 1], "\(text)")
            #expect(
                region[text].shareUnder4_5 == Double(ratios.count(where: { $0 < 4.5 })) / Double(ratios.count),
                "\(text)")
            #expect(
                region[text].shareUnder3 == Double(ratios.count(where: { $0 < 3 })) / Double(ratios.count), "\(text)")
        }
    }

    @Test(
        "Given an image white on top and black below, when each third is measured, then each sees only its own pixels")
    func regionsSeeTheirOwnPixels() throws {
        var image = RGBAImage(width: 6, height: 9, filledWith: .white)
        for y in 3..<9 { for x in 0..<6 { image[x, y] = (0, 0, 0, 255) } }
        let top = try RegionContrast(image: image, area: .top, background: .white)
        let bottom = try RegionContrast(image: image, area: .bottom, background: .white)
        #expect(top.rect == PixelRect(x: 0, y: 0, width: 6, height: 3))
        #expect(top.light.worstContrast == 1 && top.dark.worstContrast == 21)
        #expect(bottom.light.worstContrast == 21 && bottom.dark.worstContrast == 1)
        #expect(bottom.dark.scrimOpacity > 0 && bottom.light.scrimOpacity == 0)
    }

    @Test("Given a fully transparent image, when measured, then the text is measured on the card's background")
    func transparentPixelsShowTheBackground() throws {
        let background = RGBColor(hex: "#1d2b3a")!
        let image = RGBAImage(width: 5, height: 5, filledWith: .white, alpha: 0)
        let region = try RegionContrast(image: image, area: .top, background: background)
        #expect(region.light.worstContrast == Contrast.contrastRatio(.white, background))
        #expect(region.dark.worstContrast == Contrast.contrastRatio(.black, background))
    }

    @Test("Given white at alpha 128 over a black card, when measured, then the pixel counts as grey 128")
    func halfTransparentPixelsAreComposited() throws {
        let image = RGBAImage(width: 3, height: 3, filledWith: .white, alpha: 128)
        let region = try RegionContrast(image: image, area: .center, background: .black)
        #expect(region.dark.worstContrast == Contrast.contrastRatio(.black, Self.grey(128)))
    }

    @Test("Given an empty image, when measured, then it fails with empty-image")
    func emptyImageFails() {
        #expect(throws: TitleRegionError.emptyImage) {
            try RegionContrast(image: RGBAImage(width: 0, height: 0, pixels: []), area: .top, background: .black)
        }
    }

    @Test("Given the same image twice, when measured, then the results are identical")
    func deterministic() throws {
        let image = Self.noise(width: 31, height: 17, seed: 11)
        let first = try RegionContrast(image: image, area: .bottom, background: .white)
        let second = try RegionContrast(image: image, area: .bottom, background: .white)
        #expect(first == second)
    }

    /// Deterministic pseudo-random colours (a 64-bit LCG): both texts have dark and light pixels to fight.
    static func noise(width: Int, height: Int, seed: UInt64) -> RGBAImage {
        var state = seed
        var pixels: [UInt8] = []
        for _ in 0..<(width * height) {
            for _ in 0..<3 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                pixels.append(UInt8(truncatingIfNeeded: state >> 56))
            }
            pixels.append(255)
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
