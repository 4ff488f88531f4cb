import Hummingbird

/// Checks what every request must pass before its route runs: the length of its path and
/// query, and on `/v1/` routes its signature when signing is on.
struct RequestGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    let maxURLLength: Int
    let signingKeys: [SigningKey]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let path = request.uri.path
        let query = request.uri.query
        let length = path.utf8.count + (query.map { $0.utf8.count + 1 } ?? 0)
        if length > maxURLLength { throw ServerError.urlTooLong(length: length, limit: maxURLLength) }
        if !signingKeys.isEmpty, path.hasPrefix("/v1/") {
            try RequestSignature.verify(path: path, query: query, keys: signingKeys)
        }
        return try await next(request, context)
    }
}
