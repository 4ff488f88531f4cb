import Foundation
import TestSupport
import Testing

/// `--total-memory SIZE`: one memory pool for every image of the run.
@Suite("imagecolors analyze --total-memory")
struct TotalMemoryCommandTests {
    @Test("four images four at a time within one pool all succeed, with the same colours as alone")
    func shared() async throws {
        let sources = ["Samples/coffee.png", "Samples/chelsea.png", "Samples/camera.png", "Samples/horse.png"]
        let pooled = try await CLI.run(
            [
                "analyze", "--format", "json", "--jobs", "4", "--total-memory", "12MB",
                "--memory-budget", "12MB",
            ] + sources)
        let plain = try await CLI.run(
            ["analyze", "--format", "json", "--jobs", "4", "--memory-budget", "12MB"] + sources)
        #expect(pooled.status == 0)
        #expect(pooled.lines == plain.lines)
    }

    @Test("the pool bounds each image too: one that could never fit it fails, the others do not wait for it")
    func neverFits() async throws {
        let output = try await CLI.run(["analyze", "--format", "json", "--total-memory", "600KB", "Samples/coffee.png"])
        #expect(output.status == 1)
        let error = try #require(try CLI.object(output.lines[0])["error"] as? [String: Any])
        #expect(error["code"] as? String == "over-memory-budget")
        #expect((error["message"] as? String)?.contains("over the 600 kB memory budget") == true)
    }

    @Test("a failure the pool refused names --total-memory; one the image's budget refused names --memory-budget")
    func hintNamesTheFlag() async throws {
        // Given a pool too small for the sample, and then a per-image budget too small for it
        let pool = try await CLI.run(["analyze", "--format", "json", "--total-memory", "600KB", "Samples/coffee.png"])
        let budget = try await CLI.run([
            "analyze", "--format", "json", "--memory-budget", "600KB", "--total-memory", "30MB", "Samples/rocket.jpg",
        ])
        // When their failures are read
        let poolMessage = try #require(try CLI.object(pool.lines[0])["error"] as? [String: Any])["message"] as? String
        let budgetMessage =
            try #require(try CLI.object(budget.lines[0])["error"] as? [String: Any])["message"] as? String
        // Then each hint names the flag whose limit was hit
        #expect(poolMessage?.hasSuffix("raise it with --total-memory or use a smaller image") == true)
        #expect(budgetMessage?.hasSuffix("raise it with --memory-budget or use a smaller image") == true)
    }

    @Test("--total-memory must be a size")
    func validation() async throws {
        let output = try await CLI.run(["analyze", "--total-memory", "lots", "Samples/coffee.png"])
        #expect(output.status == 64)
    }
}
