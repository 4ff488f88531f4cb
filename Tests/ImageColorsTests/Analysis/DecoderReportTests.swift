import Foundation
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// The result says which decoding path gave its pixels (`decoder` in the JSON), since the paths
/// can give slightly different colours for one picture.
@Suite("The decoding path in the result")
struct DecoderReportTests {
    @Test("a whole decode is library, a HEIC's thumbnail is heif-thumbnail, pixels handed over have none")
    func paths() throws {
        // Given a PNG, a HEIC whose embedded thumbnail covers the analysis size, and raw pixels
        let png = TestFiles.samples.appendingPathComponent("coffee.png").path
        let heic = HEIFFixtures.path("coffee-thumb.heic")
        // When each is analysed
        let analyzer = ImageColorAnalyzer(executor: nil)
        let fromPNG = try analyzer.analyzeNow(.file(png))
        let fromThumbnail = try analyzer.analyzeNow(.file(heic))
        let fromPixels = try PixelAnalyzer().analyze([1, 2, 3, 255], layout: PixelLayout(width: 1, height: 1))
        // Then the result names the path
        #expect(fromPNG.decoder == .library)
        #expect(fromThumbnail.decoder == .heifThumbnail)
        #expect(fromPixels.decoder == nil)
    }

    @Test("the JSON key is decoder, with the path's name, and absent for pixels")
    func json() throws {
        // Given results from a thumbnail and from pixels
        let heic = HEIFFixtures.path("coffee-thumb.heic")
        let fromThumbnail = try ImageColorAnalyzer(executor: nil).analyzeNow(.file(heic))
        let fromPixels = try PixelAnalyzer().analyze([1, 2, 3, 255], layout: PixelLayout(width: 1, height: 1))
        // When they are encoded as JSON
        let thumbnailJSON = String(decoding: try JSONEncoder().encode(fromThumbnail), as: UTF8.self)
        let pixelsJSON = String(decoding: try JSONEncoder().encode(fromPixels), as: UTF8.self)
        // Then the key says heif-thumbnail, is missing for pixels, and decodes back
        #expect(thumbnailJSON.contains(#""decoder":"heif-thumbnail""#))
        #expect(!pixelsJSON.contains(#""decoder""#))
        #expect(try JSONDecoder().decode(ColorAnalysis.self, from: Data(thumbnailJSON.utf8)).decoder == .heifThumbnail)
    }
}
