import ArgumentParser
import Foundation

/// Writes whole lines to stdout and stderr, unbuffered so order is kept when both are a pipe.
///
/// Writes go through `write(2)`: `FileHandle.write` traps when a write fails, and with a URL in
/// the batch a closed pipe is an `EPIPE` error, not a signal (the HTTP client ignores SIGPIPE).
enum StandardStreams {
    /// The exit status when standard output is closed under the run (`… | head -1`): 141, what
    /// a shell reports for a process killed by SIGPIPE, so pipelines see the usual status.
    static let closedOutputStatus: Int32 = 141

    /// Prints a line on standard output.
    /// - Throws: `ExitCode(141)` when the reader has gone (the run ends quietly), or
    ///   `ExitCode(1)` after an error line on stderr when the write failed otherwise (a full
    ///   disk, `> /dev/full`). Thrown from a batch's delivery, it cancels the rest of the batch.
    static func printLine(_ text: String) throws(ExitCode) {
        guard let failure = write(text + "\n", to: STDOUT_FILENO) else { return }
        if failure == EPIPE { throw ExitCode(closedOutputStatus) }
        printError("imagecolors: cannot write to standard output: \(String(cString: strerror(failure)))")
        throw ExitCode(1)
    }

    /// Prints a line on standard error, control characters escaped (a message may quote a file
    /// name or a server's words); if that fails there is nowhere left to say so.
    static func printError(_ text: String) {
        _ = write(SourceDisplay.escapingControlCharacters(text) + "\n", to: STDERR_FILENO)
    }

    /// Writes terminal control text (the progress bar) to standard error as it is.
    static func printControl(_ text: String) {
        _ = write(text, to: STDERR_FILENO)
    }

    /// Writes all of `text`: `nil`, or the `errno`.
    private static func write(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }
}

/// Writes every byte of `bytes` to `descriptor`, retrying interrupted and short writes: `nil`,
/// or the `errno` of the write that failed. (Standard output and the atomic files both use it.)
func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
    var offset = 0
    while offset < bytes.count {
        let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
            if errno == EINTR { continue }
            return errno
        }
        offset += written
    }
    return nil
}
