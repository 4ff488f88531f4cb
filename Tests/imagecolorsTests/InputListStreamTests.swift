import Foundation
import TestSupport
import Testing

/// `--input-list -` is read a line at a time, within a limit, and a signal ends the run while it
/// waits for lines (issue 39, finding 6: `yes /nonexistent | imagecolors analyze --input-list -`
/// read until the kernel killed it at 24 GB, deaf to SIGINT and SIGTERM).
@Suite("imagecolors: streamed input lists", .serialized)
struct InputListStreamTests {
    @Test("the first source is analysed and printed while standard input is still open")
    func analysesWhileReading() async throws {
        // Given a run reading its list from a pipe that stays open
        let run = try LiveCLI(["analyze", "--format", "json", "--input-list", "-"])
        // When one line arrives
        #expect(run.write("Samples/coffee.png\n"))
        // Then its result is printed before the list ends
        let printed = try await run.wait(seconds: 60) { run.stdout.hasSuffix("}\n") }
        #expect(printed, "nothing printed before the end of the list; stderr: \(run.stderr)")
        // And the next line, after it, is analysed too
        #expect(run.write("Samples/rocket.jpg\n"))
        run.closeInput()
        #expect(try await run.exitStatus(within: 60) == 0, "\(run.stderr)")
        let sources = try run.stdout.split(separator: "\n").map { try CLI.object(String($0))["source"] as? String }
        #expect(sources == ["Samples/coffee.png", "Samples/rocket.jpg"])
    }

    @Test(
        "SIGTERM and SIGINT end a run waiting for its list at once",
        arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
    func signalWhileReading(signal: Int32, status: Int32) async throws {
        // Given a run whose list never ends (its writer is idle after one source, printed: the
        // run is past its start-up, signals caught)
        let run = try LiveCLI(["analyze", "--format", "json", "--input-list", "-"])
        #expect(run.write("Samples/coffee.png\n"))
        #expect(try await run.wait(seconds: 60) { run.stdout.hasSuffix("}\n") }, "\(run.stderr)")
        // When the signal comes
        run.send(signal)
        // Then it exits within a few seconds with 128 + the signal
        #expect(try await run.exitStatus(within: 10) == status, "\(run.stderr)")
    }

    @Test("a list over 64 MiB ends the run with input-list-too-large, naming the limit")
    func listTooLarge() async throws {
        // Given a source, then a list of 65 MiB (one endless comment line)
        var list = "Samples/coffee.png\n#"
        list += String(repeating: "#", count: 65 * 1024 * 1024)
        // When it is read from standard input
        let output = try await CLI.run(["analyze", "--format", "json", "--input-list", "-"], input: list)
        // Then the source before the limit is analysed, the list is reported as a failure that
        // names the limit, and the run exits 1
        #expect(output.status == 1, "\(output.stderr)")
        let lines = try output.lines.map(CLI.object)
        #expect(lines.count == 2)
        #expect(lines.first?["source"] as? String == "Samples/coffee.png")
        #expect(lines.first?["error"] == nil)
        let error = try #require(lines.last?["error"] as? [String: Any])
        #expect(error["code"] as? String == "input-list-too-large")
        #expect((error["message"] as? String)?.contains("64 MiB") == true, "\(error)")
        #expect(output.stderr.contains("imagecolors: -: the input list - is over 64 MiB"), "\(output.stderr)")
    }
}
