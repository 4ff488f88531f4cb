import Foundation
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// What the fuzzers found in the progressive DC reader and colour management (Fuzz/run.sh dc and
/// icc), one behaviour per test. The inputs that found them stay in Fuzz/crashes/, which every
/// fuzzing run replays.
@Suite("Hostile input: fuzzing findings")
struct FuzzFindingsTests {
    /// A kept fuzzer input.
    static func kept(_ name: String) -> String {
        TestFiles.root.appendingPathComponent("Fuzz/crashes/\(name)").path
    }

    /// Decodes `path` at 1/8 (the DC reader for a progressive file) into the pipeline's sinks,
    /// colour management on, under `budget`.
    /// - Returns: The error, if any, and the bytes still reserved once decoding has returned
    ///   (the downscaler's own excepted).
    static func decodeAtEighth(_ path: String, budget: Int) throws -> (error: (any Error)?, leftOver: Int) {
        let ledger = MemoryLedger(budget: MemoryBudget(bytes: budget))
        var options = DecodeOptions()
        options.minimumLongSide = 1
        options.ledger = ledger
        var sink = ColorManagedSink(Downscaler(targetLongSide: 64, ledger: ledger), ledger: ledger)
        var failure: (any Error)?
        do {
            _ = try ImageDecoding.decode(try SourceProbe(.file(path)), options: options, into: &sink)
        } catch {
            failure = error
        }
        sink.finishConversion()
        return (failure, ledger.reserved - sink.inner.reservedBytes)
    }

    /// Builds the transform from `profile` to sRGB for `input` under `budget`, as colour
    /// management does; `nil` when the budget refused LittleCMS an allocation.
    /// - Returns: Whether it was built, and the bytes still reserved once everything is gone.
    static func transform(_ profile: Data, input: ColorTransform.Input, budget: Int) throws -> (
        built: Bool, leftOver: Int
    ) {
        let ledger = MemoryLedger(budget: MemoryBudget(bytes: budget))
        var built = false
        do {
            let context = try LCMSContext(ledger: ledger)
            let parsed = try ColorProfile(profile, context: context)
            _ = try ColorTransform(from: parsed, input: input)
            built = true
        } catch is MemoryBudgetError {
            // Refused: the context, the profile, sRGB or the transform.
        }
        return (built, ledger.reserved)
    }

    @Test("every budget up to what sRGB needs gives LittleCMS's sRGB profile or the budget's error, never a crash")
    func sRGBProfileUnderEveryBudget() throws {
        // Given budgets from none upwards, a byte at a time (lcms 2.14 handed a refused mutex
        // allocation to pthread_mutex_init, which crashed the process)
        var budget = 0
        var fitted = false
        while !fitted, budget < 200_000 {
            let ledger = MemoryLedger(budget: MemoryBudget(bytes: budget))
            // When colour management builds the target profile
            do {
                _ = try ColorProfile(sRGBIn: try LCMSContext(ledger: ledger))
                fitted = true
            } catch is MemoryBudgetError {
                // Then a refusal is the budget's error, and nothing stays reserved
            }
            #expect(ledger.reserved == 0, "budget \(budget): \(ledger.reserved) bytes still reserved")
            budget += 1
        }
        #expect(fitted)
    }

    @Test(
        "a budget that refuses LittleCMS part-way through a transform leaves nothing reserved",
        arguments: [
            ("linear-gray.icc", ColorTransform.Input.grayInRGBA), ("display-p3.icc", .rgba),
            ("test-cmyk.icc", .cmyk(inverted: true)),
        ])
    func refusedTransformReleasesEverything(profile name: String, input: ColorTransform.Input) throws {
        // Given an embedded profile, and budgets from none to what its transform needs, 16 bytes
        // apart (less than any allocation with its header, so each one is refused in turn)
        let data = try Data(contentsOf: URL(fileURLWithPath: ColorFixtures.path(name)))
        var budget = 0
        var built = false
        while !built, budget < 2_000_000 {
            // When the transform is built and the budget refuses one of LittleCMS's allocations
            let (done, leftOver) = try Self.transform(data, input: input, budget: budget)
            // Then every byte LittleCMS took is back in the ledger once its context is gone
            // (lcms 2.14 itself leaves some allocated when a grey transform is refused)
            #expect(leftOver == 0, "\(name), budget \(budget): \(leftOver) bytes still reserved")
            built = done
            budget += 16
        }
        #expect(built)
    }

    @Test(
        "a progressive JPEG whose grey profile does not fit a 64 kB budget fails over budget with nothing left reserved"
    )
    func greyProfileOverBudgetBalancesTheLedger() throws {
        // Given the fuzzer's input: a progressive grey JPEG carrying a grey ICC profile
        let path = Self.kept("dc-crash-5532c5bcaf7f4af09a0e10e5ad6d13f2a1f27d5e")
        // When it is decoded at 1/8 with colour management under a 64 kB budget
        let (error, leftOver) = try Self.decodeAtEighth(path, budget: 64_000)
        // Then it fails with the budget's error, and every reservation has been returned
        #expect(error is MemoryBudgetError, "\(String(describing: error))")
        #expect(leftOver == 0)
    }
}
