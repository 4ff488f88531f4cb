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
