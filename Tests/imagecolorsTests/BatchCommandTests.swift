import Foundation
import TestSupport
import Testing

/// Many sources at once: lists, concurrency, order, progress and the summary.
@Suite("imagecolors analyze: batches")
struct BatchCommandTests {
    @Test("--input-list adds the file's sources after the arguments, skipping blanks and comments")
    func inputListFile() async throws {
        let list = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-list-\(UUID()).txt")
        try "Samples/coffee.png\n\n# a comment\n  Samples/rocket.jpg  \n".write(
            to: list, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: list) }
        let output = try await CLI.run(["analyze", "--format", "json", "Samples/horse.png", "--input-list", list.path])
        #expect(output.status == 0)
        #expect(
            try output.lines.map { try CLI.object($0)["source"] as? String }
                == ["Samples/horse.png", "Samples/coffee.png", "Samples/rocket.jpg"])
    }

    @Test("--input-list - reads standard input")
    func inputListStdin() async throws {
        let output = try await CLI.run(
            ["analyze", "--format", "json", "--input-list", "-"], input: "Samples/camera.png\nSamples/chelsea.png\n")
        #expect(
            try output.lines.map { try CLI.object($0)["source"] as? String } == [
                "Samples/camera.png", "Samples/chelsea.png",
            ])
    }

    @Test(
        "a missing list is a usage error naming it; no sources at all too",
        arguments: [
            ["--input-list", "/nonexistent/list.txt"], [String](),
        ])
    func badLists(arguments: [String]) async throws {
        let output = try await CLI.run(["analyze"] + arguments)
        #expect(output.status == 64)
    }

    @Test("with several jobs, lines keep input order and each source gives one", arguments: [1, 3, 8])
    func orderWithJobs(jobs: Int) async throws {
        // Given 18 sources of very different cost, failures among them
        let sources = (0..<3).flatMap { _ in CLI.samples }.enumerated().map {
            $0.offset % 5 == 2 ? "Samples/missing-\($0.offset).png" : $0.element
        }
        let output = try await CLI.run(["analyze", "--format", "json", "--jobs", "\(jobs)"] + sources)
        // Then there is one line per source, in input order
        #expect(try output.lines.map { try CLI.object($0)["source"] as? String } == sources)
        #expect(output.status == 1)
        let failed = sources.filter { $0.contains("missing") }.count
        #expect(
            output.errorLines.last?.hasPrefix(
                "imagecolors: \(sources.count) sources: \(sources.count - failed) analysed, \(failed) failed, ") == true
        )
    }

    @Test("a progress bar is drawn on a terminal's stderr, and not when stderr is a pipe")
    func progressOnTerminal() async throws {
        let command =
            """
            \(CLI.binary.path) analyze --format json Samples/coffee.png Samples/rocket.jpg Samples/retina.jpg \
            >/dev/null
            """
        let terminal = try await runProcessInBackground(
            URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"], in: CLI.root)
        #expect(terminal.stdout.contains("] 3/3"))
        let piped = try await CLI.run([
            "analyze", "--format", "json", "Samples/coffee.png", "Samples/rocket.jpg", "Samples/retina.jpg",
        ])
        #expect(!piped.stderr.contains("]"))
        #expect(
            piped.errorLines.count == 1
                && piped.errorLines[0].hasPrefix("imagecolors: 3 sources: 3 analysed, 0 failed, "))
    }
}
