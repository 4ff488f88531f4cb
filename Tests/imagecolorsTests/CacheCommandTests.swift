import Foundation
import TestHTTPServer
import TestSupport
import Testing

/// `--cache PATH`: results kept between runs, revalidated with the server, shared by processes.
@Suite("imagecolors analyze --cache", .serialized)
struct CacheCommandTests {
    static let jpeg = try! Data(contentsOf: RepositoryPaths.samples.appendingPathComponent("rocket.jpg"))
    static let png = try! Data(contentsOf: RepositoryPaths.samples.appendingPathComponent("coffee.png"))

    /// A folder for the cache file, removed at the end.
    struct Folder: ~Copyable {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "imagecolors-cli-cache-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        var cache: String { url.appendingPathComponent("cache.sqlite").path }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    /// Each line's `cache` value.
    static func statuses(_ output: ProcessOutput) throws -> [String] {
        try output.lines.map { try CLI.object($0)["cache"] as? String ?? "none" }
    }

    @Test("first run stores, a fresh entry is reused without a request, and the summary says so")
    func fresh() async throws {
        let folder = try Folder()
        let resource = ConditionalResource(body: Self.jpeg, cacheControl: "max-age=3600")
        try await TestHTTPServer.with(requests: resource.respond) { server in
            let urls = [server.url("/a.jpg").absoluteString, server.url("/b.jpg").absoluteString]
            // When the same URLs are analysed twice with --cache
            let first = try await CLI.run(
                ["analyze", "--allow-loopback", "--format", "json", "--cache", folder.cache] + urls)
            let second = try await CLI.run(
                ["analyze", "--allow-loopback", "--format", "json", "--cache", folder.cache] + urls)
            // Then the second run made no request and printed the same results
            #expect(first.status == 0 && second.status == 0)
            #expect(try Self.statuses(first) == ["stored", "stored"])
            #expect(try Self.statuses(second) == ["fresh", "fresh"])
            #expect(server.requests.count == 2)
            #expect(first.lines.map { $0.replacingOccurrences(of: "\"stored\"", with: "\"fresh\"") } == second.lines)
            #expect(second.errorLines.last?.hasSuffix(", cache: 2 fresh") == true)
        }
    }

    @Test("without --cache nothing changes: no cache key, every run downloads")
    func off() async throws {
        let resource = ConditionalResource(body: Self.jpeg, cacheControl: "max-age=3600")
        try await TestHTTPServer.with(requests: resource.respond) { server in
            let url = server.url("/a.jpg").absoluteString
            for _ in 0..<2 {
                let output = try await CLI.run(["analyze", "--allow-loopback", "--format", "json", url])
                #expect(try CLI.object(output.lines[0])["cache"] == nil)
            }
            #expect(server.requests.count == 2)
        }
    }

    @Test("stale and unchanged: revalidated with 304; changed: analysed again")
    func revalidation() async throws {
        let folder = try Folder()
        let resource = ConditionalResource(body: Self.jpeg, cacheControl: "no-cache")
        try await TestHTTPServer.with(requests: resource.respond) { server in
            let url = server.url("/cover").absoluteString
            let arguments = ["analyze", "--allow-loopback", "--format", "json", "--cache", folder.cache, url]
            let first = try await CLI.run(arguments)
            let unchanged = try await CLI.run(arguments)
            resource.replace(with: Self.png)
            let changed = try await CLI.run(arguments)
            #expect(
                try Self.statuses(first) + Self.statuses(unchanged) + Self.statuses(changed) == [
                    "stored", "revalidated", "replaced",
                ])
            #expect(server.exchanges.map(\.status) == [200, 304, 200])
            #expect(try CLI.object(changed.lines[0])["format"] as? String == "png")
        }
    }

    @Test("files are cached by path, size and modification time")
    func files() async throws {
        let folder = try Folder()
        let arguments = [
            "analyze", "--format", "json", "--cache", folder.cache, "Samples/rocket.jpg", "Samples/coffee.png",
        ]
        let first = try await CLI.run(arguments)
        let second = try await CLI.run(arguments)
        let plain = try await CLI.run(["analyze", "--format", "json", "Samples/rocket.jpg", "Samples/coffee.png"])
        #expect(try Self.statuses(first) == ["stored", "stored"])
        #expect(try Self.statuses(second) == ["fresh", "fresh"])
        // The cached lines are the plain lines plus the cache key.
        #expect(second.lines.map { $0.replacingOccurrences(of: ",\"cache\":\"fresh\"", with: "") } == plain.lines)
    }

    @Test("an unusable cache file is a warning, never a failure")
    func unusable() async throws {
        let folder = try Folder()
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: folder.cache))
        let output = try await CLI.run(["analyze", "--format", "json", "--cache", folder.cache, "Samples/rocket.jpg"])
        #expect(output.status == 0)
        #expect(try Self.statuses(output) == ["stored"])
        #expect(
            output.errorLines.contains(
                """
                imagecolors: warning: cache \(folder.cache): not a SQLite database; remove it or choose another path; \
                working without the cache
                """
            ))
    }

    @Test("two processes at once share one cache file; a third finds every entry")
    func twoProcesses() async throws {
        let folder = try Folder()
        let jpeg = ConditionalResource(body: Self.jpeg, cacheControl: "max-age=3600")
        let png = ConditionalResource(body: Self.png, cacheControl: "max-age=3600")
        try await TestHTTPServer.with(requests: {
            $0.path.hasSuffix("png") ? png.respond(to: $0) : jpeg.respond(to: $0)
        }) { server in
            let urls = (0..<8).map { server.url("/\($0).\($0 % 2 == 0 ? "jpg" : "png")").absoluteString }
            let arguments = ["analyze", "--allow-loopback", "--format", "json", "--jobs", "2", "--cache", folder.cache]
            // When two runs over the same URLs start together
            async let one = CLI.run(arguments + urls)
            async let two = CLI.run(arguments + urls.reversed())
            let (a, b) = try await (one, two)
            // Then both succeed without a cache warning, each line for its own URL
            for (output, order) in [(a, urls), (b, urls.reversed())] {
                #expect(output.status == 0)
                #expect(!output.stderr.contains("warning"), "\(output.stderr)")
                #expect(try output.lines.map { try CLI.object($0)["source"] as? String } == order)
            }
            // And a third run is served entirely from the file they shared
            let third = try await CLI.run(arguments + urls)
            #expect(try Self.statuses(third) == Array(repeating: "fresh", count: 8))
            let requestsByTwo = server.requests.count
            #expect(requestsByTwo >= 8 && requestsByTwo <= 16)
            print(
                "two processes sharing a cache: \(requestsByTwo) requests for 2 × 8 URLs; "
                    + "statuses \(try Self.statuses(a)) and \(try Self.statuses(b)); a third run: 0 requests")
        }
    }
}
