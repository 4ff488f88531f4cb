import Foundation
import ImageColors
import ImageColorsRemote
import TestHTTPServer
import TestSupport
import Testing

/// Cancelling stops a download at once, closes its connection and removes its file.
@Suite("Remote images: cancellation")
struct CancellationTests {
    /// A task's result and when the task itself ended.
    typealias Ended = (Result<ColorAnalysis, any Error>, ContinuousClock.Instant)

    @Test("cancelling mid-download throws CancellationError promptly and removes the spool file")
    func cancelMidDownload() async throws {
        // Given a 10 MB body sent 4 kB every 20 ms (50 s), spooled to disk past 8 kB
        let scratch = try ScratchDirectory()
        let limits = DownloadLimits(timeout: .seconds(120), spoolThreshold: 8000, addressPolicy: .allowingLoopback)
        let response = TestResponse.drip(TestResponse.filler(10_000_000), chunkSize: 4000, interval: .milliseconds(20))
        try await TestHTTPServer.with({ _ in response }) { server in
            // (An executor of its own, started on directly: in a full run other suites may hold
            // the shared one's threads and the cooperative pool for longer than `eventually` waits.)
            let executor = AnalysisExecutor(threads: 2, name: "cancel-download")
            let analyzer = ImageColorAnalyzer(executor: executor)
            try await RemoteImageLoader.withLoader(analyzer: analyzer, limits: limits, temporaryDirectory: scratch.url)
            { loader in
                // (The task notes when it ended itself: the test's own resumption after
                // `await task.result` waits for a free cooperative thread, which a full run
                // may not give for a minute, and that is not the loader's promptness.)
                let task = Task(executorPreference: executor) { () -> Ended in
                    do {
                        return (.success(try await loader.analyze(url: server.url("/big.jpg"))), .now)
                    } catch {
                        return (.failure(error), .now)
                    }
                }
                // When the body is flowing into the spool file and the task is cancelled
                // (watched without suspending, so the moment cannot pass unseen)
                #expect(eventuallyBlocking { !scratch.contents.isEmpty }, "the download never reached the spool file")
                let cancelled = ContinuousClock.now
                task.cancel()
                let (result, ended) = await task.value
                // Then it ends at once (the body had most of 50 s to go; the bound allows for a
                // loaded machine), as cancelled
                #expect(ended - cancelled < .seconds(10))
                #expect(throws: CancellationError.self) { try result.get() }
                // And no file is left, and the server sees the connection closed
                #expect(scratch.contents.isEmpty)
                #expect(await eventually { server.abandoned("/big.jpg") != nil })
            }
        }
    }

    @Test("cancelling while waiting for the response head stops at once")
    func cancelBeforeHead() async throws {
        // Given a redirect to /slow, whose head is sent only after 60 s
        let stalled = TestResponse(body: Fixtures.png, headDelay: .seconds(60))
        try await TestHTTPServer.with({ $0 == "/start" ? .redirect(to: "/slow") : stalled }) { server in
            let limits = DownloadLimits(timeout: .seconds(120), addressPolicy: .allowingLoopback)
            // (On an executor of its own, noting when it ended, as above. The analyzer's too: the
            // loader runs on its analyzer's executor, and the shared one's queue, full of other
            // suites' analyses in a full debug run, once held the cancelled task for 30 s.)
            let executor = AnalysisExecutor(threads: 1, name: "cancel-head")
            let analyzer = ImageColorAnalyzer(executor: executor)
            let task = Task(executorPreference: executor) { () -> Ended in
                do {
                    let analysis = try await analyzer.analyze(url: server.url("/start"), limits: limits)
                    return (.success(analysis), .now)
                } catch {
                    return (.failure(error), .now)
                }
            }
            // (Watched without suspending, as above: a full run on a loaded machine once resumed an
            // `await eventually` only after the 60 s head had come, and the analysis then finished.)
            #expect(eventuallyBlocking { server.requests.contains("/slow") })
            // When the task is cancelled
            let cancelled = ContinuousClock.now
            task.cancel()
            let (result, ended) = await task.value
            // Then it ends well before the head would have come, as cancelled (30 s: a fresh-clone
            // run on a machine with two builds besides took 14.7 s to resume the cancelled task).
            // A full run once saw 60.0 s: AsyncHTTPClient passes a cancel on through a task on
            // Swift's shared pool, which the run's other suites held until the head came. The
            // transport now stops waiting from the cancellation handler itself
            // (`PromptCancellation`, whose suite holds the pool-free case).
            #expect(ended - cancelled < .seconds(30))
            #expect(throws: CancellationError.self) { try result.get() }
        }
    }
}
