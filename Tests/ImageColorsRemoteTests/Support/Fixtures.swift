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
        try await ImageColorAnalyzer().analyze(fileAt: RepositoryPaths.samples.appendingPathComponent(name).path)
            .colorsOnly
    }

    /// Limits for tests that are not about time: generous, because the whole `swift test` run
    /// shares 2 cores and tests that wait for child processes can hold Swift's concurrency
    /// threads for seconds. (Tests about time set their own, short, limits.)
    /// Loopback is opted in: the tests' server is on 127.0.0.1.
    static let limits = DownloadLimits(
        connectTimeout: .seconds(30), timeout: .seconds(60), addressPolicy: .allowingLoopback)
    /// The same with the default address policy, for tests of the policy itself.
    static let defaultPolicyLimits = DownloadLimits(connectTimeout: .seconds(30), timeout: .seconds(60))
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
