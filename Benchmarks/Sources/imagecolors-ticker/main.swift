// imagecolors-ticker: does a caller's timer still fire on time while images are analysed?
//
// A task on Swift's cooperative pool sleeps 10 ms at a time and records the gap between its
// wake-ups, while N large PNGs are analysed at once through the public API. The worst gap is
// how long the caller's other tasks (UI updates, NIO hand-offs, timeouts) could be held up.
// Each mode runs `rounds` times, alternating, in one process, so the modes are compared on
// the same machine load:
//   executor  the default: analyses run on ImageColors' own threads (AnalysisExecutor.shared)
//   inline    `executor: nil`: analyses run on the awaiting task, on the cooperative pool
//             (how every analysis ran before AnalysisExecutor existed)
//
// Usage: imagecolors-ticker [--images N] [--megapixels MP] [--rounds R] [--modes executor,inline]
import BenchmarkImages
import Foundation
import ImageColors

struct Settings {
    var images = 4
    var megapixels = 24.0
    var rounds = 3
    var modes = ["inline", "executor"]

    init(arguments: [String]) {
        var rest = arguments.dropFirst()
        while let flag = rest.popFirst() {
            let value = rest.popFirst() ?? ""
            switch flag {
            case "--images": images = Int(value) ?? images
            case "--megapixels": megapixels = Double(value) ?? megapixels
            case "--rounds": rounds = Int(value) ?? rounds
            case "--modes": modes = value.split(separator: ",").map(String.init)
            default:
                FileHandle.standardError.write(Data("unknown flag \(flag)\n".utf8))
                exit(2)
            }
        }
    }
}

/// The gaps between a 10 ms ticker's wake-ups while `work` runs.
struct TickerReport {
    var gaps: [Duration]
    var wall: Duration

    var worst: Duration { gaps.max() ?? .zero }
    func percentile(_ p: Double) -> Duration {
        let sorted = gaps.sorted()
        guard !sorted.isEmpty else { return .zero }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.down)))]
    }
}

/// Runs a 10 ms ticker on the cooperative pool while `work` runs; returns the ticker's gaps.
func measure(_ work: @Sendable () async throws -> Void) async throws -> TickerReport {
    let running = Flag()
    let ticker = Task.detached {
        var gaps: [Duration] = []
        var last = ContinuousClock.now
        while running.value {
            try? await Task.sleep(for: .milliseconds(10))
            let now = ContinuousClock.now
            gaps.append(now - last)
            last = now
        }
        return gaps
    }
    // Let the ticker settle before the work starts.
    try await Task.sleep(for: .milliseconds(100))
    let started = ContinuousClock.now
    try await work()
    let wall = ContinuousClock.now - started
    running.value = false
    return TickerReport(gaps: await ticker.value, wall: wall)
}

/// A flag another task reads.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var state = true
    var value: Bool {
        get { lock.withLock { state } }
        set { lock.withLock { state = newValue } }
    }
}

func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    return String(format: "%.1f ms", Double(seconds) * 1000 + Double(attoseconds) / 1e15)
}

let settings = Settings(arguments: CommandLine.arguments)
let path = try BenchmarkImages.file(.png, megapixels: settings.megapixels)
print(
    "\(settings.images) analyses at once of \(path) (\(BenchmarkImages.label(settings.megapixels)) MP PNG), "
        + "default options; ticker every 10 ms on the cooperative pool; "
        + "\(ProcessInfo.processInfo.activeProcessorCount) cores"
)
print("")
print("| mode | round | analyses' wall | ticks | worst gap | p99 gap | median gap |")
print("| --- | --- | --- | --- | --- | --- | --- |")
var worstByMode: [String: Duration] = [:]
for round in 1...settings.rounds {
    for mode in settings.modes {
        let analyzer = ImageColorAnalyzer(executor: mode == "inline" ? nil : .shared)
        let report = try await measure {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<settings.images {
                    group.addTask { _ = try await analyzer.analyze(fileAt: path) }
                }
                try await group.waitForAll()
            }
        }
        worstByMode[mode] = max(worstByMode[mode] ?? .zero, report.worst)
        print(
            "| \(mode) | \(round) | \(milliseconds(report.wall)) | \(report.gaps.count) "
                + "| \(milliseconds(report.worst)) | \(milliseconds(report.percentile(0.99))) "
                + "| \(milliseconds(report.percentile(0.5))) |")
    }
}
print("")
for mode in settings.modes {
    print("worst gap, \(mode): \(milliseconds(worstByMode[mode] ?? .zero))")
}
