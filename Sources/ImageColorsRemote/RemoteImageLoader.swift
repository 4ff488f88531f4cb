import Foundation
import ImageColors

/// Downloads images from `http(s)` URLs within ``DownloadLimits`` and analyses them.
///
/// One loader holds one transport, and so one connection pool: create one per job (building a
/// feed's entries) or per process, reuse it for every URL, and call ``shutdown()`` at the end,
/// or let ``withLoader(analyzer:limits:temporaryDirectory:cache:isolation:_:)`` do that.
///
/// ```swift
/// let colors = try await RemoteImageLoader.withLoader { loader in
///     try await loader.analyze(url: entryImageURL)
/// }
/// ```
///
/// Memory: a body up to ``DownloadLimits/spoolThreshold(within:)`` (4 MB, at most a quarter
/// of the analyzer's memory budget) is kept in memory; a larger one is written to a temporary
/// file that is removed after the analysis, on success, error and cancellation alike. With the
/// analyzer's `memoryPool`, a body kept in memory reserves its bytes there (and goes to the file
/// instead when the pool has no room). Downloads, spool writes and analyses run on the
/// analyzer's `executor`.
///
/// With a ``cache`` (such as `AnalysisCache` from `ImageColorsCache`), a URL analysed before
/// is not downloaded again while its entry is fresh, and is revalidated with `If-None-Match` /
/// `If-Modified-Since` once stale: a `304` answer reuses the stored result without decoding.
public final class RemoteImageLoader: Sendable {
    /// Analyses what was downloaded.
    public let analyzer: ImageColorAnalyzer
    /// The limits every download keeps to.
    public let limits: DownloadLimits
    /// Where large bodies are spooled.
    public let temporaryDirectory: URL
    /// Where results are kept for revalidation, or `nil` for none.
    public let cache: (any AnalysisStore)?

    let transport: any HTTPTransport
    /// The transport this loader created and so must shut down; `nil` for one passed in.
    private let ownedTransport: AsyncHTTPClientTransport?

    /// Creates a loader with its own ``AsyncHTTPClientTransport``.
    /// - Parameters:
    ///   - analyzer: Default an analyzer with default `AnalysisOptions` (30 MB budget).
    ///   - limits: Default ``DownloadLimits/default``: 50 MB, 10 s to connect, 30 s in all,
    ///     5 redirects, spool past 4 MB, loopback and link-local addresses refused. Its
    ///     `addressPolicy` is checked on every address a host resolves to and on every
    ///     connection's peer.
    ///   - temporaryDirectory: Default the system's (`TMPDIR` or `/tmp`).
    ///   - cache: Default `nil` (no cache).
    public init(
        analyzer: ImageColorAnalyzer = ImageColorAnalyzer(),
        limits: DownloadLimits = .default,
        temporaryDirectory: URL = FileManager.default.temporaryDirectory,
        cache: (any AnalysisStore)? = nil
    ) {
        // Connecting can never take longer than the whole download may.
        let transport = AsyncHTTPClientTransport(
            connectTimeout: min(limits.connectTimeout, limits.timeout), addressPolicy: limits.addressPolicy)
        self.analyzer = analyzer
        self.limits = limits
        self.temporaryDirectory = temporaryDirectory
        self.cache = cache
        self.transport = transport
        ownedTransport = transport
    }

    /// Creates a loader on a transport you own (and shut down yourself).
    /// - Parameters:
    ///   - analyzer: Default an analyzer with default `AnalysisOptions`.
    ///   - limits: Default ``DownloadLimits/default``; its `connectTimeout` is the transport's
    ///     business. Its `addressPolicy` is checked on every address a host resolves to before
    ///     the transport is asked; checking the address a connection reached is the
    ///     transport's business (``AsyncHTTPClientTransport`` does).
    ///   - transport: Sends the requests, such as a URLSession-based one.
    ///   - temporaryDirectory: Default the system's.
    ///   - cache: Default `nil` (no cache).
    public init(
        analyzer: ImageColorAnalyzer = ImageColorAnalyzer(),
        limits: DownloadLimits = .default,
        transport: any HTTPTransport,
        temporaryDirectory: URL = FileManager.default.temporaryDirectory,
        cache: (any AnalysisStore)? = nil
    ) {
        self.analyzer = analyzer
        self.limits = limits
        self.temporaryDirectory = temporaryDirectory
        self.cache = cache
        self.transport = transport
        ownedTransport = nil
    }

    /// The same loader (transport, limits, cache) with another analyzer; it does not own the
    /// transport.
    func with(analyzer: ImageColorAnalyzer) -> RemoteImageLoader {
        RemoteImageLoader(
            analyzer: analyzer, limits: limits, transport: transport,
            temporaryDirectory: temporaryDirectory, cache: cache)
    }

    /// Runs `body` with a new loader and shuts the loader down afterwards, whether `body`
    /// returned or threw.
    /// - Parameters:
    ///   - analyzer: Default an analyzer with default `AnalysisOptions`.
    ///   - limits: Default ``DownloadLimits/default``.
    ///   - temporaryDirectory: Default the system's.
    ///   - cache: Default `nil` (no cache).
    ///   - isolation: The caller's actor, so `body` runs there; leave the default.
    ///   - body: Uses the loader; it must not keep it.
    /// - Returns: What `body` returned.
    /// - Throws: What `body` threw; otherwise the transport's error from ``shutdown()``.
    public static func withLoader<Value>(
        analyzer: ImageColorAnalyzer = ImageColorAnalyzer(),
        limits: DownloadLimits = .default,
        temporaryDirectory: URL = FileManager.default.temporaryDirectory,
        cache: (any AnalysisStore)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (RemoteImageLoader) async throws -> Value
    ) async throws -> Value {
        let loader = RemoteImageLoader(
            analyzer: analyzer, limits: limits, temporaryDirectory: temporaryDirectory, cache: cache)
        let value: Value
        do {
            value = try await body(loader)
        } catch {
            try? await loader.shutdown()
            throw error
        }
        try await loader.shutdown()
        return value
    }

    /// Closes the connections of the transport this loader created; in-flight downloads fail.
    /// Does nothing for a transport passed in. Calling it again does nothing.
    /// - Throws: The transport's error when a connection did not close cleanly.
    public func shutdown() async throws {
        try await ownedTransport?.shutdown()
    }

    /// Downloads the image at `url` and analyses it (or reuses the cached result; see ``cache``).
    ///
    /// Cancelling the calling task stops the download at once (the connection is closed) and
    /// throws `CancellationError`.
    ///
    /// - Parameter url: An `http` or `https` URL of a JPEG, PNG, WebP, GIF, HEIC or AVIF image (the format is sniffed
    ///   from the bytes; `Content-Type` is ignored).
    /// - Returns: The analysis, with `source` set to `url.displayString` (no credentials, query
    ///   or fragment, which may hold secrets).
    /// - Throws: ``RemoteLoadingError`` for the download (a custom transport's own
    ///   `ImageColorsError` passes as it is); for the image, the core's errors: `LoadingError`
    ///   (a spooled body that cannot be read back), `ImageDecodingError`, `MemoryBudgetError`,
    ///   `TitleRegionError` and `PlaceholderError`; `CancellationError` when the task is cancelled.
    public func analyze(url: URL) async throws -> ColorAnalysis {
        try await load(url, thumbnail: nil).analysis
    }
}
