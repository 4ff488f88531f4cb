// The stages around quantization and the whole pipeline: downscaling, JPEG decoding at each
// DCT scale, the progressive DC reader, PNG decoding, and end-to-end analysis of every sample
// and of 1, 24 and 64 MP files (baseline JPEG, progressive JPEG, PNG), whose malloc counts show
// that nothing is allocated per pixel, of the 24 MP JPEG with placeholders, and of WebP (lossy
// 24 MP, lossless 4 MP) and GIF (4 MP). Decoding benchmarks hand rows to a sink that only
// touches them, so they time the decoder.
//
//   swift package benchmark --target Pipeline
//
// Names have no spaces or slashes: ordo-one/benchmark writes threshold files under cleaned-up
// names but reads them back under the names as given.

import Benchmark
@_spi(Benchmarks) import BenchmarkImages
import Foundation
@_spi(Benchmarks) import ImageColors

/// Input pixels per second, in millions, of each iteration.
let megapixelsPerSecond = BenchmarkMetric.custom("MP/s", polarity: .prefersLarger, useScalingFactor: false)

/// Times `body`, records its input megapixels per second and returns its result.
func measuringThroughput<T>(_ benchmark: Benchmark, pixels: Int, _ body: () throws -> T) rethrows -> T {
    let start = ContinuousClock.now
    let result = try body()
    let seconds = (ContinuousClock.now - start) / .seconds(1)
    benchmark.measurement(megapixelsPerSecond, Int((Double(pixels) / 1e6 / seconds).rounded()))
    return result
}

/// ``measuringThroughput(_:pixels:_:)`` for async work.
func measuringThroughput<T>(_ benchmark: Benchmark, pixels: Int, _ body: () async throws -> T) async rethrows -> T {
    let start = ContinuousClock.now
    let result = try await body()
    let seconds = (ContinuousClock.now - start) / .seconds(1)
    benchmark.measurement(megapixelsPerSecond, Int((Double(pixels) / 1e6 / seconds).rounded()))
    return result
}

/// Feeds every row of `image` to a downscaler, as a decoder does, and returns its output.
func downscale(_ image: RGBAImage, to longSide: Int) throws -> RGBAImage {
    var downscaler = BenchmarkHooks.Downscaler(targetLongSide: longSide)
    try downscaler.begin(width: image.width, height: image.height, rowsInOrder: true)
    image.pixels.withUnsafeBufferPointer { pixels in
        for y in 0..<image.height {
            downscaler.consume(row: pixels.baseAddress! + y * image.width * 4, y: y, x0: 0, dx: 1, count: image.width)
        }
    }
    return downscaler.finish()
}

/// Decodes a file into a ``NullSink`` with the DCT scale 1/`denominator` and checks that the
/// decoder used it.
func decode(_ path: String, width: Int, height: Int, denominator: Int) throws -> NullSink {
    // The smallest long side that still allows 1/denominator (libjpeg rounds up).
    let longSide = max(width, height)
    var sink = NullSink()
    let size = try BenchmarkHooks.decode(
        fileAt: path, minimumLongSide: denominator == 1 ? nil : (longSide + denominator - 1) / denominator,
        into: &sink)
    precondition(
        size.width == (width + denominator - 1) / denominator,
        "decoded \(size.width) px wide, expected 1/\(denominator) of \(width)")
    return sink
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, megapixelsPerSecond],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        maxDuration: .seconds(3),
        maxIterations: 200,
        // One allocation either way is tolerated: a benchmark may or may not be the first in
        // its process to fill a runtime cache (seen: 12 or 13 from run to run). Allocating per
        // pixel or per row would show as hundreds or thousands.
        thresholds: [.mallocCountTotal: .init(absolute: [.p90: 1])]
    )

    // Downscaling, fed row by row from memory: a 24 MP image's full rows (PNG, or a JPEG
    // decoded at full size for `highest`), and the 752-px rows of a 24 MP JPEG decoded at 1/8,
    // which is what the default `high` preset (250 px) downscales.
    Benchmark("Downscale-24MP-to-250px") { benchmark, image in
        blackHole(
            try measuringThroughput(benchmark, pixels: image.width * image.height) { try downscale(image, to: 250) })
    } setup: {
        try BenchmarkImages.decodedFully(BenchmarkImages.file(.jpeg, megapixels: 24))
    }
    Benchmark(
        "Downscale-750x501-to-250px",
        configuration: .init(timeUnits: .microseconds, maxIterations: 2_000)
    ) { benchmark, image in
        blackHole(
            try measuringThroughput(benchmark, pixels: image.width * image.height) { try downscale(image, to: 250) })
    } setup: {
        // The 24 MP JPEG decoded at 1/8 (750×501), kept whole.
        var sink = CollectingSink()
        try BenchmarkHooks.decode(fileAt: BenchmarkImages.file(.jpeg, megapixels: 24), minimumLongSide: 1, into: &sink)
        return sink.image
    }

    // JPEG decoding at each DCT scale (libjpeg-turbo through the shim, RGBA rows; at 1:8 the
    // pipeline's DC reader, which takes baseline files at 1/8 too).
    for denominator in [1, 2, 4, 8] {
        Benchmark("Decode-JPEG-24MP-scale-1:\(denominator)") { benchmark, file in
            blackHole(
                try measuringThroughput(benchmark, pixels: file.pixels) {
                    try decode(file.path, width: file.width, height: file.height, denominator: denominator)
                })
        } setup: {
            try LargeFile(.jpeg)
        }
    }
    // A progressive JPEG at 1/8: the pipeline's own DC-only reader (`JPEGDCDecoder`),
    // which skips the AC scans; libjpeg would decode every scan into a whole-image buffer.
    Benchmark("Decode-progressive-24MP-DC-only") { benchmark, file in
        blackHole(
            try measuringThroughput(benchmark, pixels: file.pixels) {
                try decode(file.path, width: file.width, height: file.height, denominator: 8)
            })
    } setup: {
        try LargeFile(.jpeg, progressive: true)
    }
    // PNG decoding (libpng through the shim, RGBA rows).
    Benchmark("Decode-PNG-24MP") { benchmark, file in
        blackHole(
            try measuringThroughput(benchmark, pixels: file.pixels) {
                try decode(file.path, width: file.width, height: file.height, denominator: 1)
            })
    } setup: {
        try LargeFile(.png)
    }

    // End to end, as `imagecolors analyze` runs it (default options: 250 px, 30 MB budget):
    // every sample, then generated files at 1, 24 and 64 MP. The malloc counts of one format
    // must not grow with the pixel count: nothing is allocated per pixel or per row. (A 1 MP
    // progressive JPEG is too small for 1/8 scale at 250 px, so it takes libjpeg's path; the
    // 24 and 64 MP ones take the DC-only reader.)
    for path in BenchmarkImages.samples {
        Benchmark(
            "Analyze-\(URL(fileURLWithPath: path).lastPathComponent)",
            configuration: .init(timeUnits: .microseconds, warmupIterations: 3, maxIterations: 1_000)
        ) { _ in
            blackHole(try await ImageColorAnalyzer().analyze(fileAt: path))
        }
    }
    // WebP and GIF: a 24 MP lossy WebP (libwebp scales it to 1/8 while decoding), a 4 MP lossless
    // one (libwebp keeps 4 bytes a pixel, so a 24 MP one would not fit the default budget) and a
    // 4 MP GIF (streamed through giflib at full size: GIF has no scaled decoding).
    for (name, format, megapixels, lossless) in [
        ("WebP-24MP", ImageFormat.webp, 24.0, false), ("WebP-lossless-4MP", .webp, 4, true),
        ("GIF-4MP", .gif, 4, false),
    ] {
        Benchmark("Analyze-\(name)") { benchmark, file in
            blackHole(
                try await measuringThroughput(benchmark, pixels: file.pixels) {
                    try await ImageColorAnalyzer().analyze(fileAt: file.path)
                })
        } setup: {
            try LargeFile(format, megapixels: megapixels, lossless: lossless)
        }
    }
    // HEIC and AVIF (libheif decodes whole images): a 12 MP HEIC with a 320 px thumbnail (only the
    // thumbnail is decoded, at the default budget), and a 4 MP AVIF decoded whole, with a 128 MB
    // budget (libaom's whole decode is reserved: 92 MB; at the default 30 MB it is refused).
    Benchmark("Analyze-HEIC-12MP-thumbnail", configuration: .init(timeUnits: .microseconds)) { benchmark, file in
        blackHole(
            try await measuringThroughput(benchmark, pixels: file.pixels) {
                try await ImageColorAnalyzer().analyze(fileAt: file.path)
            })
    } setup: {
        try LargeFile(.heic, megapixels: 12)
    }
    Benchmark("Analyze-AVIF-4MP", configuration: .init(timeUnits: .microseconds)) { benchmark, file in
        blackHole(
            try await measuringThroughput(benchmark, pixels: file.pixels) {
                try await ImageColorAnalyzer(options: AnalysisOptions(memoryBudget: .megabytes(128)))
                    .analyze(fileAt: file.path)
            })
    } setup: {
        try LargeFile(.avif, megapixels: 4)
    }
    // The same 24 MP JPEG with both placeholders (ThumbHash and a 4×3 BlurHash from the analysed
    // pixels): its cost is this row over `Analyze-JPEG-24MP`'s, measured in the same run.
    Benchmark("Analyze-JPEG-24MP-placeholders", configuration: .init(timeUnits: .microseconds)) { benchmark, file in
        blackHole(
            try await measuringThroughput(benchmark, pixels: file.pixels) {
                try await ImageColorAnalyzer(options: AnalysisOptions(placeholders: .both)).analyze(fileAt: file.path)
            })
    } setup: {
        try LargeFile(.jpeg, megapixels: 24)
    }
    for (kind, format, progressive) in [
        ("JPEG", ImageFormat.jpeg, false), ("progressive", .jpeg, true), ("PNG", .png, false),
    ] {
        for megapixels in [1.0, 24, 64] {
            Benchmark("Analyze-\(kind)-\(Int(megapixels))MP", configuration: .init(timeUnits: .microseconds)) {
                benchmark, file in
                blackHole(
                    try await measuringThroughput(benchmark, pixels: file.pixels) {
                        try await ImageColorAnalyzer().analyze(fileAt: file.path)
                    })
            } setup: {
                try LargeFile(format, megapixels: megapixels, progressive: progressive)
            }
        }
    }
}

/// A generated file (24 MP unless told) and its size.
struct LargeFile {
    let path: String
    let width: Int
    let height: Int
    var pixels: Int { width * height }

    init(_ format: ImageFormat, megapixels: Double = 24, progressive: Bool = false, lossless: Bool = false) throws {
        path = try BenchmarkImages.file(format, megapixels: megapixels, progressive: progressive, lossless: lossless)
        var sink = NullSink()
        (width, height) = try BenchmarkHooks.decode(fileAt: path, minimumLongSide: nil, into: &sink)
    }
}
