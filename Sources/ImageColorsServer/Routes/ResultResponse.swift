import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import ImageColors
import ImageColorsRemote

/// The answer for one result: its bytes, an `ETag` made from them and the results revision,
/// `Cache-Control` following the origin's freshness, and `304` for a matching `If-None-Match`.
enum ResultResponse {
    /// The JSON body of `outcome`: the CLI's `--format json` object, `appearances` narrowed to
    /// the ones asked for, as the CLI's `--appearance` does.
    static func json(_ outcome: AnalysisOutcome, appearances: Set<CardAppearance>) throws -> Data {
        var analysis = outcome.analysis
        analysis.appearances = analysis.appearances?.keeping(appearances)
        return try ResultJSON.data(for: analysis)
    }

    /// ``json(_:appearances:)`` and its entity tag, reused from the outcome's kept bodies when
    /// it has them.
    static func encoded(_ outcome: AnalysisOutcome, appearances: Set<CardAppearance>) throws -> EncodedBody {
        let make = {
            let data = try json(outcome, appearances: appearances)
            return EncodedBody(data: data, etag: entityTag(data))
        }
        guard let bodies = outcome.bodies else { return try make() }
        return try bodies.body(for: appearances, make: make)
    }

    /// The answer for `body`, or `304 Not Modified` when the request already has it.
    /// - Parameters:
    ///   - body: The response's bytes.
    ///   - contentType: Its media type.
    ///   - outcome: The result it was made from (its cache status and origin policy).
    ///   - request: The request (its `If-None-Match`).
    ///   - etag: The body's ``entityTag(_:)`` when known; default `nil`: computed here.
    static func response(
        _ body: Data, contentType: String, outcome: AnalysisOutcome, request: Request, etag: String? = nil,
        now: Date = Date()
    ) -> Response {
        let etag = etag ?? entityTag(body)
        var headers: HTTPFields = [
            .eTag: etag, .cacheControl: cacheControl(outcome.policy, now: now),
        ]
        if let status = outcome.cacheStatus { headers[.imageColorsCache] = status.rawValue }
        if matches(request.headers[.ifNoneMatch], etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = contentType
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// `"<hex>"`: SHA-256 of the bytes and ``AnalysisStoreKey/resultsRevision``, so a new
    /// revision of results is a new tag even where the bytes happen to match.
    static func entityTag(_ body: Data) -> String {
        var hash = SHA256()
        hash.update(data: body)
        hash.update(data: Data("\nr\(AnalysisStoreKey.resultsRevision)".utf8))
        return "\"" + hash.finalize().prefix(16).lowercaseHex + "\""
    }

    /// `public, max-age=N` for as long as the origin's response stays fresh (0 when it must be
    /// revalidated); `no-store` without a policy: uploads, and origins that said `no-store`.
    static func cacheControl(_ policy: HTTPCachePolicy?, now: Date) -> String {
        guard let policy, policy.isStorable else { return "no-store" }
        let seconds = policy.freshUntil.map { max(0, $0.timeIntervalSince(now)) } ?? 0
        return "public, max-age=\(Int(min(seconds, 31_536_000).rounded(.down)))"
    }

    /// Whether an `If-None-Match` list names `etag` (weakly compared, as RFC 9110 §13.1.2 asks).
    static func matches(_ ifNoneMatch: String?, _ etag: String) -> Bool {
        guard let ifNoneMatch else { return false }
        return ifNoneMatch.split(separator: ",").contains { candidate in
            var tag = candidate.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == etag
        }
    }
}
