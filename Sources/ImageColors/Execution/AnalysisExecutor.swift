import Foundation

#if canImport(Glibc)
    import Glibc
#endif

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
    public static let shared = AnalysisExecutor(threads: activeCores)

    /// Starts an executor with its own threads.
    /// - Parameters:
    ///   - threads: How many jobs may run at once; at least 1 (smaller values are raised to 1).
    ///     Default one per active core.
    ///   - name: The threads' name prefix; default "ImageColors". Thread *n* is called "NAME n".
    public init(threads: Int = AnalysisExecutor.activeCores, name: String = "ImageColors") {
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

    /// The cores the process may run on now (from the system, not `ProcessInfo`, whose first
    /// use costs a process about 0.7 MB of resident memory).
    public static var activeCores: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// Queues `job` to run on one of the threads. Called by the Swift runtime.
    /// - Parameter job: A partial task that prefers this executor.
    public func enqueue(_ job: consuming ExecutorJob) {
        queue.push(UnownedJob(job))
    }

    /// Whether the calling code runs on one of this executor's threads.
    public var isCurrent: Bool {
        JobQueue.current == Unmanaged.passUnretained(queue).toOpaque()
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
    /// Threads started so far, at most `limit`; and how many of them wait for a job.
    private var started = 0
    private var idle = 0
    private var limit = 0
    private var name = ""
    private var executor: UnownedTaskExecutor?

    /// Where each of our threads notes which queue it serves (a thread-local slot).
    private static let queueKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The queue whose thread runs the calling code, when it is one of ours.
    static var current: UnsafeMutableRawPointer? { pthread_getspecific(queueKey) }

    /// Allows up to `threads` threads, started only when a job finds every one busy: a process
    /// that analyses one image at a time warms one thread's stack and allocator arena, not one
    /// per core.
    func start(threads: Int, name: String, executor: AnalysisExecutor) {
        condition.lock()
        defer { condition.unlock() }
        limit = threads
        self.name = name
        // Unowned: the threads must not keep the executor alive, or it could never stop them.
        self.executor = executor.asUnownedTaskExecutor()
    }

    /// Starts thread number `started` (called with the lock held).
    private func startThread() {
        started += 1
        let marker = Unmanaged.passUnretained(self).toOpaque()
        let executor = self.executor!
        Self.startThread(named: "\(name) \(started)") { [self] in
            pthread_setspecific(Self.queueKey, marker)
            while let job = next() {
                job.runSynchronously(on: executor)
            }
        }
    }

    /// Starts a detached POSIX thread running `body`. Plain pthreads, not Foundation's `Thread`,
    /// which costs a process about 2.5 MB of resident memory the first time it is used.
    private static func startThread(named name: String, _ body: @escaping () -> Void) {
        final class Start {
            let name: String
            let body: () -> Void
            init(name: String, body: @escaping () -> Void) {
                self.name = name
                self.body = body
            }
        }
        let context = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { context in
                let start = Unmanaged<Start>.fromOpaque(context!).takeRetainedValue()
                JobQueue.nameCurrentThread(start.name)
                start.body()
                return nil
            }, context)
        // Only exhausted system resources make this fail; no analysis could run then.
        precondition(status == 0, "AnalysisExecutor: cannot start a thread (error \(status))")
        pthread_detach(thread)
    }

    /// Names the calling thread as `top -H` and debuggers show it (Linux keeps 15 bytes).
    private static func nameCurrentThread(_ name: String) {
        // pthread_setname_np is not imported into Swift; the kernel's own file does the same.
        let descriptor = open("/proc/thread-self/comm", O_WRONLY)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    func push(_ job: UnownedJob) {
        condition.lock()
        defer { condition.unlock() }
        jobs.append(job)
        // A waiting thread takes it; only when none waits may a new one start.
        if idle > jobs.count - head - 1 || started == limit {
            condition.signal()
        } else {
            startThread()
        }
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
            idle += 1
            condition.wait()
            idle -= 1
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
