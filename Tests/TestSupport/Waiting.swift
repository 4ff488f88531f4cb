import Foundation

/// Polls `condition` every 5 ms until it holds or `limit` of polling passes; whether it held.
/// The default is generous because the whole `swift test` run shares 2 cores: synchronous suites
/// (the corruption sweep, the DC reader's 145 MP files) hold Swift's two concurrency threads
/// for tens of seconds, so a task may not even start for that long. Time this poller itself
/// could not run (a 5 ms sleep that took longer than 100 ms) counts as 100 ms: when the threads
/// are held, the task it waits for is held too, and a plain deadline expired before either ran
/// again (a loaded full run failed so after 116 s). A condition that never holds still fails;
/// these checks are about *whether* something happens, and promptness checks are separate.
public func eventually(within limit: Duration = .seconds(90), _ condition: () -> Bool) async -> Bool {
    var remaining = limit
    var last = ContinuousClock.now
    while remaining > .zero {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
        let now = ContinuousClock.now
        remaining -= min(now - last, .milliseconds(100))
        last = now
    }
    return condition()
}

/// Polls `condition` every 5 ms on the calling thread, never suspending, until it holds or
/// `limit` passes; whether it held. For waits that must catch a passing moment, such as a spool
/// file that exists only while its download runs: an `await` resumes only when one of Swift's
/// two concurrency threads is free, and in a full run the corruption sweep held both for longer
/// than a 50 s download (the file came and went unseen, twice). Holding the thread while
/// polling keeps the test's own eye open; the work it watches runs on threads of its own (a
/// child process, an `AnalysisExecutor`, the test server's event loop).
public func eventuallyBlocking(within limit: Duration = .seconds(90), _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if condition() { return true }
        usleep(5000)
    }
    return condition()
}

/// A temporary directory of a test's own, removed when the value goes away.
public struct ScratchDirectory: ~Copyable {
    /// The directory.
    public let url: URL

    /// Creates an empty directory under the system's temporary directory.
    /// - Parameter prefix: The start of its name, to tell tests' leftovers apart.
    public init(prefix: String = "imagecolors-tests") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path in the directory.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// The names of the files in it.
    public var contents: [String] { (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] }

    deinit { try? FileManager.default.removeItem(at: url) }
}
