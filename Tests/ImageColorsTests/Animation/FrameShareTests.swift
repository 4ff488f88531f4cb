import Foundation
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// Counting every frame: each frame fills its share of the analysed pixels, in proportion to its
/// display time and spread evenly, and the histogram sees every frame's own colours.
@Suite("Frame shares")
struct FrameShareTests {
    @Test("shares cover every threshold once, in proportion to display times")
    func partition() {
        let shares = FrameShare.shares(displayTimes: [100, 300, 40, 1_000_000])
        #expect(shares.first?.lower == 0 && shares.last?.upper == 1 << 32)
        #expect(zip(shares, shares.dropFirst()).allSatisfy { $0.upper == $1.lower })
        let widths = shares.map { Double($0.upper - $0.lower) }
        #expect(abs(widths[1] / widths[0] - 3) < 1e-4 && abs(widths[3] / widths[2] - 25_000) < 1)
        #expect(FrameShare.shares(displayTimes: [7]) == [.whole])
    }

    @Test(
        "each frame gets its share of a 250×167 image, of every row and of the edge band, within a point",
        arguments: [[100, 300], [100, 100, 100, 100, 100], [10_000, 100, 100]])
    func evenSpread(times: [Int]) {
        let shares = FrameShare.shares(displayTimes: times)
        let total = Double(times.reduce(0, +))
        func owners(_ pixels: [(Int, Int)]) -> [Double] {
            var counts = [Int](repeating: 0, count: shares.count)
            for (x, y) in pixels {
                let owner = shares.indices.filter { shares[$0].contains(x: x, y: y) }
                #expect(owner.count == 1)
                counts[owner[0]] += 1
            }
            return counts.map { Double($0) / Double(pixels.count) }
        }
        let all = (0..<167).flatMap { y in (0..<250).map { ($0, y) } }
        let band = all.filter { $0.0 < 13 || $0.0 >= 237 || $0.1 < 9 || $0.1 >= 158 }
        for (name, pixels) in [
            ("image", all), ("edge band", band), ("row 0", all.filter { $0.1 == 0 }),
            ("column 100", all.filter { $0.0 == 100 }),
        ] {
            let tolerance = pixels.count > 1000 ? 0.01 : 0.03
            for (index, share) in owners(pixels).enumerated() {
                #expect(abs(share - Double(times[index]) / total) <= tolerance, "\(name): frame \(index) has \(share)")
            }
        }
    }

    @Test("browsers show frames of 10 ms or less for 100 ms", arguments: [(0, 100), (10, 100), (20, 20), (1000, 1000)])
    func displayTime(milliseconds: Int, shown: Int) {
        #expect(FrameShare.displayTime(milliseconds: milliseconds) == shown)
    }

    @Test(
        "counting every frame weighs each by its display time: red 0.1 s and blue 0.3 s give a quarter red",
        arguments: ["weights.gif", "weights.webp"])
    func weighting(name: String) async throws {
        let path = WebGIFFixtures.path(name)
        let all = try await ImageColorAnalyzer(options: .init(paletteSize: 2, frames: .all)).analyze(fileAt: path)
        let palette = try #require(all.palette)
        let red = try #require(palette.first { $0.color.hex == "#ff0000" })
        let blue = try #require(palette.first { $0.color.hex == "#0000ff" })
        #expect(abs(red.share - 0.25) < 0.02 && abs(blue.share - 0.75) < 0.02, "\(palette)")
        // The first frame alone is all red
        let first = try await ImageColorAnalyzer(options: .init(paletteSize: 2)).analyze(fileAt: path)
        #expect(first.palette?.map(\.color.hex) == ["#ff0000"])
    }

    @Test("the downscaler writes each output pixel from the frame whose share holds it, never a mix")
    func downscalerMosaic() throws {
        // Given two frames of 64×64, red then blue, shares one half each, shrunk to 16×16
        var downscaler = Downscaler(targetLongSide: 16)
        try downscaler.begin(width: 64, height: 64, rowsInOrder: true)
        let shares = FrameShare.shares(displayTimes: [1, 1])
        for (index, color) in [[255, 0, 0, 255], [0, 0, 255, 255]].enumerated() {
            downscaler.beginFrame(index, share: shares[index])
            let row = (0..<64).flatMap { _ in color.map(UInt8.init) }
            for y in 0..<64 { downscaler.consume(row: row, y: y, x0: 0, dx: 1, count: 64) }
        }
        let image = downscaler.finish()
        // Then each pixel is pure red or pure blue, as its share says, half and half
        var reds = 0
        for y in 0..<16 {
            for x in 0..<16 {
                let pixel = image[x, y]
                let expectedRed = shares[0].contains(x: x, y: y)
                #expect(pixel == (expectedRed ? (255, 0, 0, 255) : (0, 0, 255, 255)))
                if expectedRed { reds += 1 }
            }
        }
        #expect(abs(reds - 128) <= 8)
    }

    @Test("a first-frame-only downscaler ignores later frames")
    func firstFrameOnly() throws {
        var downscaler = Downscaler(targetLongSide: 4, firstFrameOnly: true)
        try downscaler.begin(width: 8, height: 8, rowsInOrder: true)
        for (index, value) in [UInt8(10), 200].enumerated() {
            downscaler.beginFrame(index, share: FrameShare.shares(displayTimes: [1, 1])[index])
            let row = [UInt8]((0..<8).flatMap { _ in [value, value, value, 255] })
            for y in 0..<8 { downscaler.consume(row: row, y: y, x0: 0, dx: 1, count: 8) }
        }
        #expect(downscaler.finish().pixels.enumerated().allSatisfy { $0.offset % 4 == 3 || $0.element == 10 })
    }
}
