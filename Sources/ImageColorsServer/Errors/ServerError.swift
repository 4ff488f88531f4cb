import Foundation
import ImageColors

/// Why the service refused a request before or around an analysis: the request's own errors
/// (options, sizes, signature, sources) and the service's limits (busy, deadline). The
/// analysis' and the download's errors pass as they are, with their own codes.
public enum ServerError: ImageColorsError, Equatable {
    /// A query parameter the route does not take, or a value its flag would refuse.
    case invalidOption(name: String, reason: String)
    /// `url` is missing from a route that needs it.
    case missingURL
    /// The request's path and query are longer than `--max-url-length`.
    case urlTooLong(length: Int, limit: Int)
    /// A request body past `--max-upload-size`.
    case uploadTooLarge(limit: Int)
    /// A batch body that is not a JSON array of strings.
    case invalidBatch(reason: String)
    /// A batch of more URLs than `--max-batch`.
    case batchTooLarge(count: Int, limit: Int)
    /// Signing is on and the request has no `signature`.
    case signatureMissing
    /// Signing is on and `signature` matches no key.
    case signatureInvalid
    /// Signing is on and a batch's signed query does not name its body's SHA-256
    /// (`body-sha256`), so the signature would not cover the URLs it asks for.
    case batchBodyUnsigned
    /// `--allowed-sources` is set and the URL starts with none of its prefixes.
    case sourceNotAllowed(url: String)
    /// Every analysis slot is taken and `--max-queue` requests wait already.
    case busy(queued: Int)
    /// The request did not finish within `--request-timeout`.
    case deadlineExceeded(limit: Duration)
    /// No route has this path.
    case notFound(path: String)
    /// The path has routes, but not for this method.
    case methodNotAllowed(method: String, path: String, allowed: [String])
    /// Something the service did not expect; the message says what without internals.
    case internalError(String)

    public var code: String {
        switch self {
        case .invalidOption: "invalid-option"
        case .missingURL: "invalid-url"
        case .urlTooLong: "url-too-long"
        case .uploadTooLarge: "upload-too-large"
        case .invalidBatch: "invalid-batch"
        case .batchTooLarge: "batch-too-large"
        case .signatureMissing, .batchBodyUnsigned: "signature-missing"
        case .signatureInvalid: "signature-invalid"
        case .sourceNotAllowed: "source-not-allowed"
        case .busy: "busy"
        case .deadlineExceeded: "deadline-exceeded"
        case .notFound: "not-found"
        case .methodNotAllowed: "method-not-allowed"
        case .internalError: "internal-error"
        }
    }

    public var description: String {
        switch self {
        case .invalidOption(let name, let reason):
            "invalid option \(name): \(reason)"
        case .missingURL:
            "the url parameter is missing: give the image's http(s) URL as url=…"
        case .urlTooLong(let length, let limit):
            "the request's path and query are \(length) characters, over the \(limit)-character limit"
        case .uploadTooLarge(let limit):
            "the request body is over \(MemoryBudget.format(bytes: limit)), the upload limit"
        case .invalidBatch(let reason):
            "the batch body must be a JSON array of URL strings: \(reason)"
        case .batchTooLarge(let count, let limit):
            "the batch has \(count) URLs, over the limit of \(limit)"
        case .signatureMissing:
            "the request is not signed: add signature=… (see the service's signing keys)"
        case .signatureInvalid:
            "the request's signature does not match its path and query"
        case .batchBodyUnsigned:
            "a signed batch must name its body's SHA-256 (64 hex digits) as body-sha256=… in its signed query, "
                + "so the signature covers the URLs"
        case .sourceNotAllowed(let url):
            "\(url) is not under any allowed source prefix"
        case .busy(let queued):
            "the service is busy (\(queued) requests waiting); retry after a second"
        case .deadlineExceeded(let limit):
            "the request took longer than \(limit.displayString), the request timeout"
        case .notFound(let path):
            "no route for \(path)"
        case .methodNotAllowed(let method, let path, let allowed):
            "\(method) is not allowed on \(path); use \(allowed.joined(separator: " or "))"
        case .internalError(let what):
            "internal error: \(what)"
        }
    }
}
