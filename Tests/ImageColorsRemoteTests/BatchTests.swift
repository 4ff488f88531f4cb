import Foundation
import ImageColors
import ImageColorsRemote
import TestHTTPServer
import TestSupport
import Testing

/// Many URLs at once: one result per URL in input order, bounded concurrency.
@Suite("Remote images: batches")
struct BatchTests {
    @Test("a batch with one failure in the middle returns every result in input order")
    func failureInTheMiddle() async throws {
        // Given a JPEG, a 404 and a PNG, the first one slowest so they finish out of order
        let routes: TestHTTPServer.Routes = { path in
            switch path {
            case "/rocket.jpg": .drip(Fixtures.jpeg, chunkSize: 20_000, interval: .milliseconds(30))
            case "/coffee.png": .ok(Fixtures.png, contentType: "image/png")
            default: .status(404)
            }
        }
        let scratch = try ScratchDirectory()
        try await TestHTTPServer.with(routes) { server in
            let urls = ["/rocket.jpg", "/gone.png", "/coffee.png"].map(server.url)
            // When they are analysed as one batch
            let results = try await RemoteImageLoader.withLoader(
                limits: Fixtures.limits, temporaryDirectory: scratch.url
            ) {
                await $0.analyze(urls: urls)
            }
            // Then each URL has its own result, in the order given
            #expect(results.count == 3)
            #expect(results.map(\.url) == urls)
            let first = try results[0].result.get().analysis
            let last = try results[2].result.get().analysis
            #expect(first.source == urls[0].absoluteString && first.format == .jpeg)
            #expect(first.colorsOnly == (try await Fixtures.fileAnalysis("rocket.jpg")))
            #expect(last.source == urls[2].absoluteString && last.format == .png)
            #expect(last.colorsOnly == (try await Fixtures.fileAnalysis("coffee.png")))
            guard case .download(.httpStatus(urls[1], status: 404)) = results[1].error else {
                Issue.record("expected HTTP 404 for \(urls[1]), got \(String(describing: results[1].error))")
                return
            }
            #expect(results[1].error?.code == "http-status")
            #expect(scratch.contents.isEmpty)
        }
    }

    @Test("6 good and 3 failing URLs: each result is its own URL's (CI runs this in a release build too)")
    func sixGoodThreeFailing() async throws {
        // Given 9 URLs: JPEGs and PNGs that drip at different speeds, and every third one a 404.
        // Swift 6.3.1 at -O lost the index of a task-group child returning (index, .success(…))
        // from a `do` and (index, .failure(error)) from its `catch`: this batch then crashed or
        // labelled one URL's colours with another's.
        let routes: TestHTTPServer.Routes = { path in
            let index = Int(path.dropFirst().prefix { $0.isNumber }) ?? 0
            if index % 3 == 2 { return .status(404) }
            return .drip(
                index % 2 == 0 ? Fixtures.jpeg : Fixtures.png, chunkSize: 16_000,
                interval: .milliseconds((index * 7) % 5 * 4))
        }
        let rocket = try await Fixtures.fileAnalysis("rocket.jpg")
        let coffee = try await Fixtures.fileAnalysis("coffee.png")
        try await TestHTTPServer.with(routes) { server in
            let urls = (0..<9).map { server.url("/\($0)-image") }
            for _ in 0..<4 {
                // When they are analysed as one batch, with thumbnails
                let results = try await RemoteImageLoader.withLoader(limits: Fixtures.limits) {
                    await $0.analyze(urls: urls, thumbnail: ThumbnailRequest(longSide: 32))
                }
                // Then each outcome is the image served at its own URL, and each failure names its own URL
                #expect(results.map(\.url) == urls)
                for (index, outcome) in results.enumerated() {
                    switch outcome.result {
                    case .success(let image):
                        #expect(index % 3 != 2 && image.analysis.source == urls[index].absoluteString)
                        #expect(image.analysis.colorsOnly == (index % 2 == 0 ? rocket : coffee))
                        #expect(image.thumbnail?.width == 32 && image.cacheStatus == .notCached)
                    case .failure(.download(.httpStatus(let url, status: 404))):
                        #expect(url == urls[index] && index % 3 == 2)
                    case .failure(let error):
                        Issue.record("\(urls[index]): \(error)")
                    }
                }
            }
        }
    }

    @Test("no more than maxConcurrentDownloads are in flight", arguments: [1, 3])
    func boundedConcurrency(limit: Int) async throws {
        // Given 6 downloads of 1 kB (dripped over about 100 ms), the first `limit` of them held
        // back until `limit` requests have arrived, so the batch's bound is reached however
        // slowly the client's tasks get to run
        var response = TestResponse.drip(TestResponse.filler(1000), chunkSize: 100, interval: .milliseconds(10))
        response.gate = ArrivalGate(opensAt: limit)
        let gated = response
        try await TestHTTPServer.with({ _ in gated }) { server in
            let urls = (0..<6).map { server.url("/\($0)") }
            // When they are analysed with a limit
            let results = try await RemoteImageLoader.withLoader(limits: Fixtures.limits) {
                await $0.analyze(urls: urls, maxConcurrentDownloads: limit)
            }
            // Then all ran (and failed to decode: the bodies are filler), and the server never
            // saw more than `limit` at once (and did see `limit`)
            #expect(results.count == 6)
            for result in results {
                guard case .decoding = result.error else {
                    Issue.record("expected a decoding error, got \(String(describing: result.error))")
                    continue
                }
            }
            #expect(server.requests.count == 6)
            #expect(server.peakConcurrentResponses == limit)
        }
    }

    @Test("cancelling a batch fails the URLs not yet done with CancellationError")
    func cancelBatch() async throws {
        // Given four downloads that take 60 s each
        let slow = TestResponse.drip(TestResponse.filler(1000), chunkSize: 10, interval: .milliseconds(600))
        try await TestHTTPServer.with({ _ in slow }) { server in
            let urls = (0..<4).map { server.url("/\($0)") }
            // (An executor of its own: in a full run, long analyses of other suites may hold the
            // shared one's threads for longer than `eventually` waits.)
            let executor = AnalysisExecutor(threads: 2, name: "cancel-batch")
            let analyzer = ImageColorAnalyzer(executor: executor)
            try await RemoteImageLoader.withLoader(
                analyzer: analyzer, limits: DownloadLimits(timeout: .seconds(120), addressPolicy: .allowingLoopback)
            ) { loader in
                // (Started on that executor, and noting when it ended itself: the test's own
                // resumption waits for a free cooperative thread, which is not the batch's speed.)
                let task = Task(executorPreference: executor) {
                    (await loader.analyze(urls: urls, maxConcurrentDownloads: 2), ContinuousClock.now)
                }
                #expect(await eventually { server.requests.count == 2 })
                // When the batch is cancelled
                let cancelled = ContinuousClock.now
                task.cancel()
                let (results, ended) = await task.value
                // Then it returns at once with every URL cancelled, and never started the others
                #expect(ended - cancelled < .seconds(10))
                #expect(results.count == 4)
                for result in results {
                    guard case .cancelled(result.url) = result.error else {
                        Issue.record("expected cancelled, got \(String(describing: result.error))")
                        continue
                    }
                }
                #expect(server.requests.count == 2)
            }
        }
    }
}
