import Foundation
import TestSupport
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// A JPEG's markers are walked once per decode on our side, whichever decoder takes the file:
/// the probe only sniffs, the walk decides, and libjpeg reads the stream itself.
@Suite("JPEG header walked once")
struct JPEGHeaderWalkTests {
    /// A 1411×1411 baseline JPEG.
    static let path = RepositoryPaths.samples.appendingPathComponent("retina.jpg").path

    /// Decodes `path` into a downscaler with `minimumLongSide`, counting the marker walks.
    static func decode(minimumLongSide: Int) throws -> (walks: Int, decoder: DecoderKind) {
        let counter = JPEGHeader.WalkCounter()
        var options = DecodeOptions()
        options.minimumLongSide = minimumLongSide
        var sink = Downscaler(targetLongSide: 50)
        let info = try JPEGHeader.$walks.withValue(counter) {
            try ImageDecoding.decode(SourceProbe(.file(path)), options: options, into: &sink)
        }
        return (counter.count, info.decoder)
    }

    @Test("Given a baseline JPEG wanted at 1/8, when it is decoded, then the DC reader takes it after one walk")
    func dcReaderWalksOnce() throws {
        // Given 1411 px, at least 100 px: 1/8 (177 px)
        // When
        let (walks, decoder) = try Self.decode(minimumLongSide: 100)
        // Then
        #expect(decoder == .sequentialDC)
        #expect(walks == 1)
    }

    @Test("Given a baseline JPEG wanted at 1/2, when it is decoded, then libjpeg takes it after one walk of ours")
    func libjpegPathWalksOnce() throws {
        // Given 1411 px, at least 500 px: 1/2 (706 px), libjpeg's
        // When
        let (walks, decoder) = try Self.decode(minimumLongSide: 500)
        // Then
        #expect(decoder == .library)
        #expect(walks == 1)
    }

    @Test("Given an analysis with a thumbnail riding on its pass, when it runs, then the markers are walked once")
    func analysisWalksOnce() throws {
        // Given
        let counter = JPEGHeader.WalkCounter()
        let analyzer = ImageColorAnalyzer()
        // When
        let response = try JPEGHeader.$walks.withValue(counter) {
            try analyzer.analyzeNow(.file(Self.path), thumbnail: ThumbnailRequest(longSide: 200))
        }
        // Then
        #expect(response.thumbnail != nil)
        #expect(counter.count == 1)
    }
}
