import Foundation
import Hummingbird
import ImageColors

/// `GET /v1/colors?url=…`, `POST /v1/colors` (the image as the body) and
/// `GET /v1/colors.css?url=…`: one result each.
struct ColorRoutes<Context: RequestContext> {
    let service: ColorService

    func addRoutes(to router: Router<Context>) {
        router.get("/v1/colors") { request, _ in try await colorsOfURL(request) }
        router.post("/v1/colors") { request, _ in try await colorsOfUpload(request) }
        router.get("/v1/colors.css") { request, _ in try await stylesheet(request) }
    }

    private var signed: Bool { !service.configuration.signingKeys.isEmpty }

    private func options(_ request: Request, takesURL: Bool) throws(ServerError) -> RequestOptions {
        try RequestOptions(
            query: request.uri.query, defaults: service.configuration.analysisOptions, takesURL: takesURL,
            signed: signed)
    }

    private func colorsOfURL(_ request: Request) async throws -> Response {
        let options = try options(request, takesURL: true)
        let outcome = try await service.analyze(url: options.url ?? "", options: options.analysis)
        let body = try ResultResponse.encoded(outcome, appearances: options.appearances)
        return ResultResponse.response(
            body.data, contentType: "application/json", outcome: outcome, request: request, etag: body.etag)
    }

    private func colorsOfUpload(_ request: Request) async throws -> Response {
        let options = try options(request, takesURL: false)
        let upload = try await UploadBody.collect(request, limit: service.configuration.maxUploadSize)
        let outcome = try await service.analyze(upload: upload, options: options.analysis)
        let body = try ResultResponse.json(outcome, appearances: options.appearances)
        return ResultResponse.response(body, contentType: "application/json", outcome: outcome, request: request)
    }

    private func stylesheet(_ request: Request) async throws -> Response {
        let options = try options(request, takesURL: true)
        let outcome = try await service.analyze(url: options.url ?? "", options: options.analysis)
        let css = CardCSS.stylesheet(for: outcome.analysis, appearances: options.appearances)
        return ResultResponse.response(
            Data(css.utf8), contentType: "text/css; charset=utf-8", outcome: outcome, request: request)
    }
}

/// A request's body, read whole within a limit.
enum UploadBody {
    /// The body's bytes.
    /// - Throws: ``ServerError/uploadTooLarge(limit:)`` as soon as `Content-Length` or the
    ///   bytes read pass `limit` (the rest is not read).
    static func collect(_ request: Request, limit: Int) async throws -> Data {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw ServerError.uploadTooLarge(limit: limit)
        }
        var data = Data()
        for try await buffer in request.body {
            guard buffer.readableBytes <= limit - data.count else { throw ServerError.uploadTooLarge(limit: limit) }
            data.append(contentsOf: buffer.readableBytesView)
        }
        return data
    }
}
