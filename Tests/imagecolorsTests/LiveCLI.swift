import Foundation
import Synchronization
import TestSupport

/// The built `imagecolors` running while a test writes to its standard input, watches its
/// output and signals it: for behaviour while the run is under way (streamed input lists,
/// signals).
final class LiveCLI: Sendable {
    private let process: Process
    private let input: Pipe
    private let collected = Collected()

    /// What the process printed, shared with the pipes' handlers.
    private final class Collected: Sendable {
        let value = Mutex<(stdout: Data, stderr: Data)>((Data(), Data()))
    }

    /// Starts `imagecolors ARGUMENTS…` in the package root.
    init(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = arguments
        process.currentDirectoryURL = CLI.root
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        self.process = process
        self.input = input
        let collected = collected
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil }
            collected.value.withLock { $0.stdout.append(data) }
        }
        errors.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil }
            collected.value.withLock { $0.stderr.append(data) }
        }
        // A child that exits before reading must not take the test process down with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        try process.run()
    }

    /// What the process printed on standard output so far.
    var stdout: String { String(decoding: collected.value.withLock { $0.stdout }, as: UTF8.self) }
    /// What the process printed on standard error so far.
    var stderr: String { String(decoding: collected.value.withLock { $0.stderr }, as: UTF8.self) }

    /// Writes `text` to the process's standard input; `false` when it could not be written.
    @discardableResult
    func write(_ text: String) -> Bool {
        Data(text.utf8).withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(
                    input.fileHandleForWriting.fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return false }
                offset += written
            }
            return true
        }
    }

    /// Closes the process's standard input (the end of the list).
    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// Sends `signal` while the process runs.
    func send(_ signal: Int32) {
        if process.isRunning { kill(process.processIdentifier, signal) }
    }

    /// Waits until `condition` holds or `seconds` pass; whether it held.
    func wait(seconds: Double, for condition: () -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return condition()
    }

    /// Waits up to `seconds` for the process to exit: its status, or `nil` when it was still
    /// running (it is then killed).
    func exitStatus(within seconds: Double) async throws -> Int32? {
        let exited = try await wait(seconds: seconds) { !process.isRunning }
        guard exited else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        process.waitUntilExit()
        // The last output may still be on its way from the pipes.
        try await Task.sleep(for: .milliseconds(200))
        return process.terminationStatus
    }
}
