import Foundation
import Synchronization
import ImageColors
import Testing

/// The library's own threads. (How responsive a caller stays while analyses run is measured by
/// `Benchmarks/ticker.sh`, not here: timing checks have no place on a shared, noisy machine.)
@Suite("AnalysisExecutor")
struct AnalysisExecutorTests {
    @Test("work that prefers the executor runs on its threads, named after it")
    func runsOnItsThreads() async throws {
        // Given an executor of two threads
        let executor = AnalysisExecutor(threads: 2, name: "test-executor")
        // When work prefers it
        let (isCurrent, name) = await withTaskExecutorPreference(executor) {
            (executor.isCurrent, Self.threadName())
        }
        // Then it ran there, and not on the caller's thread
        #expect(isCurrent)
        #expect(name.hasPrefix("test-executor "))
        #expect(!executor.isCurrent)
        #expect(executor.threadCount == 2 && executor.description == "test-executor (2 threads)")
        #expect(AnalysisExecutor(threads: 0).threadCount == 1)
    }

    @Test("analyses blocked reading files hold the executor's threads, never Swift's cooperative ones")
    func blockingReadsStayOffTheCooperativePool() async throws {
        // Given as many analyses as there are cores (and cooperative threads), each stuck
        // opening a named pipe that nobody writes to yet
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipes = (0..<cores).map { folder.appendingPathComponent("pipe-\($0)").path }
        for pipe in pipes { #expect(mkfifo(pipe, 0o600) == 0) }
        let analyzer = ImageColorAnalyzer(executor: AnalysisExecutor(threads: cores))
        // A safety valve on a GCD thread: the writers arrive after 120 s whatever happens, so a
        // regression fails this test instead of hanging the run. (Not a timing threshold: other
        // suites may hold the cooperative threads for tens of seconds; with the analyses on
        // them, this task could only resume once the valve had opened the pipes.)
        let valve = Valve()
        DispatchQueue.global().asyncAfter(deadline: .now() + 120) {
            valve.open()
            Self.unblock(pipes)
        }
        let analyses = pipes.map { pipe in Task { try await analyzer.analyze(fileAt: pipe) } }
        // When this task (on the cooperative pool) sleeps meanwhile
        try await Task.sleep(for: .milliseconds(200))
        // Then it resumed while every analysis was still blocked: before the valve opened
        #expect(!valve.isOpen)
        Self.unblock(pipes)
        for analysis in analyses {
            await #expect(throws: ImageDecodingError.self) { _ = try await analysis.value }
        }
    }

    /// Whether the safety valve has opened.
    final class Valve: Sendable {
        private let state = Mutex(false)
        var isOpen: Bool { state.withLock { $0 } }
        func open() { state.withLock { $0 = true } }
    }

    /// The calling thread's name.
    static func threadName() -> String { Thread.current.name ?? "" }

    /// Opens each pipe for writing (which lets its reader's open return) and writes a few bytes
    /// that are not an image. Safe to call twice.
    static func unblock(_ pipes: [String]) {
        for pipe in pipes {
            // Non-blocking: once the reader is gone, opening fails instead of waiting.
            let descriptor = open(pipe, O_WRONLY | O_NONBLOCK)
            guard descriptor >= 0 else { continue }
            _ = "not an image".withCString { write(descriptor, $0, 12) }
            close(descriptor)
        }
    }
}
