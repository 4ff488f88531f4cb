import Foundation
import ImageColors

/// What a download brought: a new body, or the server's word that the cached one still holds.
enum DownloadResponse {
    /// A `2xx` body, and what its headers say about caching it.
    case body(DownloadedBody)
    /// `304 Not Modified` to a conditional request, with its header fields.
    case notModified(headers: [HTTPHeaderField], receivedAt: Date)
}

/// A body downloaded in full.
struct DownloadedBody {
    /// The bytes, or the file they were spooled to.
    var source: ImageSource
    /// The pool bytes held for a body kept in memory (`nil` for a file, or without a pool).
    var reservation: MemoryReservation?
    /// Validators and freshness from the response's headers.
    var policy: HTTPCachePolicy
    /// The response's `Content-Encoding` when it names one other than `identity` (the loader
    /// asks for none and decodes none), to name when the bytes are then not an image.
    var contentEncoding: String?
}

/// One URL's download: redirects followed by hand, status checked, body counted against the
/// cap and collected by a ``SpoolingSink``, all under the total deadline.
struct Download: Sendable {
    let transport: any HTTPTransport
    let limits: DownloadLimits
    /// Bodies up to this size stay in memory.
    let spoolThreshold: Int
    /// Where a body kept in memory reserves its bytes; `nil` to keep it without reserving
    /// (the analysis' own ledger counts it then).
    let pool: MemoryPool?

    /// Sent with every request. Content-Type in the answer is not trusted either way: the
    /// format is sniffed from the bytes.
    static let headers = [
        HTTPHeaderField(name: "Accept", value: "image/jpeg, image/png;q=0.9, image/*;q=0.5"),
        HTTPHeaderField(name: "User-Agent", value: "ImageColors"),
    ]

    /// Downloads `url`, spooling to `file` if the body is large.
    /// - Parameters:
    ///   - url: The image.
    ///   - file: Where a large body goes; the caller removes it.
    ///   - validators: A cached entry's policy, to ask conditionally (`If-None-Match`,
    ///     `If-Modified-Since`); `nil` for a plain request.
    /// - Returns: The body, or `notModified` (only when `validators` were sent).
    /// - Throws: ``RemoteLoadingError``, or `CancellationError` when the task was cancelled.
    func run(_ url: URL, spoolingTo file: SpoolFile, validators: HTTPCachePolicy? = nil) async throws
        -> DownloadResponse
    {
        try RemoteURL.check(url)
        let conditions = validators?.conditionalHeaders ?? []
        do {
            return try await withDeadline(limits.timeout) {
                try await self.follow(url, spoolingTo: file, conditions: conditions)
            }
        } catch is DeadlineExceeded {
            throw RemoteLoadingError.timedOut(url, limit: limits.timeout)
        } catch {
            // A cancelled request surfaces as whatever the transport throws; say what happened.
            if Task.isCancelled { throw CancellationError() }
            throw error
        }
    }

    private enum Step {
        case redirect(location: String?)
        case done(DownloadResponse)
    }

    private func follow(_ url: URL, spoolingTo file: SpoolFile, conditions: [HTTPHeaderField]) async throws
        -> DownloadResponse
    {
        var redirects = RedirectTracker(
            origin: url, limit: limits.maxRedirects, allowsDowngrade: limits.allowsDowngrade)
        var current = url
        while true {
            let request = HTTPTransportRequest(url: current, headers: Self.headers + conditions)
            let step: Step = try await send(request) { [current] response in
                if RedirectTracker.followedStatuses.contains(response.status) {
                    // The redirect's own body is not read; the transport cancels it.
                    return .redirect(location: response.header("Location"))
                }
                if response.status == 304, !conditions.isEmpty {
                    return .done(.notModified(headers: response.headers, receivedAt: Date()))
                }
                guard (200..<300).contains(response.status) else {
                    throw RemoteLoadingError.httpStatus(current, status: response.status)
                }
                let policy = HTTPCachePolicy(headers: response.headers, receivedAt: Date())
                return .done(.body(try await receive(response, from: current, spoolingTo: file, policy: policy)))
            }
            switch step {
            case .done(let response):
                return response
            case .redirect(let location):
                current = try redirects.follow(from: current, location: location)
            }
        }
    }

    /// Sends one request, after checking every address its host resolves to against the
    /// ``AddressPolicy`` (a refused address is never connected to); an error before the response
    /// head becomes `connectionFailed`.
    private func send(
        _ request: HTTPTransportRequest, receive: (HTTPTransportResponse) async throws -> Step
    ) async throws -> Step {
        do {
            // Resolved here and again by the transport when it connects: the transport checks the
            // address it reached too (AsyncHTTPClientTransport does), so a name that resolves to
            // another address the second time is still caught.
            try limits.addressPolicy.checkBeforeConnecting(to: request.url.host ?? "")
            return try await transport.send(request, receive: receive)
        } catch let error as AddressNotAllowed {
            throw RemoteLoadingError.addressNotAllowed(
                request.url, address: error.address, addressClass: error.addressClass)
        } catch let error as any ImageColorsError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as TransportFailure where error.isConnectionRefused {
            throw RemoteLoadingError.connectionRefused(request.url)
        } catch let error as TransportFailure where error.isInvalidResponse {
            throw RemoteLoadingError.invalidResponse(request.url, underlying: Self.underlying(error))
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw RemoteLoadingError.connectionFailed(request.url, underlying: Self.underlying(error))
        }
    }

    /// Reads the body, counting every byte against the cap as it arrives.
    private func receive(
        _ response: HTTPTransportResponse, from url: URL, spoolingTo file: SpoolFile, policy: HTTPCachePolicy
    ) async throws -> DownloadedBody {
        let expected = response.contentLength
        if let expected, expected > limits.maxBodySize {
            throw RemoteLoadingError.bodyTooLarge(url, limit: limits.maxBodySize, declared: expected)
        }
        let sink = try SpoolingSink(file: file, threshold: spoolThreshold, expectedLength: expected, pool: pool)
        var received = 0
        do {
            for try await chunk in response.body {
                received += chunk.count
                // Checked before the chunk is kept: a lying or absent Content-Length cannot
                // make us hold more than the cap.
                if received > limits.maxBodySize {
                    throw RemoteLoadingError.bodyTooLarge(url, limit: limits.maxBodySize, declared: nil)
                }
                try Task.checkCancellation()
                try sink.append(chunk)
            }
        } catch let error as RemoteLoadingError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw RemoteLoadingError.bodyTruncated(
                url, received: received, expected: expected, reason: Self.reason(for: error))
        }
        // Some async sequences end (rather than throw) when cancelled: a short body read then
        // must not pass for a whole one.
        try Task.checkCancellation()
        if let expected, received < expected {
            throw RemoteLoadingError.bodyTruncated(url, received: received, expected: expected, reason: nil)
        }
        var body = try sink.finish(policy: policy)
        body.contentEncoding = Self.contentEncoding(response.header("Content-Encoding"))
        return body
    }

    /// `value` when it names an encoding other than `identity`, lowercased; words for it when it
    /// is not a plain token (server bytes are not quoted in messages); `nil` for none.
    static func contentEncoding(_ value: String?) -> String? {
        guard let value = value?.trimmingCharacters(in: .whitespaces).lowercased(), !value.isEmpty,
            value != "identity"
        else { return nil }
        let plain =
            value.count <= 40
            && value.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("0"..."9").contains($0) || "-_, ".unicodeScalars.contains($0)
            }
        return plain ? value : "an unnamed encoding"
    }

    /// A transport error in words for a message.
    static func reason(for error: any Error) -> String {
        String(describing: error)
    }

    /// A transport error kept for the caller: the network stack's own error when the default
    /// transport wrapped it (``TransportFailure``), with the transport's words for it.
    static func underlying(_ error: any Error) -> UnderlyingError {
        if let failure = error as? TransportFailure {
            return UnderlyingError(failure.underlying, description: failure.description)
        }
        return UnderlyingError(error, description: reason(for: error))
    }
}
