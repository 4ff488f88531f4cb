import Foundation
import Hummingbird
import HummingbirdCore
import ImageColors
import Logging
import ServiceLifecycle

/// Builds the service `imagecolors serve` runs: the routes, their middleware, the analyses
/// behind them, and (with ``ServerConfiguration/metricsPort``) a second listener for `/metrics`.
///
/// Run it in a `ServiceGroup` (or with `runService()`): on graceful shutdown it stops accepting
/// connections, lets the requests in flight finish, then closes its connections to origins and
/// its cache.
///
/// ```swift
/// let app = try await buildApplication(ServerConfiguration(port: 0)) { port in print(port) }
/// try await app.runService()
/// ```
///
/// - Parameters:
///   - configuration: Where to listen, the limits, and the analysis defaults.
///   - logger: Where the request lines and warnings go; default a logger labelled
///     `imagecolors.serve`.
///   - onListening: Told the port the service listens on, once it does (the chosen one for port 0).
/// - Returns: The application, not yet running.
public func buildApplication(
    _ configuration: ServerConfiguration,
    logger: Logger = Logger(label: "imagecolors.serve"),
    onListening: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    let service = try ColorService(configuration: configuration) { warning in
        logger.warning("cache: \(warning)")
    }
    var services: [any Service] = [ColorServiceShutdown(service: service)]
    if let metricsPort = configuration.metricsPort {
        let metricsRouter = Router()
        metricsRouter.add(middleware: ErrorMiddleware(methods: ["/metrics": [.get]]))
        ServiceRoutes(version: configuration.version, metrics: service.metrics).addMetrics(to: metricsRouter)
        services.append(
            Application(
                router: metricsRouter,
                configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: metricsPort)),
                logger: logger))
    }
    return Application(
        router: buildRouter(service, logger: logger),
        server: .http1(
            configuration: HTTP1Channel.Configuration(
                // A client that sends nothing for a request's time (a slow upload, an idle
                // keep-alive) loses its connection.
                idleTimeout: .nanoseconds(configuration.requestTimeout.timeoutNanoseconds),
                httpDecoderConfiguration: .init(
                    maxHeaderFieldSize: configuration.maxHeaderSize, maxHeaderListSize: configuration.maxHeaderSize))),
        configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port)),
        services: services,
        onServerRunning: { channel in await onListening(channel.localAddress?.port ?? configuration.port) },
        logger: logger
    )
}

/// The router: every route, behind the request log, the error answers and the request checks.
func buildRouter(_ service: ColorService, logger: Logger) -> Router<BasicRequestContext> {
    let configuration = service.configuration
    let withMetrics = configuration.metricsPort == nil
    let router = Router()
    var methods: [String: [HTTPRequest.Method]] = [
        "/v1/colors": [.get, .post], "/v1/colors/batch": [.post], "/v1/colors.css": [.get], "/healthz": [.get],
    ]
    if withMetrics { methods["/metrics"] = [.get] }
    for resource in ResourceRoutes<BasicRequestContext>.resources { methods[resource.path] = [.get] }
    // Outermost first: the log sees the final status of every request, errors included.
    router.add(middleware: RequestLogMiddleware(logger: logger, metrics: service.metrics))
    router.add(middleware: ErrorMiddleware(methods: methods))
    router.add(
        middleware: RequestGuardMiddleware(
            maxURLLength: configuration.maxURLLength, signingKeys: configuration.signingKeys))
    ColorRoutes(service: service).addRoutes(to: router)
    BatchRoute(service: service).addRoutes(to: router)
    ServiceRoutes(version: configuration.version, metrics: service.metrics).addRoutes(
        to: router, withMetrics: withMetrics)
    ResourceRoutes().addRoutes(to: router)
    return router
}

/// Closes the service's origin connections and cache after the server has stopped: services
/// shut down in reverse order, so the listener (added last by Hummingbird) drains first.
struct ColorServiceShutdown: Service {
    let service: ColorService

    func run() async throws {
        // Until graceful shutdown (or cancellation) is asked for.
        try? await gracefulShutdown()
        await service.shutdown()
    }
}
