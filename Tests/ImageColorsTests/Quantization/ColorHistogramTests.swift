import ImageColors
import Testing

@Suite("Colour histogram")
struct ColorHistogramTests {
    @Test("Given three pixels in one bin, when counted, then the bin reports their mean, not its corner")
    func binReportsTheMean() {
        var image = RGBAImage(width: 3, height: 1, filledWith: .black)
        image[0, 0] = (8, 16, 24, 255)
        image[1, 0] = (10, 18, 30, 255)
        image[2, 0] = (9, 17, 25, 255)
        let histogram = ColorHistogram(image: image)
        let bins = histogram.bins()
        #expect(bins.count == 1)
        #expect(bins.first?.count == 3)
        // Mean (9, 17, 26.33) rounds to (9, 17, 26); the corner would be (8, 16, 24).
        #expect(bins.first?.meanColor == RGBColor(red: 9, green: 17, blue: 26))
    }

    @Test("Given alpha 127 and 128, when counted, then only the pixel at 128 counts")
    func alphaBelow128IsIgnored() {
        var image = paintedImage(4, 4, RGBColor(red: 200, green: 0, blue: 0), alpha: 127)
        image[1, 1] = (0, 200, 0, 128)
        let histogram = ColorHistogram(image: image)
        #expect(histogram.pixelCount == 1)
        #expect(histogram.bins().map(\.meanColor) == [RGBColor(red: 0, green: 200, blue: 0)])
    }

    @Test("Given a fully transparent image, when counted, then black holds nothing")
    func transparentIsNotBlack() {
        let histogram = ColorHistogram(image: RGBAImage(width: 8, height: 8, filledWith: .black, alpha: 0))
        #expect(histogram.pixelCount == 0)
        #expect(histogram.count(ofBin: histogram.binIndex(of: .black)) == 0)
        #expect(histogram.mostCommonBin == nil)
        #expect(histogram.bins().isEmpty)
    }

    @Test(
        """
        Given a 40×40 frame 2 px wide round another colour, when the border is counted, then only the frame counts, \
        corners once
        """
    )
    func borderCountsTheBandOnly() {
        let frame = RGBColor(hex: "#f2e3c4")!
        let inside = RGBColor(hex: "#1d2b3a")!
        let image = paintedImage(40, 40, frame, [(2, 2, 38, 38, inside)])
        #expect(ColorHistogram.borderThickness(width: 40, height: 40) == 2)
        let border = ColorHistogram(image: image, region: .border)
        #expect(border.pixelCount == 40 * 40 - 36 * 36)
        #expect(border.bins().map(\.meanColor) == [frame])
        let whole = ColorHistogram(image: image, region: .whole)
        #expect(whole.pixelCount == 1600)
        #expect(whole.bins().map(\.meanColor) == [inside, frame])
    }

    @Test(
        "Given sizes, when the band thickness is computed, then it is 5% of the short side, at least 1",
        arguments: [(250, 167, 8), (40, 40, 2), (10, 10, 1), (1, 1, 1), (1000, 19, 1)])
    func borderThickness(_ width: Int, _ height: Int, _ expected: Int) {
        #expect(ColorHistogram.borderThickness(width: width, height: height) == expected)
    }

    @Test("Given an image thinner than two bands, when the border is counted, then every pixel counts once")
    func thinImageBorderIsWholeImage() {
        let image = paintedImage(3, 1, .white)
        #expect(ColorHistogram(image: image, region: .border).pixelCount == 3)
        #expect(ColorHistogram(image: paintedImage(25, 2, .white), region: .border).pixelCount == 50)
    }

    @Test("Given colours of different counts and a tie, when listed, then most common first and ties by bin index")
    func listingOrder() {
        let red = RGBColor(red: 200, green: 0, blue: 0)
        let blue = RGBColor(red: 0, green: 0, blue: 200)
        let green = RGBColor(red: 0, green: 200, blue: 0)
        // 4×4: 8 green, 4 red (left), 4 blue (right): red and blue tie.
        let image = paintedImage(4, 4, green, [(0, 0, 2, 2, red), (2, 0, 4, 2, blue)])
        let histogram = ColorHistogram(image: image)
        let bins = histogram.bins()
        #expect(bins.map(\.count) == [8, 4, 4])
        #expect(bins.map(\.meanColor) == [green, blue, red]) // blue's index (r = 0) < red's
        #expect(bins[1].index < bins[2].index)
        #expect(histogram.mostCommonBin?.meanColor == green)
    }

    @Test("Given a minimum count, when listed, then smaller bins are left out")
    func minimumCountFilters() {
        let image = paintedImage(4, 4, .white, [(0, 0, 1, 3, .black)])
        #expect(ColorHistogram(image: image).bins(minimumCount: 4).map(\.meanColor) == [.white])
        #expect(ColorHistogram(image: image).bins(minimumCount: 3).count == 2)
    }

    @Test("Given 3 bits per channel, when counted, then there are 512 bins and means stay exact")
    func bitsAreAParameter() {
        var image = RGBAImage(width: 2, height: 1, filledWith: .black)
        image[0, 0] = (0, 0, 0, 255)
        image[1, 0] = (31, 31, 31, 255)
        let histogram = ColorHistogram(image: image, bitsPerChannel: 3)
        #expect(histogram.binCount == 512)
        #expect(histogram.occupiedBinCount == 1)
        #expect(histogram.bins().first?.meanColor == RGBColor(red: 16, green: 16, blue: 16))
    }

    @Test("Given a histogram of the border, when recounted over the whole image, then it equals a fresh count")
    func recountMatchesAFreshCount() {
        let image = paintedImage(40, 40, .white, [(2, 2, 38, 38, RGBColor(hex: "#1d2b3a")!), (5, 5, 9, 9, .black)])
        var histogram = ColorHistogram(image: image, region: .border)
        histogram.recount(image, region: .whole)
        let fresh = ColorHistogram(image: image, region: .whole)
        #expect(histogram.region == .whole)
        #expect(histogram.pixelCount == fresh.pixelCount)
        #expect(histogram.bins() == fresh.bins())
    }

    @Test("Given an empty image, when counted, then nothing is counted")
    func emptyImage() {
        let histogram = ColorHistogram(image: RGBAImage(width: 0, height: 0, pixels: []), region: .border)
        #expect(histogram.pixelCount == 0)
        #expect(histogram.occupiedBinCount == 0)
    }
}
