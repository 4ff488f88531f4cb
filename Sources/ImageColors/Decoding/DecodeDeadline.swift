import CImageCodecs

/// The moment decoding must stop, on the shim's monotonic clock.
struct DecodeDeadline {
    /// Nanoseconds on `ic_monotonic_ns()`.
    let nanoseconds: Int64
    let timeout: Duration

    /// A deadline `timeout` from now.
    init(timeout: Duration) {
        self.timeout = timeout
        nanoseconds = ic_monotonic_ns() + timeout.timeoutNanoseconds
    }

    /// Throws when the deadline has passed or the task was cancelled.
    func check(_ format: ImageFormat) throws {
        try Task.checkCancellation()
        if ic_monotonic_ns() > nanoseconds { throw ImageDecodingError.timedOut(format, after: timeout) }
    }
}

/// Checks a ``DecodeDeadline`` (and cancellation) every `interval` rows of a decode's row loop,
/// not every row: the check reads a clock.
struct DeadlinePacer {
    /// The deadline checked.
    let deadline: DecodeDeadline
    /// Rows between checks (``DecodeOptions/checkInterval``).
    let interval: Int
    /// The format, for the error.
    let format: ImageFormat
    private var sinceCheck = 0

    init(_ deadline: DecodeDeadline, every interval: Int, format: ImageFormat) {
        self.deadline = deadline
        self.interval = interval
        self.format = format
    }

    /// Counts `rows` more rows, and checks once `interval` have passed since the last check.
    /// - Throws: ``ImageDecodingError/timedOut(_:after:)`` or `CancellationError`.
    mutating func advance(by rows: Int = 1) throws {
        sinceCheck += rows
        guard sinceCheck >= interval else { return }
        sinceCheck = 0
        try deadline.check(format)
    }
}
