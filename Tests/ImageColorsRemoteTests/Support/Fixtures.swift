import Foundation
import ImageColors
import ImageColorsRemote
import TestSupport

/// Sample images, short limits and a private temporary directory per test.
enum Fixtures {
    static let jpeg = try! Data(contentsOf: RepositoryPaths.samples.appendingPathComponent("rocket.jpg"))
    static let png = try! Data(contentsOf: RepositoryPaths.samples.appendingPathComponent("coffee.png"))

    /// What analysing the sample file gives, with `source` cleared for comparison.
    static func fileAnalysis(_ name: String) async throws -> ColorAnalysis {
        try await ImageColorAnalyzer().analyze(fileAt: RepositoryPaths.samples.appendingPathComponent(name).path).colorsOnly
    }

    /// Limits for tests that are not about time: generous, because the whole `swift test` run
    /// shares 2 cores and tests that wait for child processes can hold Swift's concurrency
    /// threads for seconds. (Tests about time set their own, short, limits.)
    static let limits = DownloadLimits(connectTimeout: .seconds(30), timeout: .seconds(60))
}

/// A temporary directory of a test's own, to check that no spooled file is left behind.
struct ScratchDirectory: ~Copyable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-remote-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The names of the files in it.
    var contents: [String] { (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] }

    deinit { try? FileManager.default.removeItem(at: url) }
}

extension ColorAnalysis {
    /// The analysis without what legitimately differs between a download and its file: the
    /// source, and the memory report (downloaded bytes are held in memory and accounted).
    var colorsOnly: ColorAnalysis {
        var copy = self
        copy.source = nil
        copy.memory = nil
        return copy
    }
}

/// Polls `condition` every 10 ms until it holds or `limit` passes; whether it held. The
/// default is generous because the whole `swift test` run shares 2 cores: synchronous suites
/// (the corruption sweep, the DC reader's 145 MP files) hold Swift's two concurrency threads
/// for tens of seconds, so a download task may not even start for that long. A condition that
/// never holds still fails; these checks are about *whether* something happens, and the
/// promptness checks (cancellation within 10 s) are separate.
func eventually(within limit: Duration = .seconds(90), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}
