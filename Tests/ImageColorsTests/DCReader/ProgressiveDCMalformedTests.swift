import Foundation
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// Damaged progressive files: a result or a typed error, never a crash, and libjpeg's own words
/// for the damage both decoders see.
@Suite("Progressive DC reader: damaged input")
struct ProgressiveDCMalformedTests {
    /// A 301×203 4:2:0 progressive file with single-component DC scans, DC refinements and a
    /// restart marker every 2 MCUs: every code path of the reader in about 20 kB.
    static let sample: [UInt8] = {
        let script = try! ProgressiveFixtures.textFile(ProgressiveDCOracleTests.singleComponentDC)
        defer { try? FileManager.default.removeItem(atPath: script) }
        let path = try! ProgressiveFixtures.run(
            "cjpeg", ["-sample", "2x2", "-restart", "2B", "-scans", script],
            input: ProgressiveFixtures.syntheticPPM)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try! [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }()

    /// Offsets of every `FF code` marker outside entropy-coded data (segment walk, then scans
    /// skipped to their next marker).
    static func markers(_ bytes: [UInt8], _ code: UInt8) -> [Int] {
        var found: [Int] = []
        var i = 2
        while i + 3 < bytes.count {
            guard bytes[i] == 0xFF else {
                i += 1
                continue
            }
            let marker = bytes[i + 1]
            if marker == 0x00 || marker == 0xFF || (0xD0...0xD7).contains(marker) {
                i += 1
                continue
            }
            if marker == code { found.append(i) }
            if marker == 0xD9 { break }
            i += 2 + (Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]))
            if marker == 0xDA { // skip the scan's data
                while i + 1 < bytes.count,
                    !(bytes[i] == 0xFF && bytes[i + 1] != 0 && !(0xD0...0xD7).contains(bytes[i + 1]))
                { i += 1 }
            }
        }
        return found
    }

    /// Writes `bytes` to a temporary file.
    static func write(_ bytes: [UInt8]) throws -> String {
        let path = ProgressiveFixtures.temporaryPath(".jpg")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Decodes with the DC reader at 1/8; the outcome is an image or a typed error.
    static func outcome(_ bytes: [UInt8], strict: Bool, limits: ImageLimits = .default) throws -> Result<
        DecodedImageInfo, ImageDecodingError
    > {
        let path = try write(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var sink = FullImageSink()
        var options = DecodeOptions()
        options.minimumLongSide = 1
        options.warningsAreErrors = strict
        options.limits = limits
        do {
            return .success(try ImageDecoding.decode(try SourceProbe(.file(path)), options: options, into: &sink))
        } catch let error as ImageDecodingError {
            return .failure(error)
        }
    }

    @Test("the sample decodes, and has the structure the sweeps rely on")
    func sampleIsValid() throws {
        #expect(Self.markers(Self.sample, 0xDA).count == 9)
        let info = try Self.outcome(Self.sample, strict: true).get()
        #expect(info.decoder == .progressiveDC && info.decodedWidth == 38 && info.decodedHeight == 26)
    }

    @Test(
        """
        cut at 32 lengths: strict gives a typed error (truncated once past the header), lenient an image or a typed \
        error
        """,
        arguments: (0..<32).map { $0 })
    func truncated(step: Int) throws {
        // Given the sample cut at one of 32 evenly spaced lengths
        let length = 2 + step * (Self.sample.count - 3) / 31
        let cut = Array(Self.sample.prefix(length))
        // When decoded strictly, then it fails with a typed error, "truncated" once the DC reader owns it
        let strict = try Self.outcome(cut, strict: true)
        guard case .failure(let error) = strict else {
            Issue.record("a file cut at \(length) of \(Self.sample.count) bytes decoded")
            return
        }
        if length > Self.markers(Self.sample, 0xDA)[0] + 12 {
            #expect(error == .truncated(.jpeg, detail: "premature end of JPEG file"))
        }
        // And leniently it decodes (the missing part grey) or fails with a typed error
        if case .success(let info) = try Self.outcome(cut, strict: false) { #expect(info.decodedWidth == 38) }
    }

    @Test("32 single-byte corruptions: an image or a typed error, strict and lenient", arguments: (0..<32).map { $0 })
    func corrupted(step: Int) throws {
        // Given the sample with one byte changed at a pseudo-random place (a fixed sequence)
        var state = UInt64(step + 1) &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let offset = 2 + Int(state >> 33) % (Self.sample.count - 2)
        var bytes = Self.sample
        bytes[offset] ^= UInt8(truncatingIfNeeded: state >> 13) | 1
        // When decoded either way, then the outcome is typed (Result's failure type says so)
        for strict in [true, false] {
            if case .success(let info) = try Self.outcome(bytes, strict: strict) {
                #expect(info.decodedWidth > 0 && info.decodedHeight > 0)
            }
        }
    }

    /// Damage that both decoders see, and the change that makes it.
    static let damage: [(String, @Sendable ([UInt8]) -> [UInt8])] = [
        ("cut in half", { Array($0.prefix($0.count / 2)) }),
        (
            "a DC scan names a DC table never defined",
            { bytes in
                var bytes = bytes
                bytes[markers(bytes, 0xDA)[1] + 6] = 0x30 // second scan (Cb's DC): table selector 3
                return bytes
            }
        ),
        (
            "a DC scan codes coefficients 0–5",
            { bytes in
                var bytes = bytes
                bytes[markers(bytes, 0xDA)[1] + 8] = 5 // Se
                return bytes
            }
        ),
        (
            "garbage before an SOS marker",
            { bytes in
                var bytes = bytes
                bytes.insert(contentsOf: [0x12, 0x34, 0x56], at: markers(bytes, 0xDA)[2])
                return bytes
            }
        ),
        (
            "an unknown marker between scans",
            { bytes in
                var bytes = bytes
                bytes.insert(contentsOf: [0xFF, 0xF0, 0x00, 0x04, 0x00, 0x00], at: markers(bytes, 0xDA)[3])
                return bytes
            }
        ),
        (
            "a refinement before its first scan",
            { bytes in
                var bytes = bytes
                bytes[markers(bytes, 0xDA)[2] + 9] = 0x21 // Cr's DC scan claims Ah=2 Al=1
                return bytes
            }
        ),
    ]

    @Test("damage both decoders see gives libjpeg's own error", arguments: damage.indices)
    func sameErrorAsLibjpeg(index: Int) throws {
        let (name, change) = Self.damage[index]
        // Given the damaged sample
        let path = try Self.write(change(Self.sample))
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When the DC reader and libjpeg decode it at 1/8, then the errors are the same
        ProgressiveFixtures.expectSameErrorAsLibjpeg(path, name)
    }

    @Test("the scan cap stops the DC reader with the libjpeg path's error")
    func scanCap() throws {
        let limits = ImageLimits(maxScans: 3)
        guard case .failure(let error) = try Self.outcome(Self.sample, strict: true, limits: limits) else {
            Issue.record("9 scans decoded under a cap of 3")
            return
        }
        #expect(error.description == "JPEG over limit: more than 3 scans")
    }

    @Test("the decode deadline stops the DC reader")
    func deadline() throws {
        let result = try Self.outcome(Self.sample, strict: true, limits: ImageLimits(decodeTimeout: .zero))
        #expect(result.failure == .timedOut(.jpeg, after: .zero))
    }

    @Test("a cancelled analysis stops with CancellationError")
    func cancellation() async throws {
        let path = try Self.write(Self.sample)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let analyzer = ImageColorAnalyzer(options: .init(quality: .lowest))
        let task = Task {
            while !Task.isCancelled { await Task.yield() }
            return try analyzer.downscaledImage(.file(path))
        }
        task.cancel()
        await #expect(throws: CancellationError.self) { _ = try await task.value }
    }

    @Test("Pillow's truncated progressive file: truncated when strict, an image when lenient")
    func pillowTruncated() throws {
        let path = TestFiles.corpus("malformed/pillow-truncated_jpeg.jpg")
        let error = #expect(throws: ImageDecodingError.self) { _ = try ProgressiveFixtures.decodeEighth(path) }
        #expect(error?.code == "truncated-image")
        let (image, info) = try ProgressiveFixtures.decodeEighth(path, strict: false)
        #expect(info.decoder == .progressiveDC && image.width == 13 && image.height == 13)
    }

    @Test("a progressive header claiming 6000×4000 over a small body fails as damaged data, not over budget")
    func patchedHeader() async throws {
        // Given the memory tests' patched file: libjpeg would need 72 MB of coefficients
        let progressive = try makeProgressiveJPEG(from: TestFiles.corpus("jpeg/testorig.jpg"))
        defer { try? FileManager.default.removeItem(atPath: progressive) }
        let sof = try MemoryLimitTests.sofOffset(progressive)
        let path = try MemoryLimitTests.patched(
            progressive, [(sof + 5, MemoryLimitTests.be16(4000) + MemoryLimitTests.be16(6000))])
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When analysed with the default budget, then the DC reader runs out of data
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(fileAt: path)
        }
        #expect(["truncated-image", "corrupt-image"].contains(error?.code ?? ""))
    }
}

extension Result {
    /// The error, or `nil` on success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
