import Foundation
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// The budget and the header limits hold for every input: the accounted peak stays within the
/// budget, and what cannot fit fails at once with the numbers in the message.
@Suite("Memory budget and limits")
struct MemoryLimitTests {
    static let everyInput: [String] =
        TestFiles.files(in: "pngsuite/valid").map { "pngsuite/valid/\($0)" }
        + TestFiles.files(in: "malformed").map { "malformed/\($0)" }
        + TestFiles.files(in: "jpeg").map { "jpeg/\($0)" }
        + TestFiles.files(in: "color").map { "color/\($0)" }
        + TestFiles.files(in: "orientation").map { "orientation/\($0)" }

    /// A copy of a file (a corpus path, or an absolute one) with bytes replaced, in a temporary folder.
    static func patched(_ relative: String, _ patches: [(offset: Int, bytes: [UInt8])]) throws -> String {
        let url =
            relative.hasPrefix("/") ? URL(fileURLWithPath: relative) : TestFiles.corpus.appendingPathComponent(relative)
        var data = try [UInt8](Data(contentsOf: url))
        for patch in patches {
            data.replaceSubrange(patch.offset..<patch.offset + patch.bytes.count, with: patch.bytes)
        }
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent(
            "imagecolors-\(UUID()).\((relative as NSString).pathExtension)")
        try Data(data).write(to: copy)
        return copy.path
    }

    /// The offset of a JPEG's SOFn marker, whose height and width follow at +5 and +7.
    static func sofOffset(_ relative: String) throws -> Int {
        let url =
            relative.hasPrefix("/") ? URL(fileURLWithPath: relative) : TestFiles.corpus.appendingPathComponent(relative)
        let data = try [UInt8](Data(contentsOf: url))
        var i = 2
        while i + 4 < data.count {
            let marker = data[i + 1]
            let length = Int(data[i + 2]) << 8 | Int(data[i + 3])
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) { return i }
            i += 2 + length
        }
        throw ImageDecodingError.corrupt(.jpeg, detail: "no SOF in \(relative)")
    }

    static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

    @Test("the accounted peak stays within the default budget", arguments: everyInput)
    func peakWithinBudget(path: String) async throws {
        let analysis: ColorAnalysis
        do {
            analysis = try await ImageColorAnalyzer().analyze(fileAt: TestFiles.corpus(path))
        } catch is ImageDecodingError {
            return // typed failures are the malformed files' business, tested elsewhere
        }
        let memory = try #require(analysis.memory)
        #expect(memory.budget == MemoryBudget.default.bytes)
        #expect(memory.accountedPeak > 0 && memory.accountedPeak <= memory.budget)
    }

    @Test("a progressive JPEG whose coefficient buffer passes the budget fails at once, naming the bytes")
    func progressiveOverBudget() async throws {
        // Given a progressive copy of testorig.jpg (4:2:0) whose SOF claims 6000×4000 → 72 MB of
        // coefficients; arithmetic-coded (SOF10), which the DC reader does not take, so the budget
        // cannot send it there (quality highest takes the DC reader when it can: issue 39)
        let progressive = try makeProgressiveJPEG(
            from: TestFiles.corpus("jpeg/testorig.jpg"), extraArguments: ["-arithmetic"])
        defer { try? FileManager.default.removeItem(atPath: progressive) }
        let sof = try Self.sofOffset(progressive)
        let path = try Self.patched(progressive, [(sof + 5, Self.be16(4000) + Self.be16(6000))])
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When analysed at full size (quality highest: no 1/8 scale, so libjpeg decodes it, not
        // the DC reader) with the default 30 MB budget
        let error = await #expect(throws: MemoryBudgetError.self) {
            _ = try await ImageColorAnalyzer(options: .init(quality: .highest)).analyze(fileAt: path)
        }
        // Then the error names what was needed and what was allowed
        guard case .overBudget(let purpose, let needed, _, let budget) = error else { return }
        #expect(purpose.contains("progressive") && purpose.contains("6000×4000"))
        #expect(needed == 72_000_000) // (750×500 luma + 2 × 375×250 chroma blocks) × 128 bytes
        #expect(budget == 30_000_000)
        #expect(
            error?.description.hasPrefix(
                "the progressive JPEG's coefficient buffer (6000×4000) needs 72 MB, over the 30 MB memory budget")
                == true)
        // And with a 128 MB budget the buffer fits (the patched file then fails as corrupt data, not over budget)
        let roomy = ImageColorAnalyzer(options: .init(quality: .highest, memoryBudget: .megabytes(128)))
        await #expect(throws: ImageDecodingError.self) { _ = try await roomy.analyze(fileAt: path) }
    }

    @Test("a JPEG header claiming 65500×65500 is refused before any pixel work")
    func jpegBomb() async throws {
        let sof = try Self.sofOffset("jpeg/testorig.jpg")
        let path = try Self.patched("jpeg/testorig.jpg", [(sof + 5, Self.be16(65500) + Self.be16(65500))])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(fileAt: path)
        }
        #expect(error?.description == "JPEG image is 65500×65500, over the 250 MP limit")
        #expect(error?.code == "image-too-large")
    }

    @Test("a PNG IHDR over the side limit is refused from its first bytes")
    func pngSideLimit() async throws {
        // Given a PNG whose IHDR says 70000×10 (and whose CRC no longer matches: we never get that far)
        let path = try Self.patched("pngsuite/valid/basn2c08.png", [(16, [0, 1, 0x11, 0x70]), (20, [0, 0, 0, 10])])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(fileAt: path)
        }
        #expect(error?.description == "PNG image is 70000×10, over the 65500 px side limit")
    }

    @Test("limits are configurable")
    func configurableLimits() async throws {
        let strict = ImageColorAnalyzer(options: .init(limits: ImageLimits(maxSide: 200, maxPixels: 10_000)))
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await strict.analyze(fileAt: TestFiles.corpus("jpeg/testorig.jpg"))
        }
        #expect(error?.description == "JPEG image is 227×149, over the 200 px side limit")
        let small = ImageColorAnalyzer(options: .init(limits: ImageLimits(maxPixels: 1000)))
        let pixels = await #expect(throws: ImageDecodingError.self) {
            _ = try await small.analyze(fileAt: TestFiles.corpus("pngsuite/valid/basn2c08.png"))
        }
        #expect(pixels?.description == "PNG image is 32×32, over the 1000 pixel limit")
    }

    @Test("a tiny budget fails with the over-budget error, never a crash")
    func tinyBudget() async throws {
        let analyzer = ImageColorAnalyzer(options: .init(memoryBudget: MemoryBudget(bytes: 100_000)))
        let error = await #expect(throws: MemoryBudgetError.self) {
            _ = try await analyzer.analyze(fileAt: TestFiles.samples.appendingPathComponent("rocket.jpg").path)
        }
        #expect(error?.code == "over-memory-budget")
    }

    @Test("highest quality shrinks as far as the budget forces, no further")
    func highestWithinBudget() async throws {
        // Given a 1411×1411 sample: full size needs 1411² × 8 bytes ≈ 15.9 MB of output buffers
        let path = TestFiles.samples.appendingPathComponent("retina.jpg").path
        let roomy = try await ImageColorAnalyzer(options: .init(quality: .highest)).analyze(fileAt: path)
        #expect(roomy.analyzed == .init(width: 1411, height: 1411))
        // When the budget is 8 MB
        let tight = try await ImageColorAnalyzer(options: .init(quality: .highest, memoryBudget: .megabytes(8)))
            .analyze(fileAt: path)
        // Then the analysed image is smaller but still as large as fits
        #expect(tight.analyzed.width < 1411 && tight.analyzed.width > 700)
        #expect(try #require(tight.memory).accountedPeak <= 8_000_000)
    }
}
