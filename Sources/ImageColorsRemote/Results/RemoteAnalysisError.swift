import Foundation
import ImageColors

/// Why one URL of a batch has no analysis: the error of the layer that failed, wrapped with its
/// own code and message, so a caller can switch over one enum.
///
/// ```swift
/// switch outcome.result {
/// case .success(let image): entry.background = image.analysis.background.hex
/// case .failure(.download(.httpStatus(_, status: 404))): entry.image = nil
/// case .failure(let error): log(error.code, error.description)
/// }
/// ```
public enum RemoteAnalysisError: ImageColorsError {
    /// The download failed: status, size, time, redirects, connection (``RemoteLoadingError``).
    case download(RemoteLoadingError)
    /// A file could not be read (``LoadingError``).
    case loading(LoadingError)
    /// The bytes are not a usable image (``ImageDecodingError``).
    case decoding(ImageDecodingError)
    /// The image needs more memory than the budget allows (``MemoryBudgetError``).
    case memory(MemoryBudgetError)
    /// The title region could not be measured (``TitleRegionError``).
    case titleRegion(TitleRegionError)
    /// The batch's deadline passed before this URL was done; `limit` is the time the batch had.
    case deadlineExceeded(URL, limit: Duration)
    /// The task was cancelled before this URL was done.
    case cancelled(URL)
    /// Any other error (a custom ``HTTPTransport``'s own, say), as thrown.
    case other(any Error)

    /// Wraps `error` in its case; an error of this type stays as it is.
    /// - Parameters:
    ///   - error: What a call threw.
    ///   - url: The URL it concerns, for the cases that name it.
    public init(_ error: any Error, url: URL) {
        switch error {
        case let error as RemoteAnalysisError: self = error
        case let error as RemoteLoadingError: self = .download(error)
        case let error as LoadingError: self = .loading(error)
        case let error as ImageDecodingError: self = .decoding(error)
        case let error as MemoryBudgetError: self = .memory(error)
        case let error as TitleRegionError: self = .titleRegion(error)
        case is CancellationError: self = .cancelled(url)
        default: self = .other(error)
        }
    }

    /// The wrapped layer error, or `nil` for the batch's own cases.
    public var underlying: (any Error)? {
        switch self {
        case .download(let error): error
        case .loading(let error): error
        case .decoding(let error): error
        case .memory(let error): error
        case .titleRegion(let error): error
        case .other(let error): error
        case .deadlineExceeded, .cancelled: nil
        }
    }

    /// The wrapped error's code (`http-status`, `corrupt-image`, …), `batch-deadline-exceeded`,
    /// `cancelled`, or `internal-error` for an error without one.
    public var code: String {
        switch self {
        case .deadlineExceeded: "batch-deadline-exceeded"
        case .cancelled: "cancelled"
        case .other(let error): (error as? any ImageColorsError)?.code ?? "internal-error"
        default: (underlying as? any ImageColorsError)?.code ?? "internal-error"
        }
    }

    /// The wrapped error's message, or words for the batch's own cases.
    public var description: String {
        switch self {
        case .deadlineExceeded(let url, let limit):
            "the batch's \(limit.displayString) deadline passed before \(url.displayString) was done"
        case .cancelled(let url):
            "cancelled before \(url.displayString) was done"
        default:
            underlying.map { String(describing: $0) } ?? "unknown error"
        }
    }
}
