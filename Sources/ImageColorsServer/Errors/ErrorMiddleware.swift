import Foundation
import HTTPTypes
import Hummingbird
import ImageColorsRemote

/// Turns every error a route throws into the JSON answer `{"error":{"code","message"}}` with
/// the code's one status (``ErrorStatus``), and the router's "no route" into `404 not-found`
/// or, for a path that has routes for other methods, `405 method-not-allowed`.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The methods each path answers, for 405 and its `Allow` header.
    let methods: [String: [HTTPRequest.Method]]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let path = request.uri.path
            if let allowed = methods[path] {
                return Self.response(
                    for: ServerError.methodNotAllowed(
                        method: request.method.rawValue, path: path, allowed: allowed.map(\.rawValue)),
                    extraHeaders: [.allow: allowed.map(\.rawValue).joined(separator: ", ")])
            }
            return Self.response(for: ServerError.notFound(path: path))
        } catch let error as HTTPError where error.status == .contentTooLarge {
            return Self.response(for: ServerError.uploadTooLarge(limit: context.maxUploadSize))
        } catch {
            return Self.response(for: error)
        }
    }

    /// The answer for `error`: its status, `Cache-Control: no-store`, `Retry-After: 1` for
    /// `busy`.
    static func response(for error: any Error, extraHeaders: HTTPFields = [:]) -> Response {
        let details = ErrorDetails(error)
        var headers = extraHeaders
        headers[.contentType] = "application/json"
        headers[.cacheControl] = "no-store"
        if details.code == "busy" { headers[.retryAfter] = "1" }
        let body = (try? ResultJSON.data(for: ErrorBody(error: details))) ?? Data()
        return Response(
            status: HTTPResponse.Status(code: details.status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
