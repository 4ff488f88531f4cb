import Dispatch
import Foundation

/// Turns SIGINT and SIGTERM into cancellation of the running command.
///
/// The default action would kill the process at once, leaving a batch's spool files (up to the
/// download cap each) in the temporary directory and a line half written. Instead the signals
/// are caught on a dispatch queue, the command's task is cancelled — downloads stop, spool files
/// are removed, complete lines already printed stay printed — and the process then exits with
/// 128 + the signal (130 for SIGINT, 143 for SIGTERM), as a shell expects.
final class SignalCancellation: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]
    // Written once on `queue`, read after the cancelled task has ended.
    private let lock = NSLock()
    private var caught: Int32?
    private let queue = DispatchQueue(label: "imagecolors.signals")

    /// Starts catching `signals`; the first one calls `cancel`.
    init(signals: [Int32] = [SIGINT, SIGTERM], cancel: @escaping @Sendable () -> Void) {
        var sources: [any DispatchSourceSignal] = []
        for number in signals {
            // Ignored as a signal, so only the dispatch source sees it.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            sources.append(source)
        }
        self.sources = sources
        for (number, source) in zip(signals, sources) {
            source.setEventHandler { [weak self] in
                guard let self else { return }
                self.lock.withLock { if self.caught == nil { self.caught = number } }
                cancel()
            }
            source.resume()
        }
    }

    /// The first signal caught, if any.
    var caughtSignal: Int32? { lock.withLock { caught } }

    /// The exit status for the caught signal: 128 + its number.
    var exitStatus: Int32? { caughtSignal.map { 128 + $0 } }
}
