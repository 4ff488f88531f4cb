import Foundation
import ImageColors
import Synchronization

/// Reads `--input-list` a line at a time, so that a run starts on the first sources while the
/// rest are still arriving (`find … | imagecolors analyze --input-list -`), within a limit on the
/// whole list, and gives up at once when the run is cancelled (SIGINT, SIGTERM).
///
/// Reading standard input to its end first held everything in memory and heeded no signal:
/// `yes /nonexistent | imagecolors analyze --input-list -` grew until the kernel killed it.
/// Blank lines and lines starting with `#` are skipped; each line is trimmed of white space.
final class InputListReader: Sendable {
    /// The most sources a list may name.
    static let maximumSources = 1_000_000
    /// The most bytes a list may hold (lines, comments and blank lines included).
    static let maximumBytes = 64 * 1024 * 1024

    /// The list's name as given (`-` for standard input).
    let name: String
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let state = Mutex(State())
    /// Set when the reading task is cancelled; the blocked read sees it within ``pollInterval``.
    private let cancelled = Atomic<Bool>(false)
    private let queue = DispatchQueue(label: "imagecolors.input-list")

    /// How often a read waiting for input looks for cancellation, in milliseconds.
    private static let pollInterval: Int32 = 100

    private struct State {
        /// Bytes read and not yet handed out as lines, from ``start``.
        var buffer: [UInt8] = []
        /// Where the next line begins in ``buffer``.
        var start = 0
        /// How far ``buffer`` was searched for a newline without finding one.
        var scanned = 0
        var bytesRead = 0
        var sources = 0
        var ended = false
    }

    /// Opens the list.
    /// - Parameter name: A file, or `-` for standard input.
    /// - Throws: ``InputListError/unreadable(_:reason:)`` when the file cannot be opened.
    init(name: String) throws(InputListError) {
        self.name = name
        if name == "-" {
            descriptor = STDIN_FILENO
            ownsDescriptor = false
        } else {
            descriptor = open(name, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw .unreadable(name, reason: String(cString: strerror(errno)))
            }
            ownsDescriptor = true
        }
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// The next source, or `nil` at the end of the list.
    /// - Throws: ``InputListError`` when the list is over a limit or cannot be read;
    ///   `CancellationError` when the calling task is cancelled while waiting for input.
    func next() async throws -> String? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                queue.async { continuation.resume(with: Result { try self.nextNow() }) }
            }
        } onCancel: {
            cancelled.store(true, ordering: .relaxed)
        }
    }

    /// Every source left, in order (a run that must plan all its outputs before any work).
    /// - Throws: As ``next()``.
    func readAll() async throws -> [String] {
        var sources: [String] = []
        while let source = try await next() { sources.append(source) }
        return sources
    }

    /// Reads until a line that names a source, blocking on ``queue``.
    private func nextNow() throws -> String? {
        try state.withLock { state in
            while true {
                let newline = state.buffer[state.scanned...].firstIndex(of: UInt8(ascii: "\n"))
                guard newline != nil || state.ended else {
                    // Keep only the line begun, then read on; what was searched is not searched again.
                    state.buffer.removeSubrange(..<state.start)
                    state.start = 0
                    state.scanned = state.buffer.count
                    try fill(&state)
                    continue
                }
                let end = newline ?? state.buffer.count
                guard state.start < end || newline != nil else { return nil }
                let text = String(decoding: state.buffer[state.start..<end], as: UTF8.self)
                state.start = min(end + 1, state.buffer.count)
                state.scanned = state.start
                if let source = try source(in: text, state: &state) { return source }
                if newline == nil { return nil }
            }
        }
    }

    /// A line's source, counted against ``maximumSources``; `nil` for a blank or comment line.
    private func source(in line: String, state: inout State) throws(InputListError) -> String? {
        let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, !text.hasPrefix("#") else { return nil }
        state.sources += 1
        if state.sources > Self.maximumSources { throw .tooLarge(name, limit: "\(Self.maximumSources) sources") }
        return text
    }

    /// Reads what is there (waiting for it, a poll interval at a time, while not cancelled).
    private func fill(_ state: inout State) throws {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while poll(&poller, 1, Self.pollInterval) == 0 || (poller.revents == 0) {
            if cancelled.load(ordering: .relaxed) { throw CancellationError() }
        }
        if cancelled.load(ordering: .relaxed) { throw CancellationError() }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR || errno == EAGAIN { return }
            throw InputListError.unreadable(name, reason: String(cString: strerror(errno)))
        }
        if count == 0 {
            state.ended = true
            return
        }
        state.bytesRead += count
        if state.bytesRead > Self.maximumBytes {
            throw InputListError.tooLarge(name, limit: MemoryBudget.format(bytes: Self.maximumBytes))
        }
        state.buffer.append(contentsOf: chunk[..<count])
    }
}

/// Why `--input-list` could not be read to its end.
enum InputListError: ImageColorsError {
    /// The file could not be opened or read.
    case unreadable(String, reason: String)
    /// The list is over ``InputListReader/maximumSources`` or ``InputListReader/maximumBytes``.
    case tooLarge(String, limit: String)

    var code: String {
        switch self {
        case .unreadable: "input-list-unreadable"
        case .tooLarge: "input-list-too-large"
        }
    }

    var description: String {
        switch self {
        case .unreadable(let name, let reason):
            "cannot read the input list \(name): \(reason)"
        case .tooLarge(let name, let limit):
            """
            the input list \(name) is over \(limit), the most one run reads; the sources before it were analysed \
            (split the list)
            """
        }
    }
}
