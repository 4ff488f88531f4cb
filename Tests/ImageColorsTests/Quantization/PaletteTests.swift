import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

private func hex(_ text: String) -> RGBColor { RGBColor(hex: text)! }

@Suite("Palette")
struct PaletteTests {
    let quantizer = Quantizer()

    @Test("Given a solid image, when a palette of 5 is asked for, then it has one colour, exact, with share 1")
    func solid() {
        let palette = quantizer.quantize(paintedImage(40, 40, hex("#3366cc")), paletteSize: 5).palette
        #expect(palette == [PaletteColor(color: hex("#3366cc"), share: 1)])
    }

    @Test(
        """
        Given stripes 60% navy and 40% orange, when a palette of 2 is asked for, then both come back with their \
        shares, largest first
        """
    )
    func twoColourStripes() {
        let image = paintedImage(100, 100, hex("#1d2b3a"), [(0, 60, 100, 100, hex("#f5a623"))])
        let palette = quantizer.quantize(image, paletteSize: 2).palette
        #expect(
            palette == [
                PaletteColor(color: hex("#1d2b3a"), share: 0.6), PaletteColor(color: hex("#f5a623"), share: 0.4),
            ])
    }

    @Test(
        """
        Given a grey gradient with a small red patch (2%), when a palette of 3 is asked for, then the red is kept, \
        not averaged away
        """
    )
    func smallAccentSurvives() throws {
        var image = paintedImage(100, 100, .white)
        for y in 0..<100 {
            for x in 0..<100 {
                let v = UInt8(60 + x) // a grey ramp across 100 values
                image[x, y] = (v, v, v, 255)
            }
        }
        for y in 0..<20 { for x in 0..<10 { image[x, y] = (200, 30, 30, 255) } }
        let palette = quantizer.quantize(image, paletteSize: 3).palette
        let red = try #require(palette.first { ColorDistance.deltaE($0.color, hex("#c81e1e")) < 0.02 })
        #expect(red.share == 0.02)
    }

    @Test(
        """
        Given a noisy photo, when palettes of 1 to 12 are asked for, then each has at most N colours, by descending \
        share, summing to 1
        """,
        arguments: [1, 2, 5, 8, 12])
    func shapeOnAPhoto(size: Int) async throws {
        let (image, _) = try ImageColorAnalyzer().downscaledImage(
            .file(TestFiles.samples.appendingPathComponent("rocket.jpg").path))
        let palette = quantizer.quantize(image, paletteSize: size).palette
        #expect(palette.count == size)
        #expect(zip(palette, palette.dropFirst()).allSatisfy { $0.share >= $1.share })
        #expect(abs(palette.map(\.share).reduce(0, +) - 1) <= 0.00005 * Double(size))
        #expect(Set(palette.map(\.color)).count == palette.count)
    }

    @Test("Given an image with 3 colours, when a palette of 8 is asked for, then only the 3 come back")
    func fewerColoursThanAsked() {
        let image = paintedImage(
            30, 30, hex("#102030"), [(0, 0, 10, 30, hex("#a0b0c0")), (10, 0, 20, 30, hex("#e05030"))])
        #expect(quantizer.quantize(image, paletteSize: 8).palette.count == 3)
    }

    @Test(
        """
        Given a transparent image with an opaque logo, when a palette is asked for, then the transparent area adds no \
        black
        """
    )
    func transparencyIsNotBlack() {
        let image = paintedImage(60, 60, .black, alpha: 0, [(20, 20, 40, 40, hex("#c0392b"))])
        #expect(quantizer.quantize(image, paletteSize: 4).palette == [PaletteColor(color: hex("#c0392b"), share: 1)])
    }

    @Test("Given no opaque pixel, when a palette is asked for, then it is empty")
    func nothingOpaque() {
        #expect(quantizer.quantize(paintedImage(10, 10, .white, alpha: 0), paletteSize: 4).palette.isEmpty)
    }

    @Test("Given no palette size, when quantized, then no palette is computed")
    func noPaletteByDefault() {
        #expect(quantizer.quantize(paintedImage(10, 10, .white)).palette.isEmpty)
    }
}
