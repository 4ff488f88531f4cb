import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// Every corpus and sample file, cut short 32 ways and damaged one byte at a time 32 ways,
/// through the public `analyze(data:)`: each of the 64 inputs gives a result or a typed error
/// (``ImageColorsError``) — never a crash (the test process would die), a hang (the time limit)
/// or an untyped error. What the C libraries might print is checked by ``QuietCLISweepTests``.
///
/// Serialized: the analyses are synchronous CPU work, and hundreds of cases started at once
/// would hold every thread of the cooperative pool for seconds, starving the timing-sensitive
/// tests (remote cancellation) that run beside them. One file at a time, it adds about one
/// core's worth of work to the suite's wall time instead.
@Suite("Hostile input: truncation and corruption sweep", .serialized)
struct CorruptionSweepTests {
    /// The analysis every variant gets: the defaults (the 30 MB budget included) at the
    /// `low` preset, which decodes JPEGs at 1/2–1/8 like most real uses and keeps the sweep fast.
    static let analyzer = ImageColorAnalyzer(options: AnalysisOptions(quality: .low))

    @Test("the sweep has the corpus and the samples to work on")
    func hasFiles() {
        // PngSuite alone has 175 files; a missing ../shared/corpus must not pass silently.
        #expect(HostileInputs.files.count > 200, "found \(HostileInputs.files.count) files")
        #expect(HostileInputs.files.contains { $0.name.hasPrefix("Samples/") })
    }

    @Test("truncations give a result or a typed error", .timeLimit(.minutes(1)), arguments: HostileInputs.files)
    func truncated(file: HostileFile) async throws {
        let bytes = try Data(contentsOf: file.url)
        for (label, data) in HostileInputs.truncations(of: bytes) {
            await Self.expectTypedOutcome(data, file: file, label: label)
        }
    }

    @Test(
        "single-byte corruptions give a result or a typed error", .timeLimit(.minutes(1)),
        arguments: HostileInputs.files)
    func corrupted(file: HostileFile) async throws {
        let bytes = try Data(contentsOf: file.url)
        for (label, data) in HostileInputs.corruptions(of: bytes, name: file.name) {
            await Self.expectTypedOutcome(data, file: file, label: label)
        }
    }

    @Test("the damage is deterministic and always changes the file")
    func deterministic() throws {
        let bytes = Data((0..<1000).map { UInt8(truncatingIfNeeded: $0) })
        let first = HostileInputs.corruptions(of: bytes, name: "x.png")
        let second = HostileInputs.corruptions(of: bytes, name: "x.png")
        #expect(first.map(\.label) == second.map(\.label))
        #expect(first.count == 32 && first.allSatisfy { $0.data != bytes && $0.data.count == bytes.count })
        let lengths = HostileInputs.truncations(of: bytes).map(\.data.count)
        #expect(lengths == (0..<32).map { $0 * 1000 / 32 })
        // A known value pins the generator: a change here reshuffles every sweep.
        var random = SplitMix64(seed: 0)
        #expect(random.next() == 0xe220_a839_7b1d_cdaf)
    }

    static func expectTypedOutcome(_ data: Data, file: HostileFile, label: String) async {
        do {
            let analysis = try await analyzer.analyze(data: data)
            #expect(analysis.width > 0 && analysis.height > 0, "\(file) \(label): empty image")
            if let memory = analysis.memory {
                #expect(memory.accountedPeak <= memory.budget, "\(file) \(label): over the budget")
            }
        } catch let error as any ImageColorsError {
            #expect(!error.code.isEmpty && !error.description.isEmpty, "\(file) \(label): \(error.code)")
        } catch {
            Issue.record("\(file) \(label): untyped error \(type(of: error)): \(error)")
        }
    }
}
