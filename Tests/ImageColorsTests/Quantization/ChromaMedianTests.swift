import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// The faithful roles' count at the chroma detail a re-encode keeps (issue 41).
@Suite("Chroma medians")
struct ChromaMedianTests {
    static let grey = RGBColor(hex: "#7a7f84")!
    static let red = RGBColor(hex: "#e0201c")!
    static let blue = RGBColor(hex: "#2040c0")!

    @Test(
        """
        Given a picture's size and the analysed size, \
        when the radius is asked for, then it is half of 7 picture pixels, at most 3
        """,
        arguments: [
            (250, 250, 3), (120, 120, 3), (120, 80, 2), (291, 250, 3), (292, 250, 2), (437, 250, 2), (438, 250, 1),
            (875, 250, 1), (876, 250, 0), (4000, 250, 0), (0, 250, 0), (250, 0, 0), (-5, 250, 0),
        ])
    func radius(source: Int, analysed: Int, expected: Int) {
        #expect(Quantizer.chromaMedianRadius(sourceLongSide: source, analysedLongSide: analysed) == expected)
    }

    @Test(
        """
        Given flat areas with straight edges, \
        when counted with chroma medians, then every table matches the plain count
        """,
        arguments: [(60, 40), (400, 400)])
    func straightEdgesKept(width: Int, height: Int) {
        // 400 × 400 is past the packed sums' pixel limit: both layouts are checked.
        // Three bands the full height: edges without corners, which a median rounds off.
        let image = paintedImage(
            width, height, Self.grey, [(0, 0, width / 3, height, Self.red), (width / 2, 0, width, height, Self.blue)])
        let plain = ColorHistogram(image: image, region: .whole, bitsPerChannel: 4)
        var medians = plain
        medians.recount(image, chromaMedianRadius: 3)
        #expect(medians.packedSums == plain.packedSums)
        #expect(medians.pixelCount == plain.pixelCount)
        #expect(medians.counts == plain.counts)
        #expect(medians.bins() == plain.bins())
    }

    @Test("Given a vivid 2×2 detail on grey, when counted with chroma medians, then it keeps its luma but not its hue")
    func smallDetailLosesChroma() {
        let image = paintedImage(40, 40, Self.grey, [(20, 20, 22, 22, Self.red)])
        var histogram = ColorHistogram(image: image, region: .whole, bitsPerChannel: 4)
        #expect(histogram.count(ofBin: histogram.binIndex(of: Self.red)) == 4)
        histogram.recount(image, chromaMedianRadius: 1)
        #expect(histogram.pixelCount == 1600)
        #expect(histogram.count(ofBin: histogram.binIndex(of: Self.red)) == 0)
        // The four pixels take the grey's chroma at their own luma: a darker grey, not the grey.
        let bins = histogram.bins()
        #expect(bins.count == 2)
        let detail = bins.first { $0.count == 4 }
        #expect(detail.map { OKLCh(OKLab($0.meanColor)).chroma < 0.04 } == true)
        let luma = detail.map {
            ColorHistogram.luma(Int($0.meanColor.red), Int($0.meanColor.green), Int($0.meanColor.blue))
        }
        let redLuma = ColorHistogram.luma(Int(Self.red.red), Int(Self.red.green), Int(Self.red.blue))
        #expect(luma.map { abs($0 - redLuma) <= 1 } == true)
    }

    @Test(
        """
        Given transparent pixels of another colour round a patch, \
        when counted with chroma medians, then they neither count nor vote
        """
    )
    func transparentPixelsDoNotVote() {
        // A 3×3 red patch, the rest transparent green: the patch's squares hold only red.
        var image = RGBAImage(width: 20, height: 20, filledWith: RGBColor(red: 0, green: 255, blue: 0), alpha: 0)
        for y in 8..<11 { for x in 8..<11 { image[x, y] = (Self.red.red, Self.red.green, Self.red.blue, 255) } }
        var histogram = ColorHistogram(image: image, region: .whole, bitsPerChannel: 4)
        histogram.recount(image, chromaMedianRadius: 3)
        #expect(histogram.pixelCount == 9)
        #expect(histogram.bins().map(\.meanColor) == [Self.red])
    }

    @Test("Given a radius of 0, when counted, then the count is the plain one")
    func radiusZeroIsPlain() {
        let image = paintedImage(30, 30, Self.grey, [(3, 3, 5, 5, Self.red)])
        let plain = ColorHistogram(image: image, region: .whole, bitsPerChannel: 4)
        var histogram = plain
        histogram.recount(image, chromaMedianRadius: 0)
        #expect(histogram.counts == plain.counts && histogram.offsetSums == plain.offsetSums)
    }

    @Test(
        """
        Given a small picture whose only vivid colour is a 4×4 detail, when quantized with its size, then the detail \
        takes no role; without its size, or as a large picture's copy, it does
        """
    )
    func smallPictureDetailTakesNoRole() {
        // A 240 px picture: sky, a darker field, and a red kite of 16 pixels (0.03%, over the
        // 0.02% floor of vivid clusters).
        let sky = RGBColor(hex: "#9fb8cc")!
        let field = RGBColor(hex: "#4d5a3c")!
        let image = paintedImage(240, 240, sky, [(0, 160, 240, 240, field), (100, 60, 104, 64, Self.red)])
        let quantizer = Quantizer()
        func hasRed(_ roles: ColorRoles) -> Bool {
            [roles.reports.primary, roles.reports.secondary, roles.reports.detail].contains {
                ($0.adjustment?.original).map { ColorDistance.deltaE($0, Self.red) < 0.05 } ?? false
            } || [roles.primary, roles.secondary, roles.detail].contains { ColorDistance.deltaE($0, Self.red) < 0.05 }
        }
        #expect(hasRed(quantizer.quantize(image).roles))
        #expect(hasRed(quantizer.quantize(image, sourceLongSide: 4000).roles))
        #expect(quantizer.quantize(image, sourceLongSide: 4000).roles == quantizer.quantize(image).roles)
        #expect(!hasRed(quantizer.quantize(image, sourceLongSide: 240).roles))
    }
}
