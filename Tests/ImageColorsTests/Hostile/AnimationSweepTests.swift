import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// The WebP and GIF fixtures cut short and damaged (as ``CorruptionSweepTests`` does) and analysed
/// with every frame counted: compositing, disposal, the frame census and the canvas meet the
/// damage too. Each variant gives a result or a typed error within the budget.
@Suite("Hostile input: animations with every frame counted", .serialized)
struct AnimationSweepTests {
    static let analyzer = ImageColorAnalyzer(options: AnalysisOptions(quality: .low, frames: .all))

    @Test("the sweep has the WebP and GIF fixtures")
    func hasFiles() {
        #expect(HostileInputs.webGIF.count >= 15)
        #expect(HostileInputs.files.contains { $0.name == "GIF/disposal.gif" })
    }

    @Test(
        "truncations and single-byte corruptions give a result or a typed error", .timeLimit(.minutes(1)),
        arguments: HostileInputs.webGIF)
    func damaged(file: HostileFile) async throws {
        let bytes = try Data(contentsOf: file.url)
        for (label, data) in HostileInputs.truncations(of: bytes)
            + HostileInputs.corruptions(of: bytes, name: file.name)
        {
            do {
                let analysis = try await Self.analyzer.analyze(data: data)
                #expect(analysis.width > 0 && analysis.height > 0, "\(file) \(label): empty image")
                let memory = try #require(analysis.memory)
                #expect(memory.accountedPeak <= memory.budget, "\(file) \(label): over the budget")
                if let frames = analysis.frames {
                    #expect(frames.counted >= 1 && frames.counted == frames.count ?? frames.counted)
                }
            } catch let error as any ImageColorsError {
                #expect(!error.code.isEmpty && !error.description.isEmpty, "\(file) \(label): \(error.code)")
            } catch {
                Issue.record("\(file) \(label): untyped error \(type(of: error)): \(error)")
            }
        }
    }
}
