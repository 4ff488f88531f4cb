import Foundation
import ImageColors
import ImageColorsRemote
import TestHTTPServer
import TestSupport
import Testing

/// The README's URL examples, compiled and run against a local server; the README must show
/// them exactly as they are here.
@Suite("README example: URLs")
struct RemoteReadmeExampleTests {
    /// What an app stores for one feed entry.
    struct Entry {
        var imageURL: URL
        var background = ""
        var titleColor = ""
        var accent = ""
        var problem = ""
    }

    /// The README's `limits`: the defaults there; here loopback opted in, for the local server.
    static let limits = DownloadLimits(addressPolicy: .allowingLoopback)

    static func buildEntry(_ entry: inout Entry) async throws {
        let imageURL = entry.imageURL
        // README example begins
        let analyzer = ImageColorAnalyzer(options: .init(quality: .high, memoryBudget: .megabytes(30)))
        let colors = try await analyzer.analyze(url: imageURL, limits: limits) // download, colours, title
        entry.background = colors.background.hex // "#b86533"
        entry.titleColor = colors.title.color.hex // "#ffffff": light text (brightness 120, not above 125)
        entry.accent = colors.primary.hex
        // README example ends
    }

    static func buildEntries(_ entries: inout [Entry]) async throws {
        let analyzer = ImageColorAnalyzer()
        // README batch example begins
        let results = try await RemoteImageLoader.withLoader(analyzer: analyzer, limits: limits) { loader in
            // 4 URLs at a time, all done (or failed) within a minute
            await loader.analyze(urls: entries.map(\.imageURL), deadline: .now + .seconds(60))
        }
        for (index, outcome) in results.enumerated() { // in input order, one per URL
            switch outcome.result {
            case .success(let image): entries[index].background = image.analysis.background.hex
            case .failure(.download(.httpStatus(_, status: 404))): entries[index].problem = "gone"
            case .failure(let error): entries[index].problem = error.code // "corrupt-image", …
            }
        }
        // README batch example ends
    }

    @Test("the example builds an entry from a URL")
    func single() async throws {
        let png = Fixtures.png
        try await TestHTTPServer.with({ _ in .ok(png, contentType: "image/png") }) { server in
            var entry = Entry(imageURL: server.url("/coffee.png"))
            try await Self.buildEntry(&entry)
            #expect(entry.background == "#b86533")
            #expect(entry.titleColor == "#ffffff")
            #expect(entry.accent.count == 7)
        }
    }

    @Test("the batch example fills the entries whose images load")
    func batch() async throws {
        let png = Fixtures.png
        try await TestHTTPServer.with({ $0 == "/coffee.png" ? .ok(png, contentType: "image/png") : .status(404) }) {
            server in
            var entries = [Entry(imageURL: server.url("/coffee.png")), Entry(imageURL: server.url("/gone.png"))]
            try await Self.buildEntries(&entries)
            #expect(entries.map(\.background) == ["#b86533", ""])
            #expect(entries.map(\.problem) == ["", "gone"])
        }
    }

    @Test(
        "the README shows both examples exactly as compiled here",
        arguments: ["README example", "README batch example"])
    func readmeMatches(name: String) throws {
        let example = try ReadmeSnippets.example(named: name, in: #filePath)
        #expect(try ReadmeSnippets.readme().contains(example), "README.md must contain:\n\(example)")
    }
}
