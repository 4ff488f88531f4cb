import Foundation
import ImageColors
import ImageColorsRemote

/// Everything `imagecolors serve` is started with: where it listens, its limits, its signing
/// keys and sources, and the analysis and download defaults every request starts from.
public struct ServerConfiguration: Sendable {
    /// The address to listen on; default `127.0.0.1`.
    public var host: String
    /// The port; default 8080; 0 lets the system choose (the chosen one is reported).
    public var port: Int
    /// A second port for `/metrics` alone, or `nil` (the default) to serve it on ``port``.
    public var metricsPort: Int?
    /// The most analyses at once (each with its download); default one per core.
    public var jobs: Int
    /// The most requests waiting for an analysis slot; past it, `429 busy` at once. Default 64.
    public var maxQueue: Int
    /// The memory all analyses share (one `MemoryPool`); `nil` (the default) for ``jobs`` times
    /// the analysis options' memory budget.
    public var totalMemory: MemoryBudget?
    /// The largest request body, an upload or a batch; default the download cap.
    public var maxUploadSize: Int
    /// The most URLs in one batch; default 100.
    public var maxBatch: Int
    /// The longest path and query; default 4096 characters.
    public var maxURLLength: Int
    /// The largest request head (all header fields together); default 16 KiB.
    public var maxHeaderSize: Int
    /// How long a request may take, waiting included; default 30 s.
    public var requestTimeout: Duration
    /// How long in-flight requests may take to finish after SIGTERM or SIGINT; default 10 s.
    public var shutdownTimeout: Duration
    /// The keys `/v1/` requests must be signed with (any one of them); empty (the default) for
    /// no signing.
    public var signingKeys: [SigningKey]
    /// URL prefixes sources must start with; empty (the default) for any.
    public var allowedSources: [String]
    /// The analysis every request starts from (a request may change its analysis options).
    public var analysisOptions: AnalysisOptions
    /// The download limits and the address policy of every URL.
    public var downloadLimits: DownloadLimits
    /// The cache (`--cache`): a SQLite file, or a `postgres://` URL (``PostgresCacheLocation``) for
    /// one PostgreSQL shared by a fleet; `nil` (the default) for none.
    public var cachePath: String?
    /// The version `/healthz` reports; default the library's.
    public var version: String

    /// Creates a configuration; every parameter has the default of its property.
    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        metricsPort: Int? = nil,
        jobs: Int = AnalysisExecutor.activeCores,
        maxQueue: Int = 64,
        totalMemory: MemoryBudget? = nil,
        maxUploadSize: Int? = nil,
        maxBatch: Int = 100,
        maxURLLength: Int = 4096,
        maxHeaderSize: Int = 16 * 1024,
        requestTimeout: Duration = .seconds(30),
        shutdownTimeout: Duration = .seconds(10),
        signingKeys: [SigningKey] = [],
        allowedSources: [String] = [],
        analysisOptions: AnalysisOptions = AnalysisOptions(),
        downloadLimits: DownloadLimits = .default,
        cachePath: String? = nil,
        version: String = ImageColorsVersion.current
    ) {
        self.host = host
        self.port = port
        self.metricsPort = metricsPort
        self.jobs = max(1, jobs)
        self.maxQueue = max(0, maxQueue)
        self.totalMemory = totalMemory
        self.maxUploadSize = maxUploadSize ?? downloadLimits.maxBodySize
        self.maxBatch = maxBatch
        self.maxURLLength = maxURLLength
        self.maxHeaderSize = maxHeaderSize
        self.requestTimeout = requestTimeout
        self.shutdownTimeout = shutdownTimeout
        self.signingKeys = signingKeys
        self.allowedSources = allowedSources
        self.analysisOptions = analysisOptions
        self.downloadLimits = downloadLimits
        self.cachePath = cachePath
        self.version = version
    }

    /// The shared pool's capacity: ``totalMemory``, else a budget for each of the ``jobs``.
    var poolCapacity: MemoryBudget {
        if let totalMemory { return totalMemory }
        let (bytes, overflow) = analysisOptions.memoryBudget.bytes.multipliedReportingOverflow(by: jobs)
        return MemoryBudget(bytes: overflow ? Int.max : bytes)
    }
}
