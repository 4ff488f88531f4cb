import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ImageColors
import ImageColorsRemote
import TestHTTPServer
import TestSupport
import Testing

import struct TestHTTPServer.TestResponse

@testable import ImageColorsServer

@Suite("Errors: every status, as an error object with its code")
struct ErrorStatusTests {
    /// Asks `uri` and checks the status, the code and the error headers.
    static func expectError(
        _ client: any TestClientProtocol, _ uri: String, method: HTTPRequest.Method = .get, body: Data? = nil,
        status: Int, code: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let response = try await client.execute(uri: uri, method: method, body: body.map { ByteBuffer(bytes: $0) })
        #expect(response.status.code == status, "\(ServerSupport.text(response))", sourceLocation: sourceLocation)
        #expect(try ServerSupport.errorCode(response) == code, sourceLocation: sourceLocation)
        #expect(response.headers[.contentType] == "application/json", sourceLocation: sourceLocation)
        #expect(response.headers[.cacheControl] == "no-store", sourceLocation: sourceLocation)
    }

    @Test("Given the table, then each code has one status and unknown codes are 500")
    func table() {
        let listed = ErrorStatus.table.flatMap(\.codes)
        #expect(listed.count == Set(listed).count)
        #expect(ErrorStatus.status(for: "busy") == 429)
        #expect(ErrorStatus.status(for: "no-such-code") == 500)
        #expect(ErrorStatus.table.map(\.status) == [400, 403, 404, 405, 413, 415, 422, 429, 500, 502, 504])
    }

    @Test("Given every error the loader, the analysis and the server can give, then the table lists its code")
    func everyCodeListed() {
        let url = URL(string: "https://example.test/a.png")!
        let remote: [RemoteLoadingError] = [
            .invalidURL("x"), .unsupportedScheme(url), .httpStatus(url, status: 404),
            .bodyTooLarge(url, limit: 1, declared: nil), .bodyTruncated(url, received: 1, expected: 2, reason: nil),
            .timedOut(url, limit: .seconds(1)), .connectTimedOut(url, limit: .seconds(1)),
            .connectionFailed(url, underlying: UnderlyingError(CancellationError())),
            .tooManyRedirects(url, limit: 1), .redirectLoop(url, target: url), .invalidRedirect(url, location: nil),
            .spoolFailed(path: "/tmp/x", underlying: UnderlyingError(CancellationError())),
            .addressNotAllowed(url, address: IPAddress("127.0.0.1")!, addressClass: .loopback),
            .connectionRefused(url), .insecureRedirect(url, target: url),
        ]
        let decoding: [ImageDecodingError] = [
            .unsupportedFormat(seen: "x"), .unsupportedFeature(.png, detail: ""), .corrupt(.png, detail: ""),
            .truncated(.png, detail: ""), .outOfMemory(.png, detail: ""), .overLimit(.png, detail: ""),
            .unreadable(.png, detail: ""), .tooLarge(.png, width: 1, height: 1, limit: ""),
            .timedOut(.png, after: .seconds(1)), .tooManyFrames(.png, limit: 1),
        ]
        let server: [ServerError] = [
            .busy(queued: 1), .signatureMissing, .signatureInvalid, .sourceNotAllowed(url: "x"),
            .urlTooLong(length: 2, limit: 1), .uploadTooLarge(limit: 1), .invalidBatch(reason: ""),
            .batchTooLarge(count: 2, limit: 1), .invalidOption(name: "x", reason: ""), .missingURL,
            .deadlineExceeded(limit: .seconds(1)), .notFound(path: "/"),
            .methodNotAllowed(method: "PUT", path: "/", allowed: ["GET"]), .internalError("x"),
        ]
        let others: [any ImageColorsError] = [
            MemoryBudgetError.overBudget(purpose: "x", needed: 2, available: 1, budget: 1),
            TitleRegionError.emptyImage, TitleRegionError.unrecognized("x"), PlaceholderError.emptyImage,
            LoadingError.fileNotFound(path: "x"),
        ]
        let errors: [any ImageColorsError] = remote + decoding + server + others
        for error in errors {
            #expect(ErrorStatus.codes.contains(error.code), "\(error.code)")
        }
    }

    @Test("Given bad requests, then 400 with the code that names what is wrong")
    func badRequests() async throws {
        let configuration = ServerSupport.configuration { $0.maxURLLength = 200 }
        try await ServerSupport.withApp(configuration) { client in
            let url = ServerSupport.query("http://127.0.0.1:9/a.png")
            try await Self.expectError(
                client, "/v1/colors?url=\(url)&quality=best", status: 400, code: "invalid-option")
            try await Self.expectError(client, "/v1/colors?url=\(url)&colour=red", status: 400, code: "invalid-option")
            try await Self.expectError(client, "/v1/colors?quality=low", status: 400, code: "invalid-url")
            try await Self.expectError(client, "/v1/colors?url=not%20a%20url", status: 400, code: "invalid-url")
            try await Self.expectError(
                client, "/v1/colors?url=\(ServerSupport.query("ftp://example.test/a.png"))", status: 400,
                code: "unsupported-scheme")
            try await Self.expectError(
                client, "/v1/colors?url=\(url)&x=\(String(repeating: "a", count: 200))", status: 400,
                code: "url-too-long")
            try await Self.expectError(
                client, "/v1/colors/batch", method: .post, body: Data(#"{"urls":[]}"#.utf8), status: 400,
                code: "invalid-batch")
        }
    }

    @Test("Given the default address policy, when a URL reaches loopback, then 403 and the origin sees no request")
    func loopbackRefused() async throws {
        try await TestHTTPServer.with(ServerSupport.sampleRoute()) { origin in
            let url = ServerSupport.query(origin.url("/coffee.png").absoluteString)
            try await ServerSupport.withApp(ServerSupport.configuration(allowLoopback: false)) { client in
                try await Self.expectError(client, "/v1/colors?url=\(url)", status: 403, code: "address-not-allowed")
            }
            #expect(origin.requests.isEmpty)
            #expect(origin.connectionCount == 0)
        }
    }

    @Test("Given --allowed-sources, when a URL is under none, then 403 and the origin sees no request")
    func sourceNotAllowed() async throws {
        try await TestHTTPServer.with(ServerSupport.sampleRoute()) { origin in
            let configuration = ServerSupport.configuration {
                $0.allowedSources = [origin.url("/allowed/").absoluteString]
            }
            try await ServerSupport.withApp(configuration) { client in
                let url = ServerSupport.query(origin.url("/coffee.png").absoluteString)
                try await Self.expectError(client, "/v1/colors?url=\(url)", status: 403, code: "source-not-allowed")
            }
            #expect(origin.requests.isEmpty)
        }
    }

    @Test("Given unknown paths and methods, then 404 not-found and 405 method-not-allowed with Allow")
    func notFoundAndMethod() async throws {
        try await ServerSupport.withApp(ServerSupport.configuration()) { client in
            try await Self.expectError(client, "/v2/colors", status: 404, code: "not-found")
            try await Self.expectError(client, "/healthz", method: .post, status: 405, code: "method-not-allowed")
            let response = try await client.execute(uri: "/v1/colors", method: .delete)
            #expect(response.headers[.allow] == "GET, POST")
        }
    }

    @Test("Given the limits, when passed, then 413 with the limit's code")
    func tooLarge() async throws {
        try await TestHTTPServer.with(ServerSupport.sampleRoute()) { origin in
            let configuration = ServerSupport.configuration {
                $0.maxUploadSize = 1000
                $0.maxBatch = 2
                $0.downloadLimits.maxBodySize = 100
            }
            try await ServerSupport.withApp(configuration) { client in
                try await Self.expectError(
                    client, "/v1/colors", method: .post, body: Data(count: 1001), status: 413, code: "upload-too-large")
                let urls = try JSONEncoder().encode(["a", "b", "c"].map { origin.url("/\($0).png").absoluteString })
                try await Self.expectError(
                    client, "/v1/colors/batch", method: .post, body: urls, status: 413, code: "batch-too-large")
                let url = ServerSupport.query(origin.url("/coffee.png").absoluteString)
                try await Self.expectError(client, "/v1/colors?url=\(url)", status: 413, code: "body-too-large")
            }
        }
    }

    @Test("Given bytes that are not an image, or a damaged one, then 415 and 422")
    func notAnImage() async throws {
        let png = try ServerSupport.sample("coffee.png")
        let damaged = png.prefix(200) + Data(repeating: 0x41, count: 300)
        try await ServerSupport.withApp(ServerSupport.configuration()) { client in
            try await Self.expectError(
                client, "/v1/colors", method: .post, body: Data("hello, world".utf8), status: 415,
                code: "unsupported-format")
            let response = try await client.execute(uri: "/v1/colors", method: .post, body: ByteBuffer(bytes: damaged))
            #expect(response.status.code == 422)
            let code = try #require(try ServerSupport.errorCode(response))
            #expect(ErrorStatus.table.first { $0.status == 422 }?.codes.contains(code) == true, "\(code)")
        }
    }

    @Test("Given an origin that fails or stalls, then 502 and 504")
    func upstream() async throws {
        let routes: TestHTTPServer.Routes = { path in
            var response = TestResponse.ok(TestResponse.filler(10))
            if path.hasPrefix("/slow") { response.headDelay = .seconds(5) } else { response = .status(500) }
            return response
        }
        try await TestHTTPServer.with(routes) { origin in
            let configuration = ServerSupport.configuration { $0.requestTimeout = .milliseconds(300) }
            try await ServerSupport.withApp(configuration) { client in
                let failing = ServerSupport.query(origin.url("/broken.png").absoluteString)
                try await Self.expectError(client, "/v1/colors?url=\(failing)", status: 502, code: "http-status")
                let slow = ServerSupport.query(origin.url("/slow.png").absoluteString)
                let started = ContinuousClock.now
                try await Self.expectError(client, "/v1/colors?url=\(slow)", status: 504, code: "deadline-exceeded")
                #expect(ContinuousClock.now - started < .seconds(4))
                // In a batch, the line says so and the others still come.
                let urls = try JSONEncoder().encode(["/slow.png", "/broken.png"].map { origin.url($0).absoluteString })
                let batch = try await client.execute(
                    uri: "/v1/colors/batch", method: .post, body: ByteBuffer(bytes: urls))
                let codes = try ServerSupport.text(batch).split(separator: "\n").map { line in
                    let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                    return (object?["error"] as? [String: Any])?["code"] as? String
                }
                #expect(codes == ["deadline-exceeded", "http-status"])
            }
        }
    }
}
