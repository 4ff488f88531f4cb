// Colour quality: do the colours keep the picture, stay legible and stay put?
//
// For every JPEG and PNG of each set, an `imagecolors` binary (this checkout's, or another
// build's with --cli, for a before/after comparison) analyses the image at `high`, `low`, `lowest` and `highest`,
// a copy re-encoded as JPEG quality 75 (compared, for an image with transparency, with a
// lossless copy flattened onto white, since a JPEG cannot keep alpha) and a copy cropped by one
// row and column. Per set it
// prints: fallbacks and needless fallbacks (a role fell back while the picture holds a
// chromatic colour of ≥ 2% of its pixels whose hue no colour of the card carries), roles under
// the contrast target, adjusted roles whose hue stayed within 15°, indistinct role pairs, and
// the background's ΔE_OK across the five changes (median, worst, and how many moved over
// 0.20: a flip). Colour management is off throughout: the copies carry no profile.
//
//   imagecolors-quality --cli PATH [--summary-only] [--scheme S] [--min-contrast R]
//                       [--set NAME=FOLDER]... [FOLDER_OR_FILE...]

import Foundation
@_spi(Benchmarks) import ImageColors

var summaryOnly = false
var cli: String?
var extra: [String] = []
var target = 3.0
var sets: [(name: String, roots: [String])] = []
var loose: [String] = []
var arguments = Array(CommandLine.arguments.dropFirst())
func usage() -> Never {
    FileHandle.standardError.write(
        Data(
            """
            usage: imagecolors-quality --cli PATH [--summary-only] [--scheme S] [--min-contrast R] [--set \
            NAME=FOLDER]... [FOLDER_OR_FILE...]

            """.utf8))
    exit(2)
}
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    func value() -> String {
        if arguments.isEmpty { usage() }
        return arguments.removeFirst()
    }
    switch argument {
    case "--summary-only": summaryOnly = true
    case "--cli": cli = value()
    case "--scheme": extra += ["--scheme", value()]
    case "--min-contrast":
        let ratio = value()
        guard let parsed = Double(ratio) else { usage() }
        target = parsed
        extra += ["--min-contrast", ratio]
    case "--set":
        let spec = value()
        guard let equals = spec.firstIndex(of: "=") else { usage() }
        sets.append((String(spec[..<equals]), [String(spec[spec.index(after: equals)...])]))
    case let flag where flag.hasPrefix("-"): usage()
    default: loose.append(argument)
    }
}
guard let cli else { usage() }
if !loose.isEmpty { sets.append(("files", loose)) }
if sets.isEmpty {
    sets = [
        (
            "Samples and the shared corpus's photos",
            ["../Samples", "../../shared/corpus/jpeg", "../../shared/corpus/orientation", "../../shared/corpus/color"]
        )
    ]
}

let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-quality-\(getpid())").path
try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: scratch) }
let runner = CLIRunner(executable: cli, extraArguments: extra)

for (name, roots) in sets {
    let files = roots.flatMap(imageFiles(under:))
    guard !files.isEmpty else {
        FileHandle.standardError.write(Data("imagecolors-quality: no JPEG or PNG files in set \(name)\n".utf8))
        exit(1)
    }
    var variants: [String: Variants] = [:]
    for (index, file) in files.enumerated() {
        variants[file] = Variants.make(file, key: "\(name.hashValue & 0xffff)-\(index)", in: scratch)
    }
    let high = try runner.analyze(files, quality: "high")
    let low = try runner.analyze(files, quality: "low")
    let lowest = try runner.analyze(files, quality: "lowest")
    let highest = try runner.analyze(files, quality: "highest")
    let copies = try runner.analyze(
        variants.values.flatMap { [$0.reencoded, $0.flattened, $0.cropped].compactMap { $0 } }, quality: "high")
    var summary = QualitySummary()
    var table: [String] = []
    for file in files {
        let shortName = file.replacingOccurrences(of: "../../shared/", with: "").replacingOccurrences(
            of: "../", with: "")
        guard let result = high[file], let hues = try? HueProfile(fileAt: file) else {
            summary.failed += 1
            table.append("| \(shortName) | failed | | | | | | | | |")
            continue
        }
        let row = ImageMetrics(
            high: result, low: low[file], lowest: lowest[file], highest: highest[file],
            reencoded: variants[file]?.reencoded.flatMap { copies[$0] },
            flattened: variants[file]?.flattened.flatMap { copies[$0] },
            cropped: variants[file]?.cropped.flatMap { copies[$0] }, hues: hues, target: target)
        summary.add(row)
        table.append("| \(shortName) | \(row.formatted) |")
    }
    print("### \(name)")
    print()
    if !summaryOnly {
        print(ImageMetrics.header)
        for row in table { print(row) }
        print()
    }
    print(summary.formatted)
    print()
}

/// The JPEG and PNG files under a folder (recursively, sorted), or the file itself.
func imageFiles(under root: String) -> [String] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder) else { return [] }
    guard isFolder.boolValue else { return [root] }
    let extensions: Set<String> = ["jpg", "jpeg", "png"]
    let found = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
    return found.filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) }
        .sorted().map { root + "/" + $0 }
}
