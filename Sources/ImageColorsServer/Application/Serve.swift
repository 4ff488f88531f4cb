import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// Runs the service until the calling task is cancelled, then shuts it down gracefully: it
/// stops accepting connections, lets the requests in flight finish within
/// ``ServerConfiguration/shutdownTimeout`` (they are cancelled after it), closes its origin
/// connections and cache, and returns.
///
/// The caller turns SIGTERM and SIGINT into cancellation (the CLI's signal handling does), so
/// a signal is a graceful shutdown and not an abrupt one.
///
/// - Parameters:
///   - configuration: Where to listen, the limits, and the analysis defaults.
///   - logLevel: The least level logged on stderr; default `info` (one line per request).
///   - onListening: Told the port once the service listens.
/// - Throws: When the service cannot start (the port is taken, say) or fails while running.
public func serve(
    _ configuration: ServerConfiguration,
    logLevel: Logger.Level = .info,
    onListening: @escaping @Sendable (Int) async -> Void
) async throws {
    var logger = Logger(label: "imagecolors.serve") { StreamLogHandler.standardError(label: $0) }
    logger.logLevel = logLevel
    let app = try await buildApplication(configuration, logger: logger, onListening: onListening)
    var groupConfiguration = ServiceGroupConfiguration(services: [app], logger: logger)
    groupConfiguration.maximumGracefulShutdownDuration = configuration.shutdownTimeout
    let group = ServiceGroup(configuration: groupConfiguration)
    // In a task of its own, so the caller's cancellation reaches it as a graceful shutdown and
    // not as the cancellation of every request in flight.
    let running = Task { try await group.run() }
    try await withTaskCancellationHandler {
        try await running.value
    } onCancel: {
        Task { await group.triggerGracefulShutdown() }
    }
}
