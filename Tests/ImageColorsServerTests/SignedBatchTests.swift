import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestHTTPServer
import Testing

@testable import ImageColorsServer

/// A signature covers the path and query; a batch's URLs are in its body, so a signed batch names
/// the body's SHA-256 in the query (`body-sha256`), and the body must match it.
@Suite("Signing: the batch's body")
struct SignedBatchTests {
    static func digest(_ body: Data) -> String {
        SHA256.hash(data: body).map { String(format: "%02x", $0) }.joined()
    }

    static func body(_ urls: [String]) throws -> Data { try JSONEncoder().encode(urls) }

    static func signed(_ query: String) -> String {
        let signature = RequestSignature.sign(path: "/v1/colors/batch", query: query, with: SigningTests.first)
        return "/v1/colors/batch?\(query)&signature=\(signature)"
    }

    @Test("Given signing on, when a signed batch names no body-sha256, then 403 signature-missing, origin unasked")
    func digestRequired() async throws {
        try await TestHTTPServer.with(ServerSupport.sampleRoute()) { origin in
            let configuration = ServerSupport.configuration { $0.signingKeys = [SigningTests.first] }
            try await ServerSupport.withApp(configuration) { client in
                let response = try await client.execute(
                    uri: Self.signed("quality=low"), method: .post,
                    body: ByteBuffer(bytes: try Self.body([origin.url("/coffee.png").absoluteString])))
                #expect(response.status == .forbidden)
                #expect(try ServerSupport.errorCode(response) == "signature-missing")
            }
            #expect(origin.requests.isEmpty)
        }
    }

    @Test("Given a batch signed for one body, when another body is sent with it, then 400 invalid-option, unasked")
    func swappedBody() async throws {
        try await TestHTTPServer.with(ServerSupport.sampleRoute()) { origin in
            let configuration = ServerSupport.configuration { $0.signingKeys = [SigningTests.first] }
            let meant = try Self.body([origin.url("/coffee.png").absoluteString])
            let swapped = try Self.body([origin.url("/rocket.jpg").absoluteString])
            try await ServerSupport.withApp(configuration) { client in
                let response = try await client.execute(
                    uri: Self.signed("quality=low&body-sha256=\(Self.digest(meant))"), method: .post,
                    body: ByteBuffer(bytes: swapped))
                #expect(response.status == .badRequest)
                #expect(try ServerSupport.errorCode(response) == "invalid-option")
                #expect(ServerSupport.text(response).contains("body-sha256"))
            }
            #expect(origin.requests.isEmpty)
        }
    }

    @Test("Given a batch signed with its body's digest, when sent, then its lines come back")
    func signedBody() async throws {
        try await TestHTTPServer.with(ServerSupport.sampleRoute()) { origin in
            let configuration = ServerSupport.configuration { $0.signingKeys = [SigningTests.first] }
            let body = try Self.body([origin.url("/coffee.png").absoluteString])
            try await ServerSupport.withApp(configuration) { client in
                // Upper-case hex is the same digest.
                let query = "quality=low&body-sha256=\(Self.digest(body).uppercased())"
                let response = try await client.execute(
                    uri: Self.signed(query), method: .post, body: ByteBuffer(bytes: body))
                #expect(response.status == .ok)
                let lines = ServerSupport.text(response).split(separator: "\n")
                #expect(lines.count == 1)
                #expect(lines.first?.contains("\"background\"") == true)
            }
        }
    }

    @Test("Given signing off, when body-sha256 is not the body's or not hex, then 400 invalid-option")
    func unsignedDigestChecked() async throws {
        try await ServerSupport.withApp(ServerSupport.configuration()) { client in
            for digest in [String(repeating: "0", count: 64), "xyz"] {
                let response = try await client.execute(
                    uri: "/v1/colors/batch?body-sha256=\(digest)", method: .post,
                    body: ByteBuffer(bytes: try Self.body([])))
                #expect(response.status == .badRequest)
                #expect(try ServerSupport.errorCode(response) == "invalid-option")
            }
        }
    }
}
