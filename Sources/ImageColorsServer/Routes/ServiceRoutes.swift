import Foundation
import HTTPTypes
import Hummingbird
import ImageColorsRemote

/// `GET /healthz` and `GET /metrics`.
struct ServiceRoutes<Context: RequestContext> {
    let version: String
    let metrics: ServerMetrics

    /// The health check; `/metrics` too when `withMetrics`.
    func addRoutes(to router: Router<Context>, withMetrics: Bool) {
        router.get("/healthz") { _, _ in
            let body = try ResultJSON.data(for: ["status": "ok", "version": version])
            return Response(
                status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
        }
        if withMetrics { addMetrics(to: router) }
    }

    /// `/metrics` alone (for `--metrics-port`).
    func addMetrics(to router: Router<Context>) {
        router.get("/metrics") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: metrics.render())))
        }
    }
}

/// `GET /openapi.json`, the playground page `/` and its `/playground.js` and `/playground.css`,
/// embedded in the binary from `Resources/`.
struct ResourceRoutes<Context: RequestContext> {
    /// The page's policy: its own scripts and styles only, no frames, no forms elsewhere.
    static var contentSecurityPolicy: String {
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; "
            + "form-action 'none'; frame-ancestors 'none'; base-uri 'none'"
    }

    /// The paths and their bytes and media types.
    static var resources: [(path: String, bytes: [UInt8], contentType: String)] {
        [
            ("/openapi.json", PackageResources.openapi_json, "application/json"),
            ("/", PackageResources.playground_html, "text/html; charset=utf-8"),
            ("/playground.js", PackageResources.playground_js, "text/javascript; charset=utf-8"),
            ("/playground.css", PackageResources.playground_css, "text/css; charset=utf-8"),
        ]
    }

    func addRoutes(to router: Router<Context>) {
        for resource in Self.resources {
            let headers: HTTPFields = [
                .contentType: resource.contentType, .cacheControl: "no-cache",
                .contentSecurityPolicy: Self.contentSecurityPolicy, .xContentTypeOptions: "nosniff",
                .eTag: ResultResponse.entityTag(Data(resource.bytes)),
            ]
            let bytes = resource.bytes
            router.get(RouterPath(resource.path)) { request, _ in
                if ResultResponse.matches(request.headers[.ifNoneMatch], headers[.eTag] ?? "") {
                    return Response(status: .notModified, headers: headers)
                }
                return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
            }
        }
    }
}
