// Runs one workload a fixed number of times and nothing else, for `valgrind --tool=callgrind`
// (instructions.sh): instruction counts are repeatable on a busy machine, where times are not.
// Only `imagecolors_probe_workload` (or the compiler's specialised copy of it) is counted
// (callgrind's --toggle-collect=*imagecolors_probe_workload*), so building the
// input does not count.
//
//   imagecolors-probe WORKLOAD [ITERATIONS]      imagecolors-probe --list

import BenchmarkImages
import Foundation
@_spi(Benchmarks) import ImageColors

/// A workload: builds its input, then returns the closure to count.
nonisolated(unsafe) let workloads: [(name: String, make: () throws -> () -> Int)] = [
    ("quantize-rocket-50", { quantizing(try BenchmarkImages.downscaled(BenchmarkImages.photo, longSide: 50)) }),
    ("quantize-rocket-100", { quantizing(try BenchmarkImages.downscaled(BenchmarkImages.photo, longSide: 100)) }),
    ("quantize-rocket-250", { quantizing(try BenchmarkImages.downscaled(BenchmarkImages.photo, longSide: 250)) }),
    ("quantize-retina-250", { quantizing(try BenchmarkImages.downscaled(sample("retina.jpg"), longSide: 250)) }),
    ("quantize-noise-250", { quantizing(BenchmarkImages.noise(width: 250, height: 250)) }),
    // Noise over a sixth of the colour cube (84 levels of red and of green): its pixels spread
    // over about 470 bins, just under what is structureless (512), so all of it is clustered.
    (
        "quantize-busy-250",
        { quantizing(BenchmarkImages.noise(width: 250, height: 250, redGreenLevels: 84)) }
    ),
    (
        "quantize-rocket-24mp",
        { quantizing(try BenchmarkImages.decodedFully(BenchmarkImages.file(.jpeg, megapixels: 24))) }
    ),
    (
        "downscale-24mp",
        {
            let image = try BenchmarkImages.decodedFully(BenchmarkImages.file(.jpeg, megapixels: 24))
            return {
                var downscaler = BenchmarkHooks.Downscaler(targetLongSide: 250)
                try! downscaler.begin(width: image.width, height: image.height, rowsInOrder: true)
                image.pixels.withUnsafeBufferPointer { pixels in
                    for y in 0..<image.height {
                        downscaler.consume(
                            row: pixels.baseAddress! + y * image.width * 4, y: y, x0: 0, dx: 1, count: image.width)
                    }
                }
                return downscaler.finish().pixels.count
            }
        }
    ),
    ("analyze-rocket.jpg", { analyzing(sample("rocket.jpg")) }),
    ("analyze-coffee.png", { analyzing(sample("coffee.png")) }),
    ("analyze-24mp-jpeg", { analyzing(try BenchmarkImages.file(.jpeg, megapixels: 24)) }),
    // The same with both placeholders: their cost is the difference of the two counts.
    (
        "analyze-24mp-jpeg-placeholders",
        { analyzing(try BenchmarkImages.file(.jpeg, megapixels: 24), placeholders: .both) }
    ),
    ("analyze-24mp-progressive", { analyzing(try BenchmarkImages.file(.jpeg, megapixels: 24, progressive: true)) }),
    ("analyze-24mp-png", { analyzing(try BenchmarkImages.file(.png, megapixels: 24)) }),
]

func sample(_ name: String) -> String { BenchmarkImages.repository.appendingPathComponent("Samples/\(name)").path }

func quantizing(_ image: RGBAImage) -> () -> Int {
    { Quantizer().roles(of: image).primary.hashValue }
}

func analyzing(_ path: String, placeholders: PlaceholderKinds = []) -> () -> Int {
    // Default options but for the decode timeout: under valgrind a 24 MP PNG takes longer than
    // the default 10 s.
    let analyzer = ImageColorAnalyzer(
        options: .init(limits: ImageLimits(decodeTimeout: .seconds(3600)), placeholders: placeholders))
    // The synchronous core of `analyze(fileAt:)`: the same pipeline, without a task to run it
    // on (callgrind counts the thread that enters the workload). An analysis that throws ends
    // the run with an error: its instructions would be the failure path's, not the workload's.
    return {
        do {
            return try BenchmarkHooks.analyzeSynchronously(analyzer, .file(path)).background.hashValue
        } catch {
            fail("imagecolors-probe: analysing \(path) threw \(error); nothing was counted")
        }
    }
}

/// Prints `message` on standard error and exits 1.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

/// The counted region: callgrind toggles collection on entering and leaving this symbol.
@_silgen_name("imagecolors_probe_workload") @inline(never)
func workload(_ body: () -> Int, _ iterations: Int) -> Int {
    var sum = 0
    for _ in 0..<iterations { sum &+= body() }
    return sum
}

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--list" || arguments.isEmpty {
    for (name, _) in workloads { print(name) }
    exit(arguments.isEmpty ? 2 : 0)
}
guard let chosen = workloads.first(where: { $0.name == arguments.first }) else {
    FileHandle.standardError.write(Data("unknown workload \(arguments.first!); --list lists them\n".utf8))
    exit(2)
}
let iterations = arguments.dropFirst().first.flatMap(Int.init) ?? 1
do {
    let body = try chosen.make()
    print(workload(body, iterations) == 42 ? "" : "done")
} catch {
    fail("imagecolors-probe: \(chosen.name): \(error)")
}
