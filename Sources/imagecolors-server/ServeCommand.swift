import ArgumentParser
import Foundation
import ImageColors
import ImageColorsServer

/// `imagecolors serve`: the analyses as an HTTP service, for backends in any language.
///
/// The root command of the `imagecolors-server` executable, which `imagecolors serve` runs
/// (``ServerMain``); its usage is spelled as users type it.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "imagecolors serve",
        abstract: "Serve card colours over HTTP: the JSON of analyze --format json, CSS, batches and a playground.",
        discussion: """
            GET /v1/colors?url=… and POST /v1/colors (the image as the body) answer with the JSON object of \
            analyze --format json; POST /v1/colors/batch takes a JSON array of URLs and answers with NDJSON, \
            one line per URL in order; GET /v1/colors.css?url=… answers with CSS custom properties. Requests \
            may set the analysis options as query parameters named as the flags (quality, scheme, \
            min-contrast, appearance, placeholder, palette, title-rule, title-region, backdrop, frames); the \
            flags below are their defaults. GET /healthz, /metrics (Prometheus), /openapi.json and / (a \
            playground page) complete it. Once listening, one line "imagecolors: listening on \
            http://HOST:PORT" goes to stdout; each request is logged on stderr. SIGTERM or SIGINT stops \
            accepting, lets requests in flight finish within --shutdown-timeout, and exits 0.
            """
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 lets the system choose (the line on stdout says which).")
    var port = 8080

    @Option(
        name: .customLong("metrics-port"),
        help: ArgumentHelp("Serve /metrics on this port only, not on --port.", valueName: "port"))
    var metricsPort: Int?

    @Option(help: "The most analyses at once, downloads included (default: one per core).")
    var jobs = AnalysisExecutor.activeCores

    @Option(
        name: .customLong("max-queue"),
        help: ArgumentHelp("The most requests waiting for an analysis; past it, 429 at once.", valueName: "count"))
    var maxQueue = 64

    @Option(
        name: .customLong("max-upload-size"),
        help: ArgumentHelp(
            """
            The largest request body (an upload or a batch), a size like --memory-budget (default: \
            --max-download-size).
            """,
            valueName: "size"))
    var maxUploadSize: MemoryBudget?

    @Option(
        name: .customLong("max-batch"),
        help: ArgumentHelp("The most URLs in one batch request.", valueName: "count"))
    var maxBatch = 100

    @Option(
        name: .customLong("max-url-length"),
        help: ArgumentHelp("The longest request path and query, in characters.", valueName: "length"))
    var maxURLLength = 4096

    @Option(
        name: .customLong("max-header-size"),
        help: ArgumentHelp("The largest request head (all header fields together).", valueName: "size"))
    var maxHeaderSize = MemoryBudget(bytes: 16 * 1024)

    @Option(
        name: .customLong("request-timeout"),
        help: ArgumentHelp("Seconds a request may take, waiting included (then 504).", valueName: "seconds"))
    var requestTimeout: Double = 30

    @Option(
        name: .customLong("shutdown-timeout"),
        help: ArgumentHelp(
            "Seconds requests in flight may take to finish after SIGTERM or SIGINT.", valueName: "seconds"))
    var shutdownTimeout: Double = 10

    @Option(
        name: .customLong("signing-key"),
        help: ArgumentHelp(
            """
            Require every /v1/ request to carry signature=base64url(HMAC-SHA256(key, salt + path?query)), with \
            this hex key; repeat with --signing-salt, in pairs, to accept several keys (rotation).
            """,
            valueName: "hex"))
    var signingKeys: [String] = []

    @Option(
        name: .customLong("signing-salt"),
        help: ArgumentHelp("The hex salt of the --signing-key in the same position.", valueName: "hex"))
    var signingSalts: [String] = []

    @Option(
        name: .customLong("allowed-sources"), parsing: .upToNextOption,
        help: ArgumentHelp("Only analyse URLs that start with one of these prefixes.", valueName: "prefix"))
    var allowedSources: [String] = []

    @OptionGroup(title: "Analysis and download defaults") var analysis: AnalysisFlags

    func validate() throws {
        for (name, value) in [("--port", port), ("--metrics-port", metricsPort ?? 0)]
        where !(0...65_535).contains(value) {
            throw ValidationError("\(name) must be from 0 to 65535, not \(value)")
        }
        if jobs < 1 { throw ValidationError("--jobs must be at least 1, not \(jobs)") }
        if maxQueue < 0 { throw ValidationError("--max-queue must be at least 0, not \(maxQueue)") }
        if maxBatch < 1 { throw ValidationError("--max-batch must be at least 1, not \(maxBatch)") }
        if maxURLLength < 16 { throw ValidationError("--max-url-length must be at least 16, not \(maxURLLength)") }
        if !(1024...1_048_576).contains(maxHeaderSize.bytes) {
            throw ValidationError("--max-header-size must be from 1 KiB to 1 MiB, not \(maxHeaderSize)")
        }
        if let maxUploadSize, maxUploadSize.bytes < 1 {
            throw ValidationError("--max-upload-size must be at least 1 byte")
        }
        for (name, value) in [("--request-timeout", requestTimeout), ("--shutdown-timeout", shutdownTimeout)]
        where !AnalysisSettings.secondsRange.contains(value) {
            throw ValidationError(
                "\(name) must be from 0.001 to \(Int(AnalysisSettings.secondsRange.upperBound)) seconds, not \(value)")
        }
        if signingKeys.count != signingSalts.count {
            throw ValidationError(
                "--signing-key and --signing-salt come in pairs: \(signingKeys.count) keys, \(signingSalts.count) salts"
            )
        }
        _ = try keys()
    }

    /// The signing pairs, in order.
    private func keys() throws -> [SigningKey] {
        try zip(signingKeys, signingSalts).map { key, salt in
            guard let pair = SigningKey(keyHex: key, saltHex: salt) else {
                throw ValidationError("--signing-key and --signing-salt must be hexadecimal (an even number of digits)")
            }
            return pair
        }
    }

    /// The server's configuration from the flags.
    func serverConfiguration() throws -> ServerConfiguration {
        ServerConfiguration(
            host: host, port: port, metricsPort: metricsPort, jobs: jobs, maxQueue: maxQueue,
            totalMemory: analysis.totalMemory, maxUploadSize: maxUploadSize?.bytes, maxBatch: maxBatch,
            maxURLLength: maxURLLength, maxHeaderSize: maxHeaderSize.bytes,
            requestTimeout: .milliseconds(Int64((requestTimeout * 1000).rounded())),
            shutdownTimeout: .milliseconds(Int64((shutdownTimeout * 1000).rounded())), signingKeys: try keys(),
            allowedSources: allowedSources, analysisOptions: analysis.analysisOptions,
            downloadLimits: analysis.downloadLimits, cachePath: analysis.cache)
    }

    func run() async throws {
        let host = self.host
        try await serve(try serverConfiguration()) { port in
            // One unbuffered write: a script reading the pipe sees the whole line at once.
            FileHandle.standardOutput.write(Data("imagecolors: listening on http://\(host):\(port)\n".utf8))
        }
        // The command's signal handling cancelled the run, and `serve` shut down gracefully: that
        // is a clean stop (0), not the 128 + signal an interrupted batch exits with.
        Foundation.exit(0)
    }
}
