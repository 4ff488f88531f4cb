import Foundation

/// The threads ImageColors does its blocking work on: decoding, downscaling and quantizing,
/// reading files, writing downloads to disk.
///
/// An analysis is CPU work that runs for milliseconds to a second without a suspension point.
/// On Swift's cooperative pool (as many threads as cores) a few of them at once would stall
/// every other task of the process, and a SwiftNIO event loop's work that hops through it,
/// for as long; on this executor's threads they leave the cooperative pool free. The
/// operating system shares the cores between both, so a caller's 10 ms timer still fires on
/// time (`Benchmarks/ticker.sh` measures it).
///
/// ``ImageColorAnalyzer`` uses ``shared`` unless given another one (or `nil`, to run on the
/// awaiting task). Give a process one executor: more threads than cores make no analysis
/// faster.
///
/// ```swift
/// let analyzer = ImageColorAnalyzer(executor: AnalysisExecutor(threads: 1))  // one core for images
/// ```
public final class AnalysisExecutor: TaskExecutor, Sendable, CustomStringConvertible {
    /// How many threads run jobs.
    public let threadCount: Int
    /// The threads' name prefix, as debuggers and `top -H` show it.
    public let name: String
    private let queue: JobQueue

    /// The process-wide executor: one thread per active core, created on first use; its
    /// threads wait, using no CPU, while there is nothing to do, and end with the process.
    public static let shared = AnalysisExecutor(threads: ProcessInfo.processInfo.activeProcessorCount)

    /// Starts an executor with its own threads.
    /// - Parameters:
    ///   - threads: How many jobs may run at once; at least 1 (smaller values are raised to 1).
    ///     Default one per active core.
    ///   - name: The threads' name prefix; default "ImageColors". Thread *n* is called "NAME n".
    public init(threads: Int = ProcessInfo.processInfo.activeProcessorCount, name: String = "ImageColors") {
        threadCount = max(1, threads)
        self.name = name
        queue = JobQueue()
        queue.start(threads: threadCount, name: name, executor: self)
    }

    deinit {
        // The threads finish what is queued, then end. (A task that prefers this executor
        // keeps it alive, so nothing can be queued after this.)
        queue.stop()
    }

    /// Queues `job` to run on one of the threads. Called by the Swift runtime.
    /// - Parameter job: A partial task that prefers this executor.
    public func enqueue(_ job: consuming ExecutorJob) {
        queue.push(UnownedJob(job))
    }

    /// Whether the calling code runs on one of this executor's threads.
    public var isCurrent: Bool {
        JobQueue.current == ObjectIdentifier(queue)
    }

    /// "ImageColors (2 threads)".
    public var description: String { "\(name) (\(threadCount) thread\(threadCount == 1 ? "" : "s"))" }
}

/// The jobs waiting for a thread, first in first out, and the threads that run them.
private final class JobQueue: @unchecked Sendable {
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var head = 0
    private var stopped = false

    /// Where each of our threads notes which queue it serves.
    private static let threadKey = "ImageColors.AnalysisExecutor"

    /// The queue of the calling thread, when it is one of ours.
    static var current: ObjectIdentifier? {
        Thread.current.threadDictionary[threadKey] as? ObjectIdentifier
    }

    func start(threads: Int, name: String, executor: AnalysisExecutor) {
        // Unowned: the threads must not keep the executor alive, or it could never stop them.
        let unowned = executor.asUnownedTaskExecutor()
        let identity = ObjectIdentifier(self)
        for number in 1...threads {
            let thread = Thread { [self] in
                // Named from inside: on Linux a name given before `start()` does not reach the thread.
                Thread.current.name = "\(name) \(number)"
                Thread.current.threadDictionary[Self.threadKey] = identity
                while let job = next() {
                    job.runSynchronously(on: unowned)
                }
            }
            thread.start()
        }
    }

    func push(_ job: UnownedJob) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next job, waiting for one; `nil` once stopped and drained.
    private func next() -> UnownedJob? {
        condition.lock()
        defer { condition.unlock() }
        while head == jobs.count {
            if stopped { return nil }
            condition.wait()
        }
        let job = jobs[head]
        head += 1
        // Compact now and then so the array does not grow for ever.
        if head > 1024, head * 2 > jobs.count {
            jobs.removeFirst(head)
            head = 0
        }
        return job
    }
}
