import Foundation
import TestSupport
import Testing

/// Standard output that goes away or fills up ends the run cleanly: `FileHandle.write` trapped
/// on both (SIGILL, no message).
@Suite("imagecolors: output write errors")
struct OutputErrorTests {
    /// Runs `imagecolors ARGUMENTS` with standard output on `stdout`, stderr collected.
    static func run(_ arguments: [String], stdout: Any, whileRunning: (Process) throws -> Void = { _ in }) throws -> (
        Int32, String
    ) {
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = arguments
        process.currentDirectoryURL = CLI.root
        process.standardOutput = stdout
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        try whileRunning(process)
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stderr, as: UTF8.self))
    }

    @Test("a reader that goes away after the first line ends the run quietly with 141")
    func closedPipe() throws {
        // Given many sources and a reader that takes one line, then closes the pipe
        let pipe = Pipe()
        let sources = Array(repeating: CLI.samples, count: 20).flatMap { $0 }
        let (status, stderr) = try Self.run(["analyze", "--format", "json"] + sources, stdout: pipe) { _ in
            _ = pipe.fileHandleForReading.availableData
            try pipe.fileHandleForReading.close()
        }
        // Then the process exits 141, as if SIGPIPE had ended it, and prints no error
        #expect(status == 141)
        #expect(!stderr.contains("cannot write"), "\(stderr)")
    }

    @Test("a full disk is an error line and exit 1")
    func fullDevice() throws {
        // Given standard output on /dev/full
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        // When a result is printed
        let (status, stderr) = try Self.run(["analyze", "Samples/coffee.png"], stdout: full)
        // Then the write error is said once, and the exit status is 1
        #expect(status == 1)
        #expect(stderr == "imagecolors: cannot write to standard output: No space left on device\n")
    }
}
