import Foundation
import ImageColors
import ImageColorsRemote

/// The `error` object of an error answer or a batch's failure line: `{"code","message"}`.
struct ErrorDetails: Encodable, Sendable, Equatable {
    /// The stable kebab-case code; ``ErrorStatus`` gives its HTTP status.
    var code: String
    /// The human message, naming the input and the limit; never an upstream's body.
    var message: String

    /// The details of `error`: an `ImageColorsError`'s code and message, `cancelled` for a
    /// cancellation, and `internal-error` without internals for anything else.
    init(_ error: any Error) {
        switch error {
        case let error as any ImageColorsError:
            code = error.code
            message = error.description
        case is CancellationError:
            code = "cancelled"
            message = "cancelled before it finished (the server is stopping)"
        default:
            code = "internal-error"
            message = "internal error"
        }
    }

    /// The HTTP status of ``code``.
    var status: Int { ErrorStatus.status(for: code) }
}

/// An error answer: `{"error":{"code","message"}}`.
struct ErrorBody: Encodable, Sendable {
    var error: ErrorDetails
}

/// A batch's failure line, as the CLI's: `{"source":…,"error":{"code","message"}}`.
struct FailureLine: Encodable, Sendable {
    var source: String
    var error: ErrorDetails
}
