import Foundation
import ImageColors
import ImageColorsRemote
import TestHTTPServer
import Testing

/// Limits the public API accepts never trap the loader: timeouts past what NIO's 64-bit
/// nanoseconds or `Task.sleep` hold are clamped to 100 years.
@Suite("Remote images: extreme limits")
struct ExtremeLimitsTests {
    @Test("connect and total timeouts of Int64.max seconds still load the image")
    func hugeTimeouts() async throws {
        // Given limits whose timeouts overflow a 64-bit count of nanoseconds
        let limits = DownloadLimits(
            connectTimeout: .seconds(Int64.max), timeout: .seconds(Int64.max), addressPolicy: .allowingLoopback)
        try await TestHTTPServer.with({ _ in .ok(Fixtures.png) }) { server in
            // When an image is loaded with them
            let analysis = try await RemoteImageLoader.withLoader(limits: limits) {
                try await $0.analyze(url: server.url("/coffee.png"))
            }
            // Then it is analysed like the file
            #expect(analysis.colorsOnly == (try await Fixtures.fileAnalysis("coffee.png")))
        }
    }
}
