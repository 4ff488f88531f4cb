import Crypto
import Foundation

/// The signature of a `/v1/` request: `base64url(HMAC-SHA256(key, salt ‖ path + "?" + query))`,
/// unpadded, where the query is the one sent with its `signature` parameter taken out and
/// everything else left as sent (order, percent-encoding).
public enum RequestSignature {
    /// The parameter that carries the signature.
    public static let parameter = "signature"

    /// The text that is signed for `path` and `query`: the path, `?`, and the query's
    /// parameters but `signature`, as sent.
    /// - Parameters:
    ///   - path: The request's path as sent, such as `/v1/colors`.
    ///   - query: The query as sent (without `?`), or `nil`.
    public static func signedText(path: String, query: String?) -> String {
        let kept = (query ?? "").split(separator: "&", omittingEmptySubsequences: false).filter { part in
            part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
                != parameter
        }
        return path + "?" + kept.joined(separator: "&")
    }

    /// The signature of `path` and `query` with `key`, as a client puts it in `signature=`.
    /// - Parameters:
    ///   - path: As ``signedText(path:query:)``.
    ///   - query: As ``signedText(path:query:)``; a `signature` parameter in it is left out.
    ///   - key: The key and salt.
    public static func sign(path: String, query: String?, with key: SigningKey) -> String {
        let code = HMAC<SHA256>.authenticationCode(
            for: key.salt + Array(signedText(path: path, query: query).utf8), using: SymmetricKey(data: key.key))
        return Data(code).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Checks the request's `signature` against every key.
    /// - Parameters:
    ///   - path: The request's path as sent.
    ///   - query: Its query as sent, `signature` included.
    ///   - keys: The accepted keys; at least one.
    /// - Throws: ``ServerError/signatureMissing`` without a `signature` parameter,
    ///   ``ServerError/signatureInvalid`` when it matches no key. The comparison runs in
    ///   constant time (swift-crypto's), and every key is tried whichever matches.
    public static func verify(path: String, query: String?, keys: [SigningKey]) throws(ServerError) {
        let values = (query ?? "").split(separator: "&").compactMap { part -> Substring? in
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return pair.first == Substring(parameter) ? (pair.count == 2 ? pair[1] : "") : nil
        }
        guard let value = values.first else { throw .signatureMissing }
        guard values.count == 1, let code = decode(value) else { throw .signatureInvalid }
        let text = Array(signedText(path: path, query: query).utf8)
        var matched = false
        for key in keys {
            let valid = HMAC<SHA256>.isValidAuthenticationCode(
                code, authenticating: key.salt + text, using: SymmetricKey(data: key.key))
            matched = matched || valid
        }
        if !matched { throw .signatureInvalid }
    }

    /// The bytes of an unpadded base64url text, or `nil`.
    private static func decode(_ text: Substring) -> Data? {
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            return nil
        }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
