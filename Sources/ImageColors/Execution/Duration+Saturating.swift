/// Durations as the clocks underneath take them, without overflow.
///
/// The public API takes any `Duration` for a timeout (`ImageLimits.decodeTimeout`, the
/// loader's limits), but the monotonic clock, `Task.sleep` and NIO count nanoseconds in 64
/// bits: `.seconds(1e300)` would overflow there and trap. A timeout is never that long in
/// practice, so anything past ``Duration/longestTimeout`` waits that long instead.
extension Duration {
    /// 100 years: the longest wait the library's timers arm; longer timeouts are clamped to it.
    package static let longestTimeout = Duration.seconds(100 * 365 * 24 * 3600)

    /// This duration clamped to `0...longestTimeout` (a negative one is already over).
    package var clampedTimeout: Duration {
        min(max(self, .zero), Self.longestTimeout)
    }

    /// ``clampedTimeout`` in whole nanoseconds; always fits an `Int64` with room to add "now".
    package var timeoutNanoseconds: Int64 {
        let (seconds, attoseconds) = clampedTimeout.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
