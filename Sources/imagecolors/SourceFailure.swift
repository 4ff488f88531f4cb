import ImageColors

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
            self.error = Details(code: error.code, message: error.description)
        case is CancellationError:
            self.error = Details(code: "cancelled", message: "cancelled")
        default:
            self.error = Details(code: "internal-error", message: "\(error)")
        }
    }
}
