import Foundation
import Hummingbird
import HummingbirdTesting
import ImageColors
import ImageColorsRemote
import Logging
import TestHTTPServer
import TestSupport
import Testing

import struct TestHTTPServer.TestResponse

@testable import ImageColorsServer

/// What the server suites share: configurations, the samples, and running the app.
enum ServerSupport {
    /// A configuration for tests: loopback allowed (the origin is a `TestHTTPServer` on
    /// 127.0.0.1), two jobs, a 60 s request timeout (debug builds on a loaded machine).
    static func configuration(
        allowLoopback: Bool = true, change: (inout ServerConfiguration) -> Void = { _ in }
    ) -> ServerConfiguration {
        var limits = DownloadLimits.default
        limits.addressPolicy = AddressPolicy(allowsLoopback: allowLoopback, allowsPrivate: true)
        var configuration = ServerConfiguration(
            port: 0, jobs: 2, requestTimeout: .seconds(60), downloadLimits: limits)
        change(&configuration)
        return configuration
    }

    /// Runs `body` with a client of the app built from `configuration`.
    static func withApp<Value: Sendable>(
        _ configuration: ServerConfiguration, _ setup: TestingSetup = .router,
        _ body: @Sendable (any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        let app = try await buildApplication(
            configuration, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        return try await app.test(setup, body)
    }

    /// A sample's bytes.
    static func sample(_ name: String) throws -> Data {
        try Data(contentsOf: RepositoryPaths.samples.appendingPathComponent(name))
    }

    /// An origin route serving the samples at `/NAME`, with `headers`, and `delay` before the head
    /// and then `gate` holding it (default none).
    static func sampleRoute(
        headers: [(String, String)] = [], delay: Duration = .zero, gate: ArrivalGate? = nil
    ) -> TestHTTPServer.Routes {
        { path in
            let name = String(path.dropFirst().prefix { $0 != "?" })
            guard let data = try? sample(name) else { return .status(404) }
            var response = TestResponse.ok(data, contentType: "image/png")
            response.headers += headers
            response.headDelay = delay
            response.gate = gate
            return response
        }
    }

    /// `url` percent-encoded for a query value.
    static func query(_ url: String) -> String {
        url.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~")))
            ?? url
    }

    /// The value of the metric `name` in `/metrics`, `nil` when it is not there.
    static func metric(_ name: String, of client: any TestClientProtocol) async throws -> Double? {
        let text = text(try await client.execute(uri: "/metrics", method: .get))
        return text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap {
            Double($0.split(separator: " ").last ?? "")
        }
    }

    /// The body as text.
    static func text(_ response: HummingbirdTesting.TestResponse) -> String {
        String(buffer: response.body)
    }

    /// The body's JSON object.
    static func object(_ response: HummingbirdTesting.TestResponse) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(buffer: response.body))
        return try #require(object as? [String: Any])
    }

    /// The `error.code` of an error answer.
    static func errorCode(_ response: HummingbirdTesting.TestResponse) throws -> String? {
        (try object(response)["error"] as? [String: Any])?["code"] as? String
    }
}
