import ImageColors
import ImageColorsRemote

/// A source that could not be analysed, as the CLI reports it.
struct SourceFailure: Encodable {
    /// The `error` object of a failure line.
    struct Details: Encodable {
        var code: String
        var message: String
    }

    var source: String
    var error: Details

    var message: String { error.message }

    init(source: String, error: any Error) {
        self.source = source
        switch error {
        case let error as any ImageColorsError:
            self.error = Details(code: error.code, message: error.description + Self.hint(for: error))
        case is CancellationError:
            self.error = Details(code: "cancelled", message: "cancelled")
        default:
            self.error = Details(code: "internal-error", message: "\(error)")
        }
    }

    /// The flag that would allow what the library refused, or raise the limit it hit; the
    /// library's messages name no flags.
    private static func hint(for error: any ImageColorsError) -> String {
        if error is MemoryBudgetError { return "; raise it with --memory-budget or use a smaller image" }
        return switch error as? RemoteLoadingError {
        case .addressNotAllowed(_, _, .loopback): " (allow with --allow-loopback)"
        case .addressNotAllowed(_, _, .private): " (refused by --block-private)"
        case .insecureRedirect: " (allow with --allow-downgrade)"
        default: ""
        }
    }
}
