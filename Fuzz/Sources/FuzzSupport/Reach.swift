import Foundation

@testable import ImageColors
@testable import ImageColorsCore

/// How far the inputs of one fuzzing run got, printed when the fuzzer exits (`reach: …` lines in
/// Fuzz/run.sh's log): which decoder produced rows, which colour-management paths ran, which
/// errors stopped the rest. The proof that a target reaches the code it is meant for — a run
/// whose inputs all stop at the header would fuzz nothing of the DC reader or LittleCMS.
///
/// Not thread-safe, and need not be: libFuzzer calls the target on one thread.
public enum Reach {
    nonisolated(unsafe) private static var counts: [String: Int] = [:]
    private static let registered: Void = { atexit { Reach.report() } }()

    /// Counts one event, e.g. "decoder progressive-dc".
    public static func count(_ event: String) {
        _ = registered
        counts[event, default: 0] += 1
    }

    /// Counts a typed error by its code.
    public static func count(error: any Error) {
        count("error \((error as? any ImageColorsError)?.code ?? "untyped")")
    }

    /// Counts what colour management did for one image.
    public static func count(profile: String?, note: String?) {
        if let profile { count(profile.hasPrefix("gamma ") ? "colour gAMA applied" : "colour ICC profile applied") }
        if note != nil { count("colour profile ignored with a note") }
        if profile == nil, note == nil { count("colour untouched (untagged or sRGB)") }
    }

    static func report() {
        for (event, count) in counts.sorted(by: { $0.key < $1.key }) {
            print("reach: \(event): \(count)")
        }
    }
}
