import Foundation
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// A progressive JPEG too large for libjpeg under the default budget analyses within it through
/// the DC reader, with the colours libjpeg gives the same picture.
@Suite("Progressive DC reader: memory", .serialized)
struct ProgressiveDCMemoryTests {
    /// A 4000×3000 picture (12 MP): a 200 px navy frame round stripes of colour. As progressive
    /// 4:2:0, libjpeg's coefficient buffer would be 36 MB, over the 30 MB default budget.
    static func writePicture() throws -> String {
        let (width, height, frame) = (4000, 3000, 200)
        let navy: (UInt8, UInt8, UInt8) = (0x1d, 0x2b, 0x3a)
        return try ProgressiveFixtures.writePPM(width: width, height: height) { x, y in
            if x < frame || y < frame || x >= width - frame || y >= height - frame { return navy }
            switch (x / 400) % 3 {
            case 0: return (0xe8, 0x9a, 0x3c)
            case 1: return (0xf2, 0xe3, 0xc4)
            default: return (UInt8(y * 255 / height), 0x60, 0xb0)
            }
        }
    }

    @Test("a 12 MP progressive 4:2:0 file analyses within 30 MB, with the colours of its baseline twin")
    func withinBudget() async throws {
        // Given the picture as progressive 4:2:0 and as baseline (the same coefficients: cjpeg
        // quantizes identically, only the scan order differs)
        let ppm = try Self.writePicture()
        defer { try? FileManager.default.removeItem(atPath: ppm) }
        let progressive = try ProgressiveFixtures.run("cjpeg", ["-progressive", "-quality", "85"], input: ppm)
        defer { try? FileManager.default.removeItem(atPath: progressive) }
        let baseline = try ProgressiveFixtures.run("cjpeg", ["-quality", "85"], input: ppm)
        defer { try? FileManager.default.removeItem(atPath: baseline) }

        // When analysed with the default options (high: 1/8 keeps 500 px, twice 250)
        let analyzer = ImageColorAnalyzer()
        let analysis = try await analyzer.analyze(fileAt: progressive)
        let (_, info) = try analyzer.downscaledImage(.file(progressive))

        // Then the DC reader did it, within the budget, with about 1/64 of libjpeg's buffer
        #expect(info.decoder == .progressiveDC)
        let memory = try #require(analysis.memory)
        #expect(memory.accountedPeak <= 30_000_000)
        #expect(memory.accountedPeak < 5_000_000, "accounted \(memory.accountedPeak)")
        #expect(analysis.width == 4000 && analysis.height == 3000)
        #expect(analysis.analyzed == .init(width: 250, height: 188))
        // And the colours are those libjpeg gives the baseline twin
        let reference = try await analyzer.analyze(fileAt: baseline)
        #expect(analysis.background == reference.background)
        // (the navy frame, give or take JPEG's rounding)
        let navy = RGBColor(hex: "#1d2b3a")!
        #expect(abs(Int(analysis.background.red) - Int(navy.red)) <= 2)
        #expect(abs(Int(analysis.background.green) - Int(navy.green)) <= 2)
        #expect(abs(Int(analysis.background.blue) - Int(navy.blue)) <= 2)
        #expect(analysis.title == reference.title)
    }

    @Test("quality highest takes the DC reader when the budget forces it, as high does (issue 39, finding 12)")
    func highestWithinBudget() async throws {
        // Given the 12 MP picture as progressive 4:2:0: libjpeg's 36 MB buffer is over the 30 MB budget
        let ppm = try Self.writePicture()
        defer { try? FileManager.default.removeItem(atPath: ppm) }
        let progressive = try ProgressiveFixtures.run("cjpeg", ["-progressive", "-quality", "85"], input: ppm)
        defer { try? FileManager.default.removeItem(atPath: progressive) }
        // When it is analysed at quality highest ("no downscale beyond what the budget forces")
        let highest = ImageColorAnalyzer(options: .init(quality: .highest))
        let analysis = try await highest.analyze(fileAt: progressive)
        let (_, info) = try highest.downscaledImage(.file(progressive))
        // Then the budget forced the 1/8 DC reader (500×375), and the analysis kept within the budget
        #expect(info.decoder == .progressiveDC)
        #expect(analysis.analyzed == .init(width: 500, height: 375))
        let memory = try #require(analysis.memory)
        #expect(memory.accountedPeak <= 30_000_000)
        // And with room for libjpeg's buffer, highest still decodes at full size
        let roomy = ImageColorAnalyzer(options: .init(quality: .highest, memoryBudget: .megabytes(200)))
        let (_, full) = try roomy.downscaledImage(.file(progressive))
        #expect(full.decoder == .library && full.decodedWidth == 4000)
    }

    @Test(
        "short of 1/8, a file whose libjpeg buffer would not fit still goes to the DC reader",
        arguments: [(2_000_000, nil, DecoderKind.progressiveDC), (64_000_000, nil, .library), (2_000_000, 220, nil)]
            as [(Int, Int?, DecoderKind?)])
    func budgetFallback(budget: Int, fallbackLongSide: Int?, expected: DecoderKind?) throws {
        // Given a 1700×1100 progressive file: 1/8 gives 213 px, short of the 250 asked for, so
        // libjpeg would decode it at 1/4 with a 5.7 MB coefficient buffer
        let ppm = try ProgressiveFixtures.writePPM(width: 1700, height: 1100) { x, y in
            (UInt8(x % 256), UInt8(y % 256), 90)
        }
        defer { try? FileManager.default.removeItem(atPath: ppm) }
        let path = try ProgressiveFixtures.run("cjpeg", ["-progressive"], input: ppm)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When decoded under `budget`, with the fallback's floor at half of 250 or at 220
        var sink = FullImageSink()
        var options = DecodeOptions()
        options.minimumLongSide = 250
        options.budgetFallbackLongSide = fallbackLongSide
        options.ledger = MemoryLedger(budget: MemoryBudget(bytes: budget))
        let decode = { try ImageDecoding.decode(try SourceProbe(.file(path)), options: options, into: &sink) }
        guard let expected else {
            // Then with 1/8 below the floor it stays libjpeg's, which does not fit
            let error = #expect(throws: MemoryBudgetError.self) { _ = try decode() }
            #expect(error?.description.hasPrefix("the progressive JPEG's coefficient buffer (1700×1100)") == true)
            return
        }
        // Then the DC reader takes it at 1/8 only when libjpeg's buffer would not fit
        let info = try decode()
        #expect(info.decoder == expected)
        #expect(info.decodedWidth == (expected == .progressiveDC ? 213 : 425))
    }

    @Test("the DC planes are reserved from the header: a tight budget fails at once, naming them")
    func reservedUpFront() async throws {
        // Given a 1700×1100 progressive file (DC planes: 214×138 + 2 × 107×69 blocks, 89 kB)
        let ppm = try ProgressiveFixtures.writePPM(width: 1700, height: 1100) { x, y in
            (UInt8(x % 256), UInt8(y % 256), 90)
        }
        defer { try? FileManager.default.removeItem(atPath: ppm) }
        let path = try ProgressiveFixtures.run("cjpeg", ["-progressive"], input: ppm)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When the ledger has less than that left after the reader's input buffer
        let ledger = MemoryLedger(budget: MemoryBudget(bytes: 100_000))
        var sink = FullImageSink()
        var options = DecodeOptions()
        options.minimumLongSide = 1
        options.ledger = ledger
        let error = #expect(throws: MemoryBudgetError.self) {
            _ = try ImageDecoding.decode(try SourceProbe(.file(path)), options: options, into: &sink)
        }
        // Then nothing was decoded and the message names the DC planes
        #expect(error?.description.hasPrefix("the progressive JPEG's DC coefficients (1700×1100) needs") == true)
        #expect(sink.rowsSeen == 0)
        #expect(ledger.reserved == 0)
    }
}
