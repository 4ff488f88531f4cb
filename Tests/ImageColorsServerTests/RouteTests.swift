import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ImageColors
import TestHTTPServer
import TestSupport
import Testing

@testable import ImageColorsServer

@Suite("Routes: each endpoint answers as the contract says")
struct RouteTests {
    @Test("Given the server, when /healthz is asked, then it says ok and the version")
    func health() async throws {
        try await ServerSupport.withApp(ServerSupport.configuration()) { client in
            let response = try await client.execute(uri: "/healthz", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json")
            #expect(ServerSupport.text(response) == #"{"status":"ok","version":"\#(ImageColorsVersion.current)"}"#)
        }
    }

    @Test(
        "Given an origin with a PNG, when GET /v1/colors names it, then the CLI's JSON comes back with the URL as given"
    )
    func colorsOfURL() async throws {
        try await TestHTTPServer.with(ServerSupport.sampleRoute()) { origin in
            let url = origin.url("/coffee.png").absoluteString + "?v=1"
            try await ServerSupport.withApp(ServerSupport.configuration()) { client in
                let response = try await client.execute(
                    uri: "/v1/colors?url=\(ServerSupport.query(url))&palette=3", method: .get)
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json")
                let object = try ServerSupport.object(response)
                #expect(object["source"] as? String == url)
                #expect(object["format"] as? String == "png")
                #expect((object["palette"] as? [Any])?.count == 3)
                #expect((object["background"] as? String)?.hasPrefix("#") == true)
            }
        }
    }

    @Test("Given image bytes, when POSTed to /v1/colors, then the result's source is upload")
    func colorsOfUpload() async throws {
        let png = try ServerSupport.sample("coffee.png")
        try await ServerSupport.withApp(ServerSupport.configuration()) { client in
            let response = try await client.execute(
                uri: "/v1/colors?quality=low", method: .post, body: ByteBuffer(bytes: png))
            #expect(response.status == .ok)
            let object = try ServerSupport.object(response)
            #expect(object["source"] as? String == "upload")
            #expect((object["analyzed"] as? [String: Any])?["width"] as? Int == 100)
            #expect(response.headers[.cacheControl] == "no-store")
        }
    }

    @Test("Given an origin, when /v1/colors.css names an image, then the card's properties come with light-dark()")
    func stylesheet() async throws {
        try await TestHTTPServer.with(ServerSupport.sampleRoute()) { origin in
            let url = origin.url("/rocket.jpg").absoluteString
            try await ServerSupport.withApp(ServerSupport.configuration()) { client in
                let response = try await client.execute(
                    uri: "/v1/colors.css?url=\(ServerSupport.query(url))", method: .get)
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/css; charset=utf-8")
                let css = ServerSupport.text(response)
                let pattern =
                    #"^:root\{color-scheme:light dark;--card-background:light-dark\(#[0-9a-f]{6},#[0-9a-f]{6}\);"#
                    + #"--card-primary:light-dark\(#[0-9a-f]{6},#[0-9a-f]{6}\);"#
                    + #"--card-secondary:light-dark\(#[0-9a-f]{6},#[0-9a-f]{6}\);"#
                    + #"--card-detail:light-dark\(#[0-9a-f]{6},#[0-9a-f]{6}\);"#
                    + #"--card-title:light-dark\(#[0-9a-f]{6},#[0-9a-f]{6}\)\}\n$"#
                #expect(css.range(of: pattern, options: .regularExpression) != nil, "\(css)")
            }
        }
    }

    @Test("Given three URLs, one missing, when batched, then three NDJSON lines come in input order")
    func batch() async throws {
        try await TestHTTPServer.with(ServerSupport.sampleRoute()) { origin in
            let urls = ["/rocket.jpg", "/missing.png", "/coffee.png"].map { origin.url($0).absoluteString }
            let body = try JSONEncoder().encode(urls)
            try await ServerSupport.withApp(ServerSupport.configuration()) { client in
                let response = try await client.execute(
                    uri: "/v1/colors/batch?quality=lowest", method: .post, body: ByteBuffer(bytes: body))
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/x-ndjson")
                let lines = ServerSupport.text(response).split(separator: "\n").map(String.init)
                try #require(lines.count == 3)
                let objects = try lines.map {
                    try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
                }
                #expect(objects.map { $0["source"] as? String } == urls)
                #expect(objects[0]["format"] as? String == "jpeg")
                #expect((objects[1]["error"] as? [String: Any])?["code"] as? String == "http-status")
                #expect(objects[2]["format"] as? String == "png")
            }
        }
    }

    @Test("Given the embedded resources, when asked for, then each is served as committed, the page with its CSP")
    func resources() async throws {
        let folder = RepositoryPaths.root.appendingPathComponent("Sources/ImageColorsServer/Resources")
        let files = [
            ("/openapi.json", "openapi.json"), ("/", "playground.html"), ("/playground.js", "playground.js"),
            ("/playground.css", "playground.css"),
        ]
        try await ServerSupport.withApp(ServerSupport.configuration()) { client in
            for (path, file) in files {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .ok)
                #expect(Data(buffer: response.body) == (try Data(contentsOf: folder.appendingPathComponent(file))))
            }
            let page = try await client.execute(uri: "/", method: .get)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(
                page.headers[.contentSecurityPolicy]
                    == "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
                    + "connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'")
        }
    }

    @Test("Given a request answered, when /metrics is scraped, then it counts the request by route and status")
    func metrics() async throws {
        try await ServerSupport.withApp(ServerSupport.configuration()) { client in
            _ = try await client.execute(uri: "/healthz", method: .get)
            _ = try await client.execute(uri: "/nowhere", method: .get)
            let response = try await client.execute(uri: "/metrics", method: .get)
            #expect(response.status == .ok)
            let text = ServerSupport.text(response)
            #expect(text.contains(#"imagecolors_requests_total{route="/healthz",status="200"} 1"#), "\(text)")
            #expect(text.contains(#"imagecolors_requests_total{route="unmatched",status="404"} 1"#))
            for name in [
                "imagecolors_queue_depth", "imagecolors_memory_pool_bytes_in_use", "imagecolors_upstream_bytes_total",
                "imagecolors_cache_hits_total",
            ] {
                #expect(text.contains(name), "\(name)")
            }
        }
    }

    @Test("Given a URL analysed, when /metrics is scraped, then the upstream bytes and the analysis time are counted")
    func metricsOfAnAnalysis() async throws {
        let size = try ServerSupport.sample("coffee.png").count
        try await TestHTTPServer.with(ServerSupport.sampleRoute()) { origin in
            let url = ServerSupport.query(origin.url("/coffee.png").absoluteString)
            try await ServerSupport.withApp(ServerSupport.configuration()) { client in
                let result = try await client.execute(uri: "/v1/colors?url=\(url)&quality=lowest", method: .get)
                #expect(result.status == .ok)
                let text = ServerSupport.text(try await client.execute(uri: "/metrics", method: .get))
                #expect(text.contains("imagecolors_upstream_bytes_total \(size)"), "\(text)")
                #expect(text.contains("imagecolors_analysis_duration_seconds_count 1"))
                #expect(text.contains("imagecolors_cache_misses_total 1"))
                #expect(text.contains("imagecolors_queue_depth 0"))
            }
        }
    }

    @Test("Given --metrics-port, when the main port is asked for /metrics, then it is not found there")
    func metricsElsewhere() async throws {
        let configuration = ServerSupport.configuration { $0.metricsPort = 0 }
        try await ServerSupport.withApp(configuration) { client in
            let response = try await client.execute(uri: "/metrics", method: .get)
            #expect(response.status == .notFound)
        }
    }
}
