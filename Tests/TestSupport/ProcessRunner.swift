import Foundation

/// What a finished process printed.
public struct ProcessOutput: Sendable {
    /// The exit status.
    public var status: Int32
    /// Standard output, raw.
    public var stdoutData: Data
    /// Standard error, raw.
    public var stderrData: Data

    /// Standard output as UTF-8 text.
    public var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
    /// Standard error as UTF-8 text.
    public var stderr: String { String(decoding: stderrData, as: UTF8.self) }
    /// Non-empty lines of standard output.
    public var lines: [String] { stdout.split(separator: "\n").map(String.init) }
    /// Non-empty lines of standard error.
    public var errorLines: [String] { stderr.split(separator: "\n").map(String.init) }
}

/// Runs a program to completion and collects both outputs.
/// - Parameters:
///   - executable: The program's path.
///   - arguments: Its arguments.
///   - directory: The working directory; default the current one.
///   - environment: Variables added to (or replacing) this process's environment.
///   - unsetting: Variables of this process's environment the child must not see.
///   - input: Bytes for the child's standard input; default none (it reads end of file).
public func runProcess(
    _ executable: URL, _ arguments: [String], in directory: URL? = nil,
    environment: [String: String] = [:], unsetting: [String] = [], input: Data? = nil
) throws -> ProcessOutput {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    var inherited = ProcessInfo.processInfo.environment
    for name in unsetting { inherited.removeValue(forKey: name) }
    process.environment = inherited.merging(environment) { $1 }
    let out = Pipe()
    let err = Pipe()
    let stdin = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = stdin
    try process.run()
    // Not FileHandle.write(_:), which traps when the write is interrupted (EINTR, seen under
    // load) or the child has gone (EPIPE); a child that does not read its input just does not.
    writeAll(input ?? Data(), to: stdin.fileHandleForWriting.fileDescriptor)
    try? stdin.fileHandleForWriting.close()
    // Drain stderr on another thread so a full pipe can never stall the child.
    final class Box: @unchecked Sendable { var data = Data() }
    let errors = Box()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        errors.data = err.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return ProcessOutput(status: process.terminationStatus, stdoutData: stdout, stderrData: errors.data)
}

/// Writes `data` to `descriptor`, retrying interrupted writes and stopping at any other error.
private func writeAll(_ data: Data, to descriptor: Int32) {
    // A child that exits before reading must not take the test process down with SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    data.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written > 0 { offset += written } else if written < 0 && errno == EINTR { continue } else { return }
        }
    }
}

/// ``runProcess(_:_:in:environment:unsetting:input:)`` on a GCD thread: the caller suspends
/// instead of blocking one of Swift concurrency's few cooperative threads (two on this 2-core
/// machine) while the child runs, so async tests elsewhere in the run are not starved.
public func runProcessInBackground(
    _ executable: URL, _ arguments: [String], in directory: URL? = nil,
    environment: [String: String] = [:], unsetting: [String] = [], input: Data? = nil
) async throws -> ProcessOutput {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(
                with: Result {
                    try runProcess(
                        executable, arguments, in: directory, environment: environment,
                        unsetting: unsetting, input: input)
                })
        }
    }
}
