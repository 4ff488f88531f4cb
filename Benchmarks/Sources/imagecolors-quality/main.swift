// Colour quality: how stable each role is when nothing that matters about the picture changes.
// For every JPEG and PNG under the given folders (default: the repository's Samples/ and the
// shared test corpus), the ΔE_OK of each role (background, primary, secondary, detail) between
//   - the `low` (100 px) and `high` (250 px) quality presets,
//   - the image and a copy re-encoded as JPEG quality 75 (transparency on the card background),
//   - the image and a copy with its first row and column cropped (a 1-pixel crop, as PNG),
// and how many roles fell back. Prints a Markdown table and a summary (quality-report.sh).
// Colour management is off throughout: the re-encoded copies carry no profile, and the question
// is the quantizer's stability, not colour conversion.
//
//   imagecolors-quality [--summary-only] [FOLDER_OR_FILE...]

import Foundation
@_spi(Benchmarks) import ImageColors

var summaryOnly = false
var roots: [String] = []
for argument in CommandLine.arguments.dropFirst() {
    switch argument {
    case "--summary-only": summaryOnly = true
    case let flag where flag.hasPrefix("-"):
        FileHandle.standardError.write(Data("usage: imagecolors-quality [--summary-only] [FOLDER_OR_FILE...]\n".utf8))
        exit(2)
    default: roots.append(argument)
    }
}
if roots.isEmpty { roots = ["../Samples", "../../shared/corpus"] }

let files = roots.flatMap(imageFiles(under:))
guard !files.isEmpty else {
    FileHandle.standardError.write(Data("imagecolors-quality: no JPEG or PNG files under \(roots.joined(separator: ", "))\n".utf8))
    exit(1)
}

var summary = StabilitySummary()
if !summaryOnly {
    print("| image | low ↔ high (bg pri sec det) | re-encoded q75 | 1-px crop | fallbacks |")
    print("| --- | --- | --- | --- | --- |")
}
for file in files {
    let name = file.replacingOccurrences(of: "../../shared/", with: "").replacingOccurrences(of: "../", with: "")
    // Summaries per kind of image: PngSuite's 32×32 test patterns behave nothing like photos.
    let group = name.contains("pngsuite/") ? "PngSuite test patterns (32×32)"
        : name.contains("malformed/") ? "malformed corpus files" : "photos (Samples, corpus jpeg, orientation, color)"
    do {
        let row = try await StabilityRow.measure(file)
        summary.add(row, group: group)
        if !summaryOnly { print("| \(name) | \(row.formatted) |") }
    } catch {
        // Malformed files are meant to fail (some PngSuite ones too); counted, not compared.
        summary.addFailure(group: group)
        if !summaryOnly { print("| \(name) | failed: \(error) | | | |") }
    }
}
for (group, groupSummary) in summary.groups.sorted(by: { $0.key < $1.key }) {
    print()
    print("### \(group)")
    print()
    print(groupSummary.formatted)
}
print()
print("### all")
print()
print(summary.formatted)

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
