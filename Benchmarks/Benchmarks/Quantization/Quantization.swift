// Quantization: histogram plus role selection (`Quantizer.roles(of:)`), on the images the
// pipeline hands it at each quality preset (50, 100, 250 px long side) and on full 24 MP images
// (`--quality highest`). Reported as time per image, megapixels per second (the custom `MP/s`
// metric) and malloc calls per image, which must not grow with the pixel count.
//
//   swift package benchmark --target Quantization
//
// Names have no spaces or slashes: ordo-one/benchmark writes threshold files under cleaned-up
// names but reads them back under the names as given.

import Benchmark
import BenchmarkImages
import Foundation
import ImageColors

/// Pixels per second, in millions, of each iteration.
let megapixelsPerSecond = BenchmarkMetric.custom("MP/s", polarity: .prefersLarger, useScalingFactor: false)

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, megapixelsPerSecond],
        timeUnits: .microseconds,
        warmupIterations: 10,
        maxDuration: .seconds(2),
        maxIterations: 5_000,
        // One allocation either way is tolerated: a benchmark may or may not be the first in
        // its process to fill a runtime cache (seen: 12 or 13 from run to run). Allocating per
        // pixel or per row would show as hundreds or thousands.
        thresholds: [.mallocCountTotal: .init(absolute: [.p90: 1])]
    )

    /// One benchmark: `Quantizer.roles(of:)` on the image `make` returns.
    func quantize(_ name: String, maxIterations: Int = 5_000, _ make: @escaping @Sendable () throws -> RGBAImage) {
        Benchmark(
            "Quantize-\(name)",
            configuration: .init(warmupIterations: maxIterations < 100 ? 1 : 10, maxIterations: maxIterations)
        ) { benchmark, image in
            let quantizer = Quantizer()
            let pixels = Double(image.width * image.height)
            let start = ContinuousClock.now
            blackHole(quantizer.roles(of: image))
            let seconds = (ContinuousClock.now - start) / .seconds(1)
            benchmark.measurement(megapixelsPerSecond, Int((pixels / 1e6 / seconds).rounded()))
        } setup: {
            try make()
        }
    }

    // What the pipeline quantizes at each preset: the sample photos decoded (DCT-scaled) and
    // box-filtered to the long side, exactly as `imagecolors analyze --quality …` does.
    let rocket = BenchmarkImages.photo
    let retina = BenchmarkImages.repository.appendingPathComponent("Samples/retina.jpg").path
    for side in [50, 100, 250] {
        quantize("rocket-\(side)px") { try BenchmarkImages.downscaled(rocket, longSide: side) }
    }
    // A busier image: a photo of a retina, 250×250 after downscaling.
    quantize("retina-250px") { try BenchmarkImages.downscaled(retina, longSide: 250) }
    // Uniform noise at the default size: every pixel its own colour, the costliest count, and a
    // count without colour structure (its band's mean is the background, 64 coarse bins its
    // colours). The costliest quantization at 250 px, noise over a quarter of the colour cube,
    // is counted in instructions (`instructions.sh`, quantize-busy-250).
    quantize("noise-250x250") { BenchmarkImages.noise(width: 250, height: 250) }
    // Full size (`--quality highest` with a budget that allows it): the sample photo scaled up to
    // 24 MP (5998×4001), and 6000×4000 of noise.
    quantize("rocket-24MP", maxIterations: 30) {
        try BenchmarkImages.decodedFully(BenchmarkImages.file(.jpeg, megapixels: 24))
    }
    quantize("noise-24MP", maxIterations: 30) { BenchmarkImages.noise(width: 6000, height: 4000) }
}
