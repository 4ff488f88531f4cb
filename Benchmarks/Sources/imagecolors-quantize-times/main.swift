// The Quantization suite's 250 px rows timed the same way — a new `Quantizer().roles(of:)` per
// iteration, on the images the suite makes — as a plain executable, so that builds of several
// commits can be run alternately in one session (quantize-times.sh): on a shared machine times
// drift by tens of percent from one minute to the next, so commits are compared only within
// one run, never with numbers from another day.
//
//   imagecolors-quantize-times [ITERATIONS]     one line: each row's p50 and p90 in µs
//
// It uses only what every commit since the Quantization suite has (BenchmarkImages and the
// public Quantizer), so quantize-times.sh can build it against older commits.

import BenchmarkImages
import Foundation
import ImageColors

let iterations = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 3000
let retina = BenchmarkImages.repository.appendingPathComponent("Samples/retina.jpg").path
let rows: [(name: String, image: RGBAImage)] = [
    ("rocket-250px", try BenchmarkImages.downscaled(BenchmarkImages.photo, longSide: 250)),
    ("retina-250px", try BenchmarkImages.downscaled(retina, longSide: 250)),
    ("noise-250x250", BenchmarkImages.noise(width: 250, height: 250)),
]
var fields: [String] = []
var sink = 0
for row in rows {
    var times: [Double] = []
    times.reserveCapacity(iterations)
    // Ten warm-up iterations, as the suite's configuration has.
    for index in 0..<(iterations + 10) {
        let start = ContinuousClock.now
        sink &+= Quantizer().roles(of: row.image).primary.hashValue
        let elapsed = ContinuousClock.now - start
        if index >= 10 { times.append(Double(elapsed / .nanoseconds(1)) / 1000) }
    }
    times.sort()
    let p50 = times[times.count / 2]
    let p90 = times[times.count * 9 / 10]
    fields.append("\(row.name) \(String(format: "%.1f", p50)) \(String(format: "%.1f", p90))")
}
// The sink keeps the work from being optimised away.
print(fields.joined(separator: " ") + (sink == 42 ? " " : ""))
