import Foundation
import Synchronization
import TestHTTPServer
import TestSupport
import Testing

/// `report --compare-scheme` reads each source once (issue 39, finding 9: it downloaded each URL
/// twice, so a server that alternates its image showed one image per column).
@Suite("imagecolors report: --compare-scheme reads once", .serialized)
struct CompareSchemeDownloadTests {
    static let coffee = try! Data(contentsOf: RepositoryPaths.samples.appendingPathComponent("coffee.png"))
    static let rocket = try! Data(contentsOf: RepositoryPaths.samples.appendingPathComponent("rocket.jpg"))

    /// How many responses were served.
    final class Counter: Sendable {
        let value = Mutex(0)
    }

    /// The four light-card colours of `file` by `scheme`, from `analyze`.
    static func colors(of file: String, scheme: String) async throws -> [String] {
        let line = try await CLI.run(["analyze", "--format", "json", "--scheme", scheme, file]).lines[0]
        let object = try CLI.object(line)
        return ["background", "primary", "secondary", "detail"].map { object[$0] as? String ?? "" }
    }

    @Test("both columns come from one request to a server that alternates its image")
    func oneDownloadBothSchemes() async throws {
        // Given a server that answers coffee.png, then rocket.jpg, then coffee.png…
        let served = Counter()
        try await TestHTTPServer.with({ _ in
            let count = served.value.withLock { count in
                defer { count += 1 }
                return count
            }
            return .ok(count % 2 == 0 ? Self.coffee : Self.rocket, contentType: "image/png")
        }) { server in
            let folder = try ScratchDirectory(prefix: "imagecolors-compare")
            let page = folder.path("report.html")
            // When a report compares the schemes of its one URL
            let output = try await CLI.run([
                "report", "--allow-loopback", "--compare-scheme", "classic", "-o", page,
                server.url("/alternating.png").absoluteString,
            ])
            #expect(output.status == 0, "\(output.stderr)")
            // Then the image was requested once
            #expect(server.requestCount("/alternating.png") == 1)
            // And both columns are coffee.png's colours, each by its scheme
            let html = try String(contentsOfFile: page, encoding: .utf8)
            let faithful = try await Self.colors(of: "Samples/coffee.png", scheme: "faithful")
            let classic = try await Self.colors(of: "Samples/coffee.png", scheme: "classic")
            for (index, role) in ["background", "primary", "secondary", "detail"].enumerated() {
                #expect(html.contains("data-role=\"\(role)\" style=\"background:\(faithful[index])\""), "\(role)")
                #expect(
                    html.contains("data-compare-role=\"\(role)\" style=\"background:\(classic[index])\""), "\(role)")
            }
        }
    }

    @Test("with --total-memory (one pool), the comparison still comes from one read")
    func comparisonWithinAPool() async throws {
        let folder = try ScratchDirectory(prefix: "imagecolors-compare")
        let page = folder.path("report.html")
        let output = try await CLI.run([
            "report", "--total-memory", "64MB", "--compare-scheme", "classic", "-o", page, "Samples/coffee.png",
        ])
        #expect(output.status == 0, "\(output.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let classic = try await Self.colors(of: "Samples/coffee.png", scheme: "classic")
        #expect(html.contains("data-compare-role=\"primary\" style=\"background:\(classic[1])\""))
    }
}
