import Foundation
import Hummingbird
import ImageColors
import ImageColorsRemote

/// `POST /v1/colors/batch`: a JSON array of URLs in, NDJSON out, one line per URL in input
/// order, each written as soon as it and every line before it are ready.
struct BatchRoute<Context: RequestContext> {
    let service: ColorService

    func addRoutes(to router: Router<Context>) {
        router.post("/v1/colors/batch") { request, _ in try await batch(request) }
    }

    private func batch(_ request: Request) async throws -> Response {
        let configuration = service.configuration
        let options = try RequestOptions(
            query: request.uri.query, defaults: configuration.analysisOptions, takesURL: false,
            signed: !configuration.signingKeys.isEmpty, takesBodyDigest: true)
        let body = try await UploadBody.collect(request, limit: configuration.maxUploadSize)
        try Self.check(body, digest: options.bodyDigest, signed: !configuration.signingKeys.isEmpty)
        let urls = try Self.urls(in: body, limit: configuration.maxBatch)
        let service = self.service
        let lines = ResponseBody { writer in
            let (stream, continuation) = AsyncStream.makeStream(of: ByteBuffer.self)
            async let produced: Void = Self.produce(urls, options: options, service: service, into: continuation)
            for await line in stream { try await writer.write(line) }
            await produced
            try await writer.finish(nil)
        }
        return Response(
            status: .ok, headers: [.contentType: "application/x-ndjson", .cacheControl: "no-store"], body: lines)
    }

    /// Runs every URL, at most `jobs` at once, and yields their lines in input order; the
    /// request's deadline covers the whole batch (lines not done by then say `deadline-exceeded`).
    private static func produce(
        _ urls: [String], options: RequestOptions, service: ColorService,
        into continuation: AsyncStream<ByteBuffer>.Continuation
    ) async {
        let limit = service.configuration.requestTimeout
        let deadline = ContinuousClock.now.advanced(by: limit.clampedTimeout)
        await OrderedBatch.run(count: urls.count, width: service.configuration.jobs, deadline: deadline) { index in
            try await service.analyze(url: urls[index], options: options.analysis)
        } deliver: { outcome in
            var line: Data
            switch outcome.result {
            case .success(let result):
                line = (try? ResultResponse.json(result, appearances: options.appearances)) ?? Data()
            case .failure(let error):
                let error = error is BatchDeadlineExceeded ? ServerError.deadlineExceeded(limit: limit) : error
                line =
                    (try? ResultJSON.data(for: FailureLine(source: urls[outcome.index], error: ErrorDetails(error))))
                    ?? Data()
            }
            line.append(UInt8(ascii: "\n"))
            continuation.yield(ByteBuffer(bytes: line))
        }
        continuation.finish()
    }

    /// Checks the body against `body-sha256`: a signature covers the query only, so a signed
    /// batch names its body's digest there, or its URLs could be swapped for any others.
    /// - Throws: ``ServerError/invalidOption(name:reason:)`` when the digest is not the body's;
    ///   ``ServerError/batchBodyUnsigned`` when signing is on and there is none.
    static func check(_ body: Data, digest: String?, signed: Bool) throws(ServerError) {
        guard let digest else {
            if signed { throw .batchBodyUnsigned }
            return
        }
        let actual = body.sha256Hex
        guard actual == digest else {
            throw .invalidOption(name: "body-sha256", reason: "\(digest) is not the body's SHA-256 (\(actual))")
        }
    }

    /// The URLs of a batch body.
    /// - Throws: ``ServerError/invalidBatch(reason:)`` unless it is a JSON array of strings;
    ///   ``ServerError/batchTooLarge(count:limit:)`` past `limit`.
    static func urls(in body: Data, limit: Int) throws(ServerError) -> [String] {
        let urls: [String]
        do {
            urls = try JSONDecoder().decode([String].self, from: body)
        } catch {
            throw .invalidBatch(reason: body.isEmpty ? "the body is empty" : "it is not an array of strings")
        }
        if urls.count > limit { throw .batchTooLarge(count: urls.count, limit: limit) }
        return urls
    }
}
