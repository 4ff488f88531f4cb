import Foundation
import ImageColors
import ImageColorsCache
import ImageColorsRemote
import TestHTTPServer
import TestSupport
import Testing

/// The README's cache example, compiled and run against a local server; the README must show it
/// exactly as it is here.
@Suite("README example: cache")
struct CacheReadmeExampleTests {
    /// What an app stores for one entry.
    struct Entry {
        var imageURL: URL
        var background = ""
        var thumbnail: Data?
        var cacheStatus = CacheStatus.notCached
    }

    /// The README's `limits`: the defaults there; here loopback opted in, for the local server.
    static let limits = DownloadLimits(addressPolicy: .allowingLoopback)

    static func buildEntry(_ entry: inout Entry, cachesFolder: String) async throws {
        // README cache example begins
        let cache = AnalysisCache(path: cachesFolder + "/imagecolors.sqlite")
        let image = try await RemoteImageLoader.withLoader(limits: limits, cache: cache) { loader in
            try await loader.analyze(url: entry.imageURL, thumbnail: ThumbnailRequest(longSide: 200))
        }
        entry.background = image.analysis.background.hex
        entry.thumbnail = image.thumbnail?.data // kept with the result
        entry.cacheStatus = image.cacheStatus // .stored, then .fresh or .revalidated
        // README cache example ends
    }

    @Test("the example stores, then revalidates without downloading")
    func runs() async throws {
        let folder = try CacheFolder()
        let resource = ConditionalResource(body: CacheFixtures.png, cacheControl: "no-cache")
        try await TestHTTPServer.with(requests: resource.respond) { server in
            var entry = Entry(imageURL: server.url("/coffee.png"))
            try await Self.buildEntry(&entry, cachesFolder: folder.url.path)
            let first = entry.cacheStatus
            try await Self.buildEntry(&entry, cachesFolder: folder.url.path)
            #expect(first == .stored && entry.cacheStatus == .revalidated)
            // The colours are the sample file's own.
            let file = try await ImageColorAnalyzer().analyze(
                fileAt: RepositoryPaths.samples.appendingPathComponent("coffee.png").path)
            #expect(entry.background == file.background.hex && entry.thumbnail?.isEmpty == false)
            #expect(server.exchanges.map(\.status) == [200, 304])
        }
    }

    @Test("the README shows the example exactly as compiled here")
    func readmeMatches() throws {
        let example = try ReadmeSnippets.example(named: "README cache example", in: #filePath)
        #expect(try ReadmeSnippets.readme().contains(example), "README.md must contain:\n\(example)")
    }
}
