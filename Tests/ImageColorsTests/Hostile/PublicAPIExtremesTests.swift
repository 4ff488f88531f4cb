import Foundation
import TestSupport
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// Values the public API accepts give a result or a typed error, never a trap: each of these
/// crashed the process before (an overflow converting to nanoseconds or pixels, a precondition).
@Suite("Hostile input: extreme values of the public API")
struct PublicAPIExtremesTests {
    static let sample = RepositoryPaths.samples.appendingPathComponent("coffee.png").path

    @Test("a palette size set past 64 after init lists 64 colours at most", arguments: [65, Int.max, -1, Int.min])
    func paletteSize(size: Int) async throws {
        // Given options whose palette size is set outside 0…64 after they were made
        var options = AnalysisOptions()
        options.paletteSize = size
        // When an image is analysed
        let analysis = try await ImageColorAnalyzer(options: options).analyze(fileAt: Self.sample)
        // Then the palette is clamped: none for a negative size, at most 64 colours otherwise
        #expect((analysis.palette?.count ?? 0) <= (size > 0 ? ColorPalette.maximumCount : 0))
    }

    @Test(
        "a custom title region of NaN or huge fractions is clamped into the image",
        arguments: [Double.nan, .infinity, -.infinity, 1e300, -1e300])
    func titleRegion(value: Double) async throws {
        // Given a region made directly, bypassing init(parsing:)
        let region = TitleRegion.custom(x: value, y: value, width: value, height: value)
        // When its pixels are computed for a 250 × 167 image
        let rect = region.pixelRect(width: 250, height: 167)
        // Then the rectangle lies inside the image and is never empty
        #expect(rect.x >= 0 && rect.y >= 0 && rect.width >= 1 && rect.height >= 1)
        #expect(rect.x + rect.width <= 250 && rect.y + rect.height <= 167)
        // And an analysis measuring it gives its contrasts
        var options = AnalysisOptions()
        options.titleRegion = region
        let analysis = try await ImageColorAnalyzer(options: options).analyze(fileAt: Self.sample)
        #expect(analysis.title.region != nil)
    }

    @Test(
        "a decode timeout beyond any clock still decodes",
        arguments: [Duration.seconds(Int64.max), .seconds(Int64.max / 1000), .zero - .seconds(Int64.max)])
    func decodeTimeout(timeout: Duration) async throws {
        // Given limits with a timeout far past what a 64-bit nanosecond clock holds
        var options = AnalysisOptions()
        options.limits.decodeTimeout = timeout
        // When an image is analysed
        // Then it is a result, or for a negative timeout the decoding error that says it is over
        do {
            _ = try await ImageColorAnalyzer(options: options).analyze(fileAt: Self.sample)
            #expect(timeout > .zero)
        } catch {
            #expect(timeout < .zero && error is ImageDecodingError, "\(error)")
        }
    }

    @Test(
        "clamped timeouts fit the clocks underneath",
        arguments: [Duration.seconds(Int64.max), .seconds(Int64.max / 1000), .zero - .seconds(5)])
    func clampedTimeout(timeout: Duration) {
        #expect(timeout.clampedTimeout <= Duration.longestTimeout && timeout.clampedTimeout >= .zero)
        #expect(timeout.timeoutNanoseconds <= Int64.max / 2)
    }

    @Test(
        "a thumbnail request of any long side or quality gives a thumbnail",
        arguments: [(Int.max, Int.max), (Int.min, Int.min), (0, 0), (65_536, 101)])
    func thumbnailRequest(longSide: Int, quality: Int) async throws {
        // Given a request made, then its properties set past their ranges
        var request = ThumbnailRequest(longSide: longSide, jpegQuality: quality)
        request.longSide = longSide
        request.jpegQuality = quality
        // When an image is analysed with it
        let thumbnail = try #require(
            try await ImageColorAnalyzer().analyze(.file(Self.sample), thumbnail: request).thumbnail)
        // Then the thumbnail is the image's size at most (never enlarged), at least one pixel
        #expect(max(thumbnail.width, thumbnail.height) >= 1 && max(thumbnail.width, thumbnail.height) <= 600)
    }

    @Test(
        "a budget in megabytes or mebibytes too large for an Int saturates",
        arguments: [Int.max, Int.max / 1000, Int.min, -1])
    func budgets(value: Int) {
        #expect(MemoryBudget.megabytes(value).bytes == (value < 0 ? 0 : Int.max))
        #expect(MemoryBudget.mebibytes(value).bytes == (value < 0 ? 0 : Int.max))
    }
}
