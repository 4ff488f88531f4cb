import Foundation

/// Polls `condition` every 5 ms until it holds or `limit` passes; whether it held. The
/// default is generous because the whole `swift test` run shares 2 cores: synchronous suites
/// (the corruption sweep, the DC reader's 145 MP files) hold Swift's two concurrency threads
/// for tens of seconds, so a task may not even start for that long. A condition that never
/// holds still fails; these checks are about *whether* something happens, and promptness
/// checks are separate.
public func eventually(within limit: Duration = .seconds(90), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
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
