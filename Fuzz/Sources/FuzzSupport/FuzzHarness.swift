import Foundation

@testable import ImageColors
@testable import ImageColorsCore

/// What every fuzz target does with one input: analyse the bytes the way
/// `ImageColorAnalyzer.analyze(data:)` does (the same synchronous pipeline, without the `async`
/// wrapper), and crash (so libFuzzer keeps the input) on any broken
/// promise: an error that is not an ``ImageColorsError``, an empty message, a result with
/// impossible numbers, or more memory accounted than the budget.
///
/// Crashes, overflows and use-after-free inside the shim and the Swift code are AddressSanitizer's
/// to catch; hangs are libFuzzer's `-timeout`; large allocations its `-malloc_limit_mb`.
public enum FuzzHarness {
    /// The per-input decode deadline: the library's own limit must end any slow input long
    /// before libFuzzer's `-timeout` calls it a hang.
    public static let decodeTimeout: Duration = .seconds(1)

    /// Analyses `size` bytes at `bytes` with `options`.
    /// - Parameter signature: When set, the input's first bytes are overwritten with it, so
    ///   every mutation reaches that format's decoder instead of the "unsupported format" error.
    /// - Returns: 0, as libFuzzer expects.
    public static func run(
        _ bytes: UnsafePointer<UInt8>, _ size: Int, options: AnalysisOptions,
        signature: [UInt8]? = nil
    ) -> CInt {
        var data = Data(bytes: bytes, count: size)
        if let signature, data.count >= signature.count {
            data.replaceSubrange(0..<signature.count, with: signature)
        }
        return run(data, options: options)
    }

    /// Analyses `data` with `options`.
    public static func run(_ data: Data, options: AnalysisOptions) -> CInt {
        check(analyze(data, options: options), options: options)
        return 0
    }

    /// `size` bytes at `bytes` made to sniff as WebP: "RIFF", the fuzzed size, "WEBP" (bytes 0–3
    /// and 8–11 overwritten), so that every execution reaches libwebp's demuxer.
    public static func webpData(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> Data {
        var data = Data(bytes: bytes, count: size)
        if data.count >= 12 {
            data.replaceSubrange(0..<4, with: Array("RIFF".utf8))
            data.replaceSubrange(8..<12, with: Array("WEBP".utf8))
        }
        return data
    }

    /// Options chosen from the input's length, so the corpus explores every setting while each
    /// input always gets the same one (libFuzzer needs deterministic targets).
    public static func variant(_ size: Int, _ choices: Int) -> Int { size % choices }

    /// Runs the analysis on this thread: `analyze(data:)` is `async` only to be cancellable and
    /// calls the synchronous `analyzeNow` inside, which this calls directly (`@testable`, so the
    /// package is built with `-enable-testing`). A task and a semaphore would do too, but the task
    /// then outlives the callback by a moment and LeakSanitizer, which libFuzzer runs after each
    /// input, reports its captured bytes as leaked.
    static func analyze(_ data: Data, options: AnalysisOptions) -> Result<ColorAnalysis, any Error> {
        Result { try ImageColorAnalyzer(options: options).analyzeNow(.data(data)) }
    }

    /// Crashes unless `error` is an ``ImageColorsError`` with a kebab-case code and a message.
    static func checkTyped(_ error: any Error) {
        guard let typed = error as? any ImageColorsError else {
            fatalError("untyped error \(type(of: error)): \(error)")
        }
        let code = typed.code
        guard !code.isEmpty, code.allSatisfy({ $0 == "-" || ("a"..."z").contains($0) || ("0"..."9").contains($0) })
        else {
            fatalError("bad error code \(code.debugDescription) for \(typed)")
        }
        guard !typed.description.isEmpty else { fatalError("empty message for \(code)") }
    }

    static func check(_ result: Result<ColorAnalysis, any Error>, options: AnalysisOptions) {
        switch result {
        case .failure(let error):
            checkTyped(error)
            Reach.count(error: error)
        case .success(let analysis):
            Reach.count(profile: analysis.colorProfile, note: analysis.colorNote)
            let frames = analysis.frames.map { $0.counted > 1 ? ", every frame" : ", animated" } ?? ""
            Reach.count("analysed \(analysis.format.rawValue)\(frames)")
            if let frames = analysis.frames, frames.counted < 1 || (frames.count.map { frames.counted > $0 } ?? false) {
                fatalError("impossible frame report \(frames)")
            }
            guard analysis.width > 0, analysis.height > 0,
                analysis.analyzed.width > 0, analysis.analyzed.height > 0,
                analysis.analyzed.width <= max(analysis.width, analysis.height),
                // (The orientation needs no check: it is an `Orientation`, one of the eight.)
                analysis.analyzed.height <= max(analysis.width, analysis.height)
            else {
                fatalError("impossible sizes in \(analysis)")
            }
            if let memory = analysis.memory,
                memory.accountedPeak > memory.budget || memory.budget != options.memoryBudget.bytes
            {
                fatalError("accounted \(memory.accountedPeak) bytes over the budget of \(memory.budget)")
            }
            let title = analysis.title
            guard title.contrastRatio.isFinite, title.contrastRatio >= 1, title.brightness.isFinite,
                (0...255).contains(title.brightness)
            else {
                fatalError("impossible title \(title)")
            }
            // The result is stored by backends as JSON: it must always encode.
            do {
                _ = try JSONEncoder().encode(analysis)
            } catch {
                fatalError("result does not encode: \(error)")
            }
        }
    }
}
