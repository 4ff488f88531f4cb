import Foundation
import TestSupport
import Testing

/// `--jobs` is capped at the number of sources and at 64 (issue 39, finding 11: `--jobs 100000`
/// over 100,000 mostly missing files reached 2.26 GB, one task per source made up front).
@Suite("imagecolors: --jobs is capped", .serialized)
struct JobsCapTests {
    @Test(
        "--jobs 100000 over 20,000 missing files stays small",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time"), "needs GNU time"))
    func manyJobsManyFiles() async throws {
        // Given 20,000 missing files in a list
        let folder = try ScratchDirectory(prefix: "imagecolors-jobs")
        let list = folder.path("list.txt")
        try (0..<20_000).map { "/nonexistent/imagecolors-\($0).png" }.joined(separator: "\n")
            .write(toFile: list, atomically: true, encoding: .utf8)
        // When they are analysed with --jobs 100000, under GNU time for the peak resident size
        let output = try await runProcessInBackground(
            URL(fileURLWithPath: "/usr/bin/time"),
            [
                "-f", "peak-kb %M", CLI.binary.path, "analyze", "--format", "json", "--jobs", "100000", "--input-list",
                list,
            ],
            in: CLI.root)
        // Then every source has its line, and the peak stays under 150 MB
        #expect(output.status == 1)
        #expect(output.lines.count == 20_000)
        let peak = try #require(
            output.errorLines.last(where: { $0.hasPrefix("peak-kb ") }).flatMap { Int($0.dropFirst(8)) })
        #expect(peak < 150_000, "peak \(peak) kB")
    }

    @Test("the help names the maximum")
    func helpNamesTheMaximum() async throws {
        let output = try await CLI.run(["analyze", "--help"])
        #expect(output.stdout.contains("at most 64"))
    }
}
