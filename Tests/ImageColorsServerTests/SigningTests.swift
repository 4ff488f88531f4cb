import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import ImageColorsServer

@Suite("Signing: HMAC-SHA256 over salt, path and query, with key rotation")
struct SigningTests {
    static let first = SigningKey(
        keyHex: "943b421c9eb07c830af81030552c86009268de4e532ba2ee2eab8247c6da0881",
        saltHex: "520f986b998545b4785e0defbc4f3c1203f22de2374a3d53cb7a7fe9fea309c5")!
    static let second = SigningKey(keyHex: "0011223344556677", saltHex: "")!
    static let retired = SigningKey(keyHex: "8899aabbccddeeff", saltHex: "01")!
    static let query = "url=https%3A%2F%2Fexample.test%2Fa.png&quality=low"

    @Test("Given a key and salt, then the signature is Python's hmac over salt ‖ path?query, base64url unpadded")
    func knownVector() {
        // python3: base64.urlsafe_b64encode(hmac.new(key, salt + b"/v1/colors?" + query, sha256).digest()).rstrip(b"=")
        #expect(
            RequestSignature.sign(path: "/v1/colors", query: Self.query, with: Self.first)
                == "fRO3Ziz9ALXdArZFu4im7EzP4lKqGQDX8A-QXtg15eA")
    }

    @Test("Given a signed query, then the signature parameter is left out of what is signed, wherever it is")
    func signatureLeftOut() throws {
        let signature = RequestSignature.sign(path: "/v1/colors", query: Self.query, with: Self.first)
        try RequestSignature.verify(
            path: "/v1/colors", query: "signature=\(signature)&" + Self.query, keys: [Self.first])
        try RequestSignature.verify(
            path: "/v1/colors", query: Self.query + "&signature=\(signature)", keys: [Self.first])
        #expect(throws: ServerError.signatureInvalid) {
            try RequestSignature.verify(
                path: "/v1/colors", query: Self.query + "&palette=5&signature=\(signature)", keys: [Self.first])
        }
        #expect(throws: ServerError.signatureInvalid) {
            try RequestSignature.verify(path: "/v1/colors", query: Self.query + "&signature=!!", keys: [Self.first])
        }
    }

    @Test("Given signing on, when /v1/ requests come unsigned, badly signed or signed, then 403, 403 and through")
    func routes() async throws {
        let configuration = ServerSupport.configuration { $0.signingKeys = [Self.first, Self.second] }
        try await ServerSupport.withApp(configuration) { client in
            let missing = try await client.execute(uri: "/v1/colors?quality=low", method: .get)
            #expect(missing.status == .forbidden)
            #expect(try ServerSupport.errorCode(missing) == "signature-missing")

            let retired = RequestSignature.sign(path: "/v1/colors", query: "quality=low", with: Self.retired)
            let invalid = try await client.execute(uri: "/v1/colors?quality=low&signature=\(retired)", method: .get)
            #expect(invalid.status == .forbidden)
            #expect(try ServerSupport.errorCode(invalid) == "signature-invalid")

            // Signed with either key (rotation), the request passes the check and fails later, on its missing url.
            for key in [Self.first, Self.second] {
                let signature = RequestSignature.sign(path: "/v1/colors", query: "quality=low", with: key)
                let signed = try await client.execute(
                    uri: "/v1/colors?quality=low&signature=\(signature)", method: .get)
                #expect(try ServerSupport.errorCode(signed) == "invalid-url")
            }

            // Outside /v1/ nothing is signed.
            let health = try await client.execute(uri: "/healthz", method: .get)
            #expect(health.status == .ok)
        }
    }

    @Test("Given signing off, when a request carries signature, then it is an unknown option")
    func unsignedServer() async throws {
        try await ServerSupport.withApp(ServerSupport.configuration()) { client in
            let response = try await client.execute(uri: "/v1/colors?url=x&signature=abc", method: .get)
            #expect(response.status == .badRequest)
            #expect(try ServerSupport.errorCode(response) == "invalid-option")
        }
    }

    @Test("Given hex flags, then odd digits, non-hex and empty keys are refused")
    func keyParsing() {
        #expect(SigningKey(keyHex: "abc", saltHex: "") == nil)
        #expect(SigningKey(keyHex: "zz", saltHex: "") == nil)
        #expect(SigningKey(keyHex: "", saltHex: "00") == nil)
        #expect(SigningKey(keyHex: "0aFf", saltHex: "")?.key == [0x0A, 0xFF])
    }
}
