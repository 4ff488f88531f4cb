import Foundation
import ImageColors
import ImageColorsRemote
import TestHTTPServer
import TestSupport
import Testing

/// Batches as a user ships them: a deadline for the whole batch, one memory budget for all of
/// it, one connection pool for the simple call, and one error enum to switch over.
@Suite("Remote images: batch outcomes")
struct BatchOutcomeTests {
    @Test("a deadline for the whole batch: what is not done by then fails with deadline-exceeded")
    func deadline() async throws {
        // Given two quick images and two whose server never answers
        let silent = TestResponse(status: 200, body: Fixtures.png, headDelay: .seconds(600))
        try await TestHTTPServer.with({ $0.hasPrefix("/quick") ? .ok(Fixtures.png) : silent }) { server in
            let urls = [
                server.url("/quick-1"), server.url("/silent-1"), server.url("/quick-2"), server.url("/silent-2"),
            ]
            let started = ContinuousClock.now
            // When the batch must be done within 60 seconds (the quick ones have that long: with
            // every suite running at once in a debug build on two loaded cores, 15 s was once
            // not enough for two small PNGs to download and be analysed)
            let results = try await RemoteImageLoader.withLoader(
                limits: DownloadLimits(timeout: .seconds(900), addressPolicy: .allowingLoopback)
            ) {
                await $0.analyze(urls: urls, deadline: .now + .seconds(60))
            }
            // Then the quick ones succeeded, the silent ones failed with the batch's deadline,
            // long before their own timeout
            #expect(ContinuousClock.now - started < .seconds(300))
            #expect(results[0].image != nil && results[2].image != nil)
            for index in [1, 3] {
                guard case .deadlineExceeded(urls[index], let limit) = results[index].error else {
                    Issue.record("expected deadline-exceeded, got \(String(describing: results[index].error))")
                    continue
                }
                #expect(limit >= .seconds(59) && limit <= .seconds(60))
                #expect(results[index].error?.code == "batch-deadline-exceeded")
                #expect(results[index].error?.description.hasPrefix("the batch's ") == true)
            }
        }
    }

    @Test("a batch's analyses and in-memory bodies share the analyzer's pool, and never pass it")
    func sharedPool() async throws {
        // Given a pool with room for one PNG analysis (about 9.6 MB) at a time
        let pool = MemoryPool(capacity: .megabytes(15))
        let analyzer = ImageColorAnalyzer(memoryPool: pool)
        try await TestHTTPServer.with({ _ in .ok(Fixtures.png) }) { server in
            let urls = (0..<6).map { server.url("/\($0).png") }
            // When six are analysed four at a time
            let results = try await RemoteImageLoader.withLoader(analyzer: analyzer, limits: Fixtures.limits) {
                await $0.analyze(urls: urls)
            }
            // Then all succeeded within the pool, and nothing is left reserved
            #expect(results.allSatisfy { $0.image != nil })
            #expect(pool.peak <= 15_000_000 && pool.reserved == 0)
        }
    }

    @Test("a body held in the pool is moved to disk when its analysis must wait for room")
    func spillWhileWaiting() async throws {
        // Given a pool whose room is mostly held elsewhere: enough for the body, not for its analysis
        let pool = MemoryPool(capacity: .megabytes(15))
        let scratch = try ScratchDirectory()
        #expect(pool.tryReserve(13_000_000, aheadOfWaiters: false))
        try await TestHTTPServer.with({ _ in .ok(Fixtures.png) }) { server in
            try await RemoteImageLoader.withLoader(
                analyzer: ImageColorAnalyzer(memoryPool: pool), limits: Fixtures.limits,
                temporaryDirectory: scratch.url
            ) { loader in
                let analysis = Task { try await loader.analyze(url: server.url("/coffee.png")) }
                // When it waits, it holds no pool bytes: the body went to a file
                #expect(await eventually { pool.waiting == 1 })
                #expect(pool.reserved == 13_000_000)
                #expect(scratch.contents.count == 1)
                // Then once the room is released it finishes, as from memory, and leaves nothing behind
                pool.release(13_000_000)
                let finished = try await analysis.value
                #expect(finished.colorsOnly == (try await Fixtures.fileAnalysis("coffee.png")))
                #expect(pool.reserved == 0)
                #expect(scratch.contents.isEmpty)
            }
        }
    }

    @Test("analyze(url:) on the analyzer reuses one connection pool across calls, until it is shut down")
    func sharedConnections() async throws {
        // A connect timeout no other test uses gives this test a shared pool of its own: closing
        // it cannot cut off another test's download
        let limits = DownloadLimits(
            connectTimeout: .seconds(13), timeout: .seconds(60), addressPolicy: .allowingLoopback)
        try await TestHTTPServer.with({ _ in .ok(Fixtures.png) }) { server in
            // When four entries are built one after the other with the simple call
            let analyzer = ImageColorAnalyzer()
            var backgrounds: [RGBColor] = []
            for name in ["a", "b", "c", "d"] {
                backgrounds.append(
                    try await analyzer.analyze(url: server.url("/\(name).png"), limits: limits).background)
            }
            // Then the server saw fewer connections than requests: the pool kept one open. (Not
            // exactly one: on a loaded machine the client may ask for the next request before
            // the previous connection is back in its pool, and open another.)
            #expect(Set(backgrounds).count == 1)
            #expect(server.requests.count == 4)
            let connections = server.connectionCount
            #expect(connections < 4, "\(connections) connections for 4 requests")
            // And once the pool is shut down, the next call opens a new one
            try await RemoteImageLoader.shutdownSharedTransport(connectTimeout: .seconds(13))
            let after = try await analyzer.analyze(url: server.url("/e.png"), limits: limits)
            #expect(after.background == backgrounds[0])
            #expect(server.connectionCount == connections + 1)
            try await RemoteImageLoader.shutdownSharedTransport(connectTimeout: .seconds(13))
        }
    }

    @Test("RemoteAnalysisError wraps each layer's error with its code and message")
    func errorWrapping() throws {
        let url = URL(string: "https://example.test/a.jpg")!
        let cases: [(any Error, String)] = [
            (RemoteLoadingError.httpStatus(url, status: 404), "http-status"),
            (LoadingError.fileNotFound(path: "/x"), "file-not-found"),
            (ImageDecodingError.unsupportedFormat(seen: "text"), "unsupported-format"),
            (MemoryBudgetError.overBudget(purpose: "p", needed: 2, available: 1, budget: 1), "over-memory-budget"),
            (TitleRegionError.emptyImage, "empty-image"),
            (CancellationError(), "cancelled"),
        ]
        for (error, code) in cases {
            let wrapped = RemoteAnalysisError(error, url: url)
            #expect(wrapped.code == code)
            if let layer = error as? any ImageColorsError {
                #expect(wrapped.description == layer.description)
                #expect(wrapped.underlying as? any ImageColorsError != nil)
            }
        }
        // An error of its own type is not wrapped twice.
        let once = RemoteAnalysisError(RemoteLoadingError.invalidURL("x"), url: url)
        guard case .download(.invalidURL("x")) = RemoteAnalysisError(once, url: url) else {
            Issue.record("wrapped twice")
            return
        }
    }
}
