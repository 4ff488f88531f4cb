import Foundation
import TestHTTPServer
import TestSupport
import Testing

/// SIGINT and SIGTERM cancel a batch: spool files are removed, complete lines stay, and the
/// exit status is 128 + the signal. (Killed outright, a batch left 5–25 MB spool files behind.)
@Suite("imagecolors: signals", .serialized)
struct SignalTests {
    @Test(
        "a signal mid-download removes the spool file and exits 128 + the signal",
        arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func cancelledBatch(signal: Int32, status: Int32) async throws {
        // Given a 10 MB body dripped over about a minute, spooled to disk past 1 MB (a quarter
        // of a 4 MB budget), after a local file that prints at once
        let response = TestResponse.drip(TestResponse.filler(10_000_000), chunkSize: 8000, interval: .milliseconds(40))
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-signals-\(UUID())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // The CLI's stderr, kept outside the spool folder, for the failure messages.
        let logs = try ScratchDirectory(prefix: "imagecolors-signals-stderr")
        let errorsPath = logs.path("stderr")
        #expect(FileManager.default.createFile(atPath: errorsPath, contents: nil))
        let errors = try #require(FileHandle(forWritingAtPath: errorsPath))
        defer { try? errors.close() }
        func stderr() -> String { (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? "" }
        try await TestHTTPServer.with({ _ in response }) { server in
            let process = Process()
            process.executableURL = CLI.binary
            process.arguments = [
                // (A download timeout far past the test's: on a loaded machine the default 30 s
                // could end the download before the signal, which is not what is tested here.)
                "analyze", "--allow-loopback", "--format", "json", "--memory-budget", "4MB", "--jobs", "1",
                "--timeout", "600",
                "Samples/coffee.png", server.url("/big.jpg").absoluteString,
            ]
            process.currentDirectoryURL = CLI.root
            process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": scratch.path]) { $1 }
            let output = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            // When the body is flowing into the spool file and the signal arrives (watched
            // without suspending: a full run's corruption sweep held both concurrency threads
            // past the whole download, and the file came and went unseen)
            let spooling =
                eventuallyBlocking(within: .seconds(60)) {
                    !process.isRunning
                        || !((try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []).isEmpty
                } && process.isRunning
            #expect(spooling, "the download never reached the spool file; stderr: \(stderr())")
            // (Only while it runs: an exited child's pid may already belong to another process.)
            if process.isRunning { kill(process.processIdentifier, signal) }
            let stdout = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            // Then the process exits 128 + the signal, the file's line was printed whole, and
            // no spool file is left
            #expect(process.terminationStatus == status, "stderr: \(stderr())")
            let lines = String(decoding: stdout, as: UTF8.self).split(separator: "\n")
            #expect(lines.count >= 1 && lines[0].hasPrefix("{") && lines[0].hasSuffix("}"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
        }
    }
}
