import Foundation
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

@Suite("Determinism")
struct DeterminismTests {
    @Test(
        "Given a sample, when analysed 20 times with a palette, then every result is identical",
        arguments: ["rocket.jpg", "coffee.png"])
    func twentyRuns(sample: String) async throws {
        let analyzer = ImageColorAnalyzer(options: AnalysisOptions(paletteSize: 8))
        let path = TestFiles.samples.appendingPathComponent(sample).path
        let first = try await analyzer.analyze(fileAt: path)
        for _ in 1..<20 {
            #expect(try await analyzer.analyze(fileAt: path) == first)
        }
    }

    @Test(
        """
        Given a photo's rows fed to the downscaler in chunks of 1, 7, 64 or whole rows, when quantized, then image, \
        roles and palette are identical
        """,
        arguments: [1, 7, 64])
    func chunkSizes(chunk: Int) throws {
        let (full, _) = try decodeFully(TestFiles.samples.appendingPathComponent("chelsea.png").path)
        func downscaled(chunk: Int?) throws -> RGBAImage {
            var downscaler = Downscaler(targetLongSide: 100)
            try downscaler.begin(width: full.width, height: full.height, rowsInOrder: true)
            full.pixels.withUnsafeBufferPointer { pixels in
                for y in 0..<full.height {
                    let row = pixels.baseAddress! + y * full.width * 4
                    let step = chunk ?? full.width
                    for x0 in stride(from: 0, to: full.width, by: step) {
                        downscaler.consume(row: row + x0 * 4, y: y, x0: x0, dx: 1, count: min(step, full.width - x0))
                    }
                }
            }
            return downscaler.finish()
        }
        let whole = try downscaled(chunk: nil)
        let chunked = try downscaled(chunk: chunk)
        #expect(chunked == whole)
        let quantizer = Quantizer()
        #expect(quantizer.quantize(chunked, paletteSize: 8) == quantizer.quantize(whole, paletteSize: 8))
    }
}
