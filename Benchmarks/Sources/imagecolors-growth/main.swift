// How cost grows with the pixel count: for each size, the sample photo scaled up to that many
// megapixels (libvips, made once), then
//   - quantization of the whole image held in memory (`--quality highest` at full size),
//   - end-to-end analysis (default options: 250 px, 30 MB budget) of a baseline JPEG, of a
//     progressive JPEG (the DC-only reader) and of a PNG.
// Prints a Markdown table of median times and writes a CSV for the plot (growth.sh draws it).
//
//   imagecolors-growth [--sizes 0.25,1,4,16,64] [--csv FILE] [--runs N]

import BenchmarkImages
import Foundation
import ImageColors

var sizes: [Double] = [0.25, 1, 4, 16, 64]
var csvPath: String?
var runs = 5
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--sizes": sizes = (arguments.popFirst() ?? "").split(separator: ",").compactMap { Double($0) }
    case "--csv": csvPath = arguments.popFirst()
    case "--runs": runs = max(1, Int(arguments.popFirst() ?? "") ?? runs)
    default:
        FileHandle.standardError.write(
            Data("usage: imagecolors-growth [--sizes 0.25,1,4,16,64] [--csv FILE] [--runs N]\n".utf8))
        exit(2)
    }
}

/// The median of `runs` timings of `body`, in seconds, after one untimed run.
func median(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    try body()
    var times: [Double] = []
    for _ in 0..<runs {
        let start = ContinuousClock.now
        try body()
        times.append((ContinuousClock.now - start) / .seconds(1))
    }
    return middle(times)
}

/// The median.
func middle(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// One timing of `body`, in seconds.
func time(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    return (ContinuousClock.now - start) / .seconds(1)
}

/// Runs an async analysis to completion from synchronous code.
func analyze(_ path: String) throws -> ColorAnalysis {
    nonisolated(unsafe) var result: Result<ColorAnalysis, Error>!
    let done = DispatchSemaphore(value: 0)
    Task {
        do { result = .success(try await ImageColorAnalyzer().analyze(fileAt: path)) } catch {
            result = .failure(error)
        }
        done.signal()
    }
    done.wait()
    return try result.get()
}

struct Row {
    var megapixels: Double
    var width: Int
    var height: Int
    var quantize: Double
    var jpeg: Double
    var progressive: Double
    var png: Double
}

var rows: [Row] = []
do {
    for size in sizes {
        FileHandle.standardError.write(Data("\(BenchmarkImages.label(size)) MP: making files…\n".utf8))
        let jpeg = try BenchmarkImages.file(.jpeg, megapixels: size)
        let progressive = try BenchmarkImages.file(.jpeg, megapixels: size, progressive: true)
        let png = try BenchmarkImages.file(.png, megapixels: size)
        FileHandle.standardError.write(Data("\(BenchmarkImages.label(size)) MP: measuring…\n".utf8))
        var image: RGBAImage? = try BenchmarkImages.decodedFully(jpeg)
        let (width, height) = (image!.width, image!.height)
        let quantizer = Quantizer()
        let quantize = median(runs) { _ = quantizer.roles(of: image!) }
        image = nil
        // Alternate the formats' runs so that a slow spell on a shared machine hits all of them.
        var jpegTimes: [Double] = []
        var progressiveTimes: [Double] = []
        var pngTimes: [Double] = []
        _ = try analyze(jpeg)
        _ = try analyze(progressive)
        _ = try analyze(png)
        for _ in 0..<runs {
            jpegTimes.append(try time { _ = try analyze(jpeg) })
            progressiveTimes.append(try time { _ = try analyze(progressive) })
            pngTimes.append(try time { _ = try analyze(png) })
        }
        rows.append(
            Row(
                megapixels: Double(width * height) / 1e6, width: width, height: height, quantize: quantize,
                jpeg: middle(jpegTimes), progressive: middle(progressiveTimes), png: middle(pngTimes)))
    }
} catch {
    FileHandle.standardError.write(Data("imagecolors-growth: \(error)\n".utf8))
    exit(1)
}

func ms(_ seconds: Double) -> String {
    seconds < 0.001
        ? String(format: "%.3f", seconds * 1000)
        : seconds < 0.1 ? String(format: "%.2f", seconds * 1000) : String(format: "%.0f", seconds * 1000)
}

print(
    "| image | pixels | quantize (ms) | quantize (MP/s) | end to end, JPEG (ms) | JPEG (MP/s) "
        + "| progressive JPEG (ms) | progressive (MP/s) | end to end, PNG (ms) | PNG (MP/s) |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
for row in rows {
    let mp = row.megapixels
    let cells = [row.quantize, row.jpeg, row.progressive, row.png].map { "\(ms($0)) | \(Int((mp / $0).rounded()))" }
    print("| \(row.width)×\(row.height) | \(String(format: "%.2f", mp)) MP | " + cells.joined(separator: " | ") + " |")
}

if let csvPath {
    var csv = "megapixels,width,height,quantize_s,jpeg_s,progressive_s,png_s\n"
    for row in rows {
        csv +=
            "\(row.megapixels),\(row.width),\(row.height),\(row.quantize),\(row.jpeg),\(row.progressive),\(row.png)\n"
    }
    guard FileManager.default.createFile(atPath: csvPath, contents: Data(csv.utf8)) else {
        FileHandle.standardError.write(Data("imagecolors-growth: cannot write \(csvPath)\n".utf8))
        exit(1)
    }
}
