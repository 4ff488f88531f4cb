import Foundation
import ImageColors

/// Runs an `imagecolors` binary — this checkout's or any other build, for before/after
/// comparisons — on many files at once and reads its JSON lines back.
struct CLIRunner {
    /// The binary.
    var executable: String
    /// Flags added to every run (`--scheme classic`, `--min-contrast 4.5`, …).
    var extraArguments: [String]

    /// `analyze --format json --color-management off --quality QUALITY` on `files`: the results
    /// by source path; sources that failed are missing.
    func analyze(_ files: [String], quality: String) throws -> [String: ColorAnalysis] {
        guard !files.isEmpty else { return [:] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        // Colour management off: the re-encoded and cropped copies carry no profile, and the
        // question is the quantizer's, not colour conversion's.
        process.arguments =
            [
                "analyze", "--format", "json", "--color-management", "off", "--quality", quality,
                "--jobs", "2",
            ] + extraArguments + ["--"] + files
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var results: [String: ColorAnalysis] = [:]
        let decoder = JSONDecoder()
        for line in data.split(separator: UInt8(ascii: "\n")) {
            guard let analysis = try? decoder.decode(ColorAnalysis.self, from: Data(line)), let source = analysis.source
            else {
                continue
            }
            results[source] = analysis
        }
        return results
    }
}
