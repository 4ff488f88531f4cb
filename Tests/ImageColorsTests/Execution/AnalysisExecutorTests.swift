import Foundation
import ImageColors
import Synchronization
import TestSupport
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

    // Sources must be regular files (a FIFO is refused at once with not-a-file), so the blocking
    // reads here are the executor's jobs themselves, as an analysis's file reads and decoding
    // are (`ImageColorAnalyzer.perform` runs them with the analyzer's executor preferred).
    @Test("work blocked on the executor's threads leaves Swift's cooperative threads free")
    func blockingReadsStayOffTheCooperativePool() async throws {
        // Given as many blocking jobs as there are cores (and cooperative threads), each blocked
        // reading a named pipe whose writer is open but writes nothing yet
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "imagecolors-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipes = (0..<cores).map { folder.appendingPathComponent("pipe-\($0)").path }
        for pipe in pipes { #expect(mkfifo(pipe, 0o600) == 0) }
        let writers = PipeWriters(pipes)
        let executor = AnalysisExecutor(threads: cores)
        // A safety valve on a GCD thread: after 300 s the pipes get their bytes whatever
        // happens, so a regression fails this test instead of hanging the run. (Not a timing
        // threshold: other suites may hold the cooperative threads for tens of seconds, and a
        // fresh-clone run on a machine with two builds besides held them past 120 s; with the
        // analyses on them, this task could only resume once the valve had opened the pipes.)
        let valve = Valve()
        DispatchQueue.global().asyncAfter(deadline: .now() + 300) {
            valve.open()
            writers.finish()
        }
        // (Started on the executor, not hopping there from the cooperative pool, which other
        // suites' synchronous work may hold for longer than `eventually` waits.)
        let analyses = pipes.map { pipe in
            Task(executorPreference: executor) {
                FileHandle(forReadingAtPath: pipe)?.readDataToEndOfFile().count ?? -1
            }
        }
        // (A pipe's writer can open it only once its reader has: then that analysis is blocked
        // reading, on whichever thread runs it.)
        #expect(await eventually { writers.connect() })
        // When this task (on the cooperative pool) sleeps meanwhile
        try await Task.sleep(for: .milliseconds(200))
        // Then it resumed while every analysis was still blocked: before the valve opened
        #expect(!valve.isOpen)
        writers.finish()
        for analysis in analyses {
            #expect(await analysis.value > 0)
        }
    }

    /// Whether the safety valve has opened.
    final class Valve: Sendable {
        private let state = Mutex(false)
        var isOpen: Bool { state.withLock { $0 } }
        func open() { state.withLock { $0 = true } }
    }

    /// The writing ends of named pipes: opened once their readers are there, then written to
    /// and closed, which lets the readers finish.
    final class PipeWriters: Sendable {
        private let state: Mutex<(waiting: [String], open: [Int32], finished: Bool)>

        init(_ pipes: [String]) {
            state = Mutex((pipes, [], false))
        }

        /// Opens the pipes whose readers are there (without blocking); whether all are open.
        func connect() -> Bool {
            state.withLock { state in
                guard !state.finished else { return false }
                state.waiting.removeAll { pipe in
                    // Non-blocking: with no reader yet, opening fails instead of waiting.
                    let descriptor = open(pipe, O_WRONLY | O_NONBLOCK)
                    if descriptor >= 0 { state.open.append(descriptor) }
                    return descriptor >= 0
                }
                return state.waiting.isEmpty
            }
        }

        /// Writes a few bytes that are not an image to every pipe with a reader and closes it,
        /// so its reader sees them and the end of the file. Safe to call twice.
        func finish() {
            _ = connect()
            state.withLock { state in
                state.finished = true
                for descriptor in state.open {
                    _ = "not an image".withCString { write(descriptor, $0, 12) }
                    close(descriptor)
                }
                state.open = []
            }
        }
    }

    /// The calling thread's name.
    static func threadName() -> String { Thread.current.name ?? "" }
}
