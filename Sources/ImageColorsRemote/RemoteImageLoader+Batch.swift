import Foundation
import ImageColors

extension RemoteImageLoader {
    /// Downloads and analyses many images, a few downloads at a time.
    ///
    /// Downloads run concurrently, up to `maxConcurrentDownloads`; analyses run one at a time
    /// as downloads finish, so a batch decodes no more than one image at once and holds at
    /// most `maxConcurrentDownloads` bodies in memory, each under the spool threshold.
    /// A failure affects only its own URL.
    ///
    /// - Parameters:
    ///   - urls: The images, in the order results are wanted.
    ///   - maxConcurrentDownloads: Downloads in flight at once; default 4, at least 1.
    /// - Returns: One result per URL, in input order: the analysis or the error that
    ///   ``analyze(url:)`` would have thrown. When the task is cancelled, the URLs not yet
    ///   done fail with `CancellationError`.
    public func analyze(urls: [URL], maxConcurrentDownloads: Int = 4) async -> [Result<ColorAnalysis, any Error>] {
        var results = [Result<ColorAnalysis, any Error>?](repeating: nil, count: urls.count)
        // Spool paths are chosen here, so this task removes every file once its download task is
        // over, however it ended.
        let files = urls.map { _ in SpoolFile(in: temporaryDirectory) }
        defer { files.forEach { $0.remove() } }

        // Children return a BatchOutcome, never an (index, result) tuple: see BatchOutcome.
        await withTaskGroup(of: BatchOutcome<ImageSource>.self) { group in
            var next = 0
            func startNext() {
                guard next < urls.count else { return }
                let index = next
                next += 1
                group.addTask {
                    BatchOutcome(index: index, result: await OrderedBatch.capture {
                        try await self.download(urls[index], spoolingTo: files[index])
                    })
                }
            }
            for _ in 0..<max(1, maxConcurrentDownloads) { startNext() }
            while let outcome = await group.next() {
                let index = outcome.index
                if !Task.isCancelled { startNext() }
                switch outcome.result {
                case .success(let source):
                    do {
                        results[index] = .success(try await analyze(source, from: urls[index]))
                    } catch {
                        results[index] = .failure(error)
                    }
                case .failure(let error):
                    results[index] = .failure(error)
                }
                // Free the disk (or memory) as soon as this image is done, not at the batch's end.
                files[index].remove()
            }
        }
        return results.map { $0 ?? .failure(CancellationError()) }
    }
}
