import Foundation
import ImageColors
import Testing

@Suite("Title region")
struct TitleRegionTests {
    @Test(
        "Given the named areas, when parsed, then each is a full-width third",
        arguments: [
            ("top", TitleRegion.top, 0.0), ("center", .center, 1.0 / 3), ("bottom", .bottom, 2.0 / 3),
            ("  Bottom ", .bottom, 2.0 / 3),
        ])
    func namedAreas(text: String, region: TitleRegion, top: Double) throws {
        let parsed = try TitleRegion(parsing: text)
        #expect(parsed == region)
        #expect(parsed.fractions.x == 0 && parsed.fractions.width == 1)
        #expect(parsed.fractions.y == top && parsed.fractions.height == 1.0 / 3)
    }

    @Test("Given X,Y,W,H fractions, when parsed, then a custom region keeps them")
    func customFractions() throws {
        #expect(try TitleRegion(parsing: "0.1, 0.6,0.8,0.4") == .custom(x: 0.1, y: 0.6, width: 0.8, height: 0.4))
        // Thirds written with three decimals add up a hair past 1 and are still accepted.
        #expect(try TitleRegion(parsing: "0.333,0,0.667,1") == .custom(x: 0.333, y: 0, width: 0.667, height: 1))
    }

    @Test(
        "Given a bad region, when parsed, then the error names the value and what is wrong",
        arguments: [
            ("left", "expected top, bottom, center or X,Y,W,H"),
            ("0,0,1", "expected top, bottom, center or X,Y,W,H"),
            ("0,0,a,1", "W is \"a\", not a number"),
            ("0,0,nan,1", "W is \"nan\", not a number"),
            ("1.2,0,0.5,0.5", "X is 1.2, must be between 0 and 1"),
            ("0,-0.1,0.5,0.5", "Y is -0.1, must be between 0 and 1"),
            ("0,0,0,0.5", "W must be greater than 0"),
            ("0,0,1,1.5", "H is 1.5, must be between 0 and 1"),
            ("0.6,0,0.5,1", "X + W is 1.1, past the edge of the image"),
            ("0,0.75,1,0.5", "Y + H is 1.25, past the edge of the image"),
        ])
    func rejects(text: String, message: String) {
        #expect {
            try TitleRegion(parsing: text)
        } throws: { error in
            guard let error = error as? TitleRegionError else { return false }
            return error.code == "invalid-title-region"
                && error.description.hasPrefix("title region \"\(text)\": ")
                && error.description.contains(message)
        }
    }

    @Test(
        "Given a 250×167 image, when the named thirds are placed, then they cover every row they touch",
        arguments: [(TitleRegion.top, 0, 56), (.center, 55, 57), (.bottom, 111, 56)])
    func thirdsOnAnImage(region: TitleRegion, y: Int, height: Int) {
        #expect(region.pixelRect(width: 250, height: 167) == PixelRect(x: 0, y: y, width: 250, height: height))
    }

    @Test("Given an image whose height divides by three, when the thirds are placed, then they do not overlap")
    func exactThirds() {
        #expect(TitleRegion.top.pixelRect(width: 10, height: 168) == PixelRect(x: 0, y: 0, width: 10, height: 56))
        #expect(TitleRegion.center.pixelRect(width: 10, height: 168) == PixelRect(x: 0, y: 56, width: 10, height: 56))
        #expect(TitleRegion.bottom.pixelRect(width: 10, height: 168) == PixelRect(x: 0, y: 112, width: 10, height: 56))
    }

    @Test("Given a sliver narrower than a pixel, when placed, then it still covers the pixel it touches")
    func sliverCoversOnePixel() throws {
        let sliver = try TitleRegion(parsing: "0.5,0.5,0.001,0.001")
        #expect(sliver.pixelRect(width: 10, height: 10) == PixelRect(x: 5, y: 5, width: 1, height: 1))
        let corner = try TitleRegion(parsing: "0.999,0.999,0.001,0.001")
        #expect(corner.pixelRect(width: 10, height: 10) == PixelRect(x: 9, y: 9, width: 1, height: 1))
    }

    @Test("Given regions, when encoded and decoded, then the command-line string is the JSON form")
    func codableAsString() throws {
        let regions: [TitleRegion] = [.top, .custom(x: 0.1, y: 0.6, width: 0.8, height: 0.4)]
        let json = try JSONEncoder().encode(regions)
        #expect(String(decoding: json, as: UTF8.self) == #"["top","0.1,0.6,0.8,0.4"]"#)
        #expect(try JSONDecoder().decode([TitleRegion].self, from: json) == regions)
    }
}
