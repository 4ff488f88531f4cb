import Foundation

/// One URL's outcome in a batch (``RemoteImageLoader/analyze(urls:thumbnail:maxConcurrentDownloads:deadline:)``).
public struct RemoteAnalysisResult: Sendable {
    /// The URL, as given.
    public var url: URL
    /// The analysis, or the one error to switch over.
    public var result: Result<AnalyzedImage, RemoteAnalysisError>

    /// Creates an outcome.
    /// - Parameters:
    ///   - url: The URL.
    ///   - result: Its analysis or error.
    public init(url: URL, result: Result<AnalyzedImage, RemoteAnalysisError>) {
        self.url = url
        self.result = result
    }

    /// The image's result, or `nil` when the URL failed.
    public var image: AnalyzedImage? { try? result.get() }

    /// The error, or `nil` when the URL succeeded.
    public var error: RemoteAnalysisError? {
        if case .failure(let error) = result { error } else { nil }
    }
}
