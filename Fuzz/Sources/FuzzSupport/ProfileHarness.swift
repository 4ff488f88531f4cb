import Foundation

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// Arbitrary bytes as an embedded ICC profile, straight into colour management: what the ICC
/// target drives. A profile reaches LittleCMS from a JPEG's APP2 chunks or a PNG's iCCP only
/// after reassembly or inflation, where most mutations die; here every mutation is parsed by
/// `cmsOpenProfileFromMemTHR`, and the profiles LittleCMS accepts get a transform to sRGB, the
/// identity check and a row of pixels converted — through the pipeline's own
/// ``ColorManagedSink``, as an RGB, grey or CMYK image would use them, under a memory ledger.
///
/// Checked: `colorSpace` succeeds (a bad profile is noted and ignored, never an error) or fails
/// only with the budget's error; a profile applied has a tidy description; the rows come out;
/// and every byte LittleCMS took is back in the ledger once the sink is done.
public enum ProfileHarness {
    /// How the profile is announced, chosen by the input's length.
    public enum Use: CaseIterable {
        case rgb, cmyk, cmykInverted, unreadableFallback
    }

    public static func run(_ bytes: UnsafePointer<UInt8>, _ size: Int, use: Use, budget: MemoryBudget) -> CInt {
        let profile = Data(bytes: bytes, count: size)
        let ledger = MemoryLedger(budget: budget)
        let space: SourceColorSpace =
            switch use {
            case .rgb: .icc(profile)
            case .cmyk: .cmyk(profile: profile, adobeInverted: false)
            case .cmykInverted: .cmyk(profile: profile, adobeInverted: true)
            case .unreadableFallback: .unreadableProfile(reason: "fuzz", fallback: .icc(profile))
            }
        let width = 37
        var sink = ColorManagedSink(Downscaler(targetLongSide: nil, ledger: ledger), enabled: true, ledger: ledger)
        var refused = false
        do {
            _ = try sink.colorSpace(space)
            try sink.begin(width: width, height: 3, rowsInOrder: true)
            // Every byte value in every channel across three rows: LUT edges and the middle.
            var row = [UInt8](repeating: 0, count: width * 4)
            for y in 0..<3 {
                for i in row.indices { row[i] = UInt8(truncatingIfNeeded: (i * 7 + y * 85) % 256) }
                row.withUnsafeBufferPointer { sink.consume(row: $0.baseAddress!, y: y, x0: 0, dx: 1, count: width) }
            }
        } catch let error as MemoryBudgetError {
            refused = true
            Reach.count(error: error)
        } catch {
            fatalError("colour management threw \(type(of: error)): \(error)")
        }
        sink.finishConversion()
        guard ledger.reserved == sink.inner.reservedBytes else {
            fatalError(
                """
                ledger holds \(ledger.reserved) bytes after colour management, the downscaler \
                \(sink.inner.reservedBytes)
                """
            )
        }
        let outcome = sink.outcome
        if let description = outcome.profile {
            guard !description.isEmpty, description.count <= 100,
                !description.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else {
                fatalError("untidy profile description \(description.debugDescription)")
            }
        }
        if let note = outcome.note, note.isEmpty { fatalError("empty note") }
        // Any description counts as a profile here (a fuzzed one may start "gamma ").
        if outcome.profile != nil { Reach.count("colour ICC profile applied") }
        if outcome.note != nil { Reach.count("colour profile ignored with a note") }
        let image = sink.inner.finish()
        guard refused || (image.width == width && image.height == 3) else {
            fatalError("rows lost: \(image.width)×\(image.height)")
        }
        return 0
    }
}
