import Foundation
import TestSupport
import Testing

/// The low findings of issue 39 about flags and thumbnails: sizes past the largest name it, an
/// empty `--name=` does not take the next argument, and a thumbnail that cannot be written keeps
/// its source's colours.
@Suite("imagecolors: hostile flags and unwritable thumbnails", .serialized)
struct HostileFlagTests {
    @Test(
        "a size past the largest is a usage error naming the maximum",
        arguments: [
            ["--max-download-size", "9223372036854775807"], ["--memory-budget", "8EiB"],
            ["--total-memory", "9223372036854775807"],
        ])
    func sizePastTheLargest(arguments: [String]) async throws {
        let output = try await CLI.run(["analyze"] + arguments + ["Samples/coffee.png"])
        #expect(output.status == 64)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains("at most 4611686018427387903 bytes (4 EiB)"), "\(output.stderr)")
        #expect(output.stderr.contains(arguments[0]))
    }

    @Test("--backdrop= (empty) is refused, naming it, instead of taking the next argument as its value")
    func emptyValue() async throws {
        let output = try await CLI.run(["analyze", "--backdrop=", "#112233", "Samples/coffee.png"])
        #expect(output.status == 64)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains("--backdrop= gives an empty value"), "\(output.stderr)")
    }

    @Test("a thumbnail that cannot be written: the colours are printed, with a warning, and the exit status is 1")
    func thumbnailNotWritten() async throws {
        // Given a thumbnail path in a folder that does not exist
        let output = try await CLI.run([
            "analyze", "--format", "json", "--thumbnail", "/nonexistent/imagecolors/{name}.png",
            "Samples/coffee.png", "Samples/rocket.jpg",
        ])
        // Then each source's line has its colours and the thumbnail's error
        #expect(output.status == 1)
        let lines = try output.lines.map(CLI.object)
        #expect(lines.count == 2)
        for line in lines {
            #expect((line["background"] as? String)?.hasPrefix("#") == true)
            let error = try #require(line["thumbnailError"] as? [String: Any])
            #expect(error["code"] as? String == "thumbnail-not-written")
        }
        #expect(output.stderr.contains("imagecolors: warning: Samples/coffee.png: cannot write the thumbnail"))
        #expect(
            output.errorLines.last?.hasPrefix("imagecolors: 2 sources: 2 analysed, 0 failed, ") == true,
            "\(output.stderr)")
        #expect(output.errorLines.last?.hasSuffix(", 2 thumbnails not written") == true)
    }
}
