import HTTPTypes
import Hummingbird
import ImageColors
import Logging

/// One log line and one count per request: method, route, status, time and cache outcome.
///
/// The route is the matched path pattern (such as `/v1/colors`), never the request's URL: a
/// source URL's credentials and query, and the signature, stay out of the log.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let started = ContinuousClock.now
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            // The error middleware answers every error; one that still gets here is a 500.
            finish(request, context: context, status: 500, cache: nil, started: started)
            throw error
        }
        finish(
            request, context: context, status: response.status.code, cache: response.headers[.imageColorsCache],
            started: started)
        return response
    }

    private func finish(
        _ request: Request, context: Context, status: Int, cache: String?, started: ContinuousClock.Instant
    ) {
        let route = Self.route(context.endpointPath)
        metrics.countRequest(route: route, status: status)
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let time = milliseconds.formatted(decimals: 1)
        logger.info("\(request.method.rawValue) \(route) \(status) \(time) ms cache=\(cache ?? "-")")
    }

    /// The route for logs and metrics: the matched pattern, or `unmatched`.
    static func route(_ endpointPath: String?) -> String {
        guard let endpointPath, endpointPath != "NotFound" else { return "unmatched" }
        return endpointPath
    }
}

extension HTTPField.Name {
    /// How `--cache` served the result: `fresh`, `revalidated`, `stored`, `replaced`, `not-cached`.
    static let imageColorsCache = HTTPField.Name("ImageColors-Cache")!
}
