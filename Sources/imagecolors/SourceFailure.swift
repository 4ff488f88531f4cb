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

    /// The memory flags of a run: `--memory-budget` (each image) and `--total-memory` (the pool).
    struct MemoryFlags {
        var memoryBudget: MemoryBudget
        var totalMemory: MemoryBudget?
    }

    init(source: String, error: any Error, limits: MemoryFlags) {
        self.source = source
        switch error {
        case let error as any ImageColorsError:
            self.error = Details(code: error.code, message: error.description + Self.hint(for: error, limits: limits))
        case is CancellationError:
            self.error = Details(code: "cancelled", message: "cancelled")
        default:
            self.error = Details(code: "internal-error", message: "\(error)")
        }
    }

    /// The flag that would allow what the library refused, or raise the limit it hit; the
    /// library's messages name no flags.
    private static func hint(for error: any ImageColorsError, limits: MemoryFlags) -> String {
        if case .overBudget(_, _, _, let budget) = error as? MemoryBudgetError {
            // The pool refuses with its capacity as the budget, an image's ledger with its own.
            let flag =
                switch (budget == limits.totalMemory?.bytes, budget == limits.memoryBudget.bytes) {
                case (true, false): "--total-memory"
                case (true, true): "--memory-budget and --total-memory"
                default: "--memory-budget"
                }
            return "; raise it with \(flag) or use a smaller image"
        }
        return switch error as? RemoteLoadingError {
        case .addressNotAllowed(_, _, .loopback): " (allow with --allow-loopback)"
        case .addressNotAllowed(_, _, .private): " (refused by --block-private)"
        case .insecureRedirect: " (allow with --allow-downgrade)"
        default: ""
        }
    }
}
