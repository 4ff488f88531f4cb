import Foundation
@testable import ImageColors

/// Paths of the shared corpus and the samples, found from this file's location.
enum TestFiles {
    /// The package root (…/main).
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// `../shared/corpus` beside the checkout, as CI lays it out.
    static let corpus = root.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    /// `Samples/`.
    static let samples = root.appendingPathComponent("Samples")

    /// Every file in a corpus folder with one of the extensions, sorted by name.
    static func files(in folder: String, extensions: Set<String> = ["png", "jpg"]) -> [String] {
        let directory = corpus.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
    }

    /// Full path of a corpus file.
    static func corpus(_ relative: String) -> String {
        corpus.appendingPathComponent(relative).path
    }

    /// Every sample image, sorted by name.
    static var sampleNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: samples.path)) ?? []
        return names.filter { ["png", "jpg", "jpeg"].contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
    }
}

/// A sink that keeps every pixel at full size, for comparing decodes with references.
struct FullImageSink: PixelSink {
    var image = RGBAImage(width: 0, height: 0, pixels: [])
    var rowsSeen = 0

    mutating func begin(width: Int, height: Int, rowsInOrder: Bool) throws {
        image = RGBAImage(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
    }

    mutating func consume(row: UnsafePointer<UInt8>, y: Int, x0: Int, dx: Int, count: Int) {
        rowsSeen += 1
        for i in 0..<count {
            let o = (y * image.width + x0 + i * dx) * 4
            for c in 0..<4 { image.pixels[o + c] = row[i * 4 + c] }
        }
    }
}

/// Decodes a file at full size (or with JPEG DCT scaling down to `minimumLongSide`).
func decodeFully(_ path: String, minimumLongSide: Int? = nil, strict: Bool = true) throws -> (RGBAImage, DecodedImageInfo) {
    var sink = FullImageSink()
    var options = DecodeOptions()
    options.minimumLongSide = minimumLongSide
    options.warningsAreErrors = strict
    let info = try ImageDecoding.decode(try SourceProbe(.file(path)), options: options, into: &sink)
    return (sink.image, info)
}

/// Runs a command to completion and returns its exit status and both outputs.
func runTool(_ executable: String, _ arguments: [String]) throws -> (status: Int32, stdout: Data, stderr: Data) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Drain stderr on another thread so a full pipe can never stall the child.
    final class Box: @unchecked Sendable { var data = Data() }
    let errors = Box()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        errors.data = err.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return (process.terminationStatus, stdout, errors.data)
}
