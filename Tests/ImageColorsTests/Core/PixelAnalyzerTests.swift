import Foundation
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// What ``PixelAnalyzer`` reads from a caller's buffer: stride, alpha, orientation, rows pushed
/// in strips, and the errors for buffers it cannot read.
@Suite("Core: reading a caller's pixels")
struct PixelAnalyzerTests {
    /// A sample as packed straight RGBA, at the size the pipeline decodes it for `high`.
    static func sample(_ name: String = "coffee.png") throws -> RGBAImage {
        try PixelAnalyzerEqualityTests.decodedRows(
            TestFiles.samples.appendingPathComponent(name).path, options: .init()
        )
        .0
    }

    /// `analysis` without its memory report, which counts the scratch row a conversion takes.
    static func colors(_ analysis: ColorAnalysis) -> ColorAnalysis {
        var analysis = analysis
        analysis.memory = nil
        return analysis
    }

    /// `image`'s rows `padding` bytes apart beyond their pixels, the padding filled with noise.
    static func padded(_ image: RGBAImage, padding: Int) -> [UInt8] {
        var out: [UInt8] = []
        var noise: UInt8 = 7
        for y in 0..<image.height {
            out += image.pixels[(y * image.width * 4)..<((y + 1) * image.width * 4)]
            for _ in 0..<padding {
                noise = noise &* 31 &+ 17
                out.append(noise)
            }
        }
        return out
    }

    @Test("a row stride wider than the pixels (padded rows) gives the packed buffer's answer")
    func paddedRows() throws {
        // Given a sample packed, and the same pixels in rows padded with noise to a 64-byte stride
        let image = try Self.sample()
        let stride = (image.width * 4 + 63) / 64 * 64 + 64
        let padded = Self.padded(image, padding: stride - image.width * 4)
        // When both are analysed
        let packed = try PixelAnalyzer().analyze(
            image.pixels, layout: PixelLayout(width: image.width, height: image.height))
        let strided = try PixelAnalyzer().analyze(
            padded, layout: PixelLayout(width: image.width, height: image.height, bytesPerRow: stride))
        // Then the answers are the same
        #expect(strided == packed)
    }

    @Test(
        "opaque pixels read the same as straight, premultiplied or with alpha ignored",
        arguments: ["coffee.png", "chelsea.png"])
    func opaqueAlphaModes(name: String) throws {
        // Given an opaque sample, and a copy whose alpha bytes are garbage
        let image = try Self.sample(name)
        #expect(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 })
        var garbage = image.pixels
        for i in stride(from: 3, to: garbage.count, by: 4) { garbage[i] = UInt8(i % 251) }
        let layout = PixelLayout(width: image.width, height: image.height)
        // When analysed as straight, premultiplied, and the garbage copy with alpha ignored
        let straight = try PixelAnalyzer().analyze(image.pixels, layout: layout)
        var premultiplied = layout
        premultiplied.alpha = .premultiplied
        var ignored = layout
        ignored.alpha = .ignored
        // Then all three answers are the same
        let fromPremultiplied = try PixelAnalyzer().analyze(image.pixels, layout: premultiplied)
        let fromIgnored = try PixelAnalyzer().analyze(garbage, layout: ignored)
        #expect(Self.colors(fromPremultiplied) == Self.colors(straight))
        #expect(Self.colors(fromIgnored) == Self.colors(straight))
    }

    @Test("premultiplied channels are divided back within rounding, and a transparent pixel has no colour")
    func unpremultiply() throws {
        // Given every channel value at every alpha, premultiplied as Core Graphics rounds
        var worst = 0
        for a in 1...255 {
            var row: [UInt8] = []
            for c in 0...255 { row += [UInt8((c * a + 127) / 255), 0, UInt8(c), UInt8(a)] }
            var layout = PixelLayout(width: 256, height: 1, alpha: .premultiplied)
            layout.alpha = .premultiplied
            var converter = try PixelRowConverter(
                layout: layout, colorSpace: .sRGB, ledger: MemoryLedger(budget: .default))
            // When the row is converted to straight alpha
            let out = row.withUnsafeBufferPointer { pointer in
                Array(UnsafeBufferPointer(start: converter.convert(pointer.baseAddress!), count: row.count))
            }
            // Then each channel is back within what the premultiplied byte could say at this alpha
            for c in 0...255 {
                worst = max(worst, abs(Int(out[c * 4]) - c) * a)
                #expect(out[c * 4 + 3] == UInt8(a))
            }
        }
        // (the error times alpha stays within one premultiplied level: 255 × ½ + rounding)
        #expect(worst <= 255)
        var converter = try PixelRowConverter(
            layout: PixelLayout(width: 1, height: 1, alpha: .premultiplied), colorSpace: .sRGB,
            ledger: MemoryLedger(budget: .default))
        let clear: [UInt8] = [9, 9, 9, 0]
        let out = clear.withUnsafeBufferPointer {
            Array(UnsafeBufferPointer(start: converter.convert($0.baseAddress!), count: 4))
        }
        #expect(out == [0, 0, 0, 0])
    }

    @Test("a stored orientation is applied: rotated rows tagged with it answer as the upright rows")
    func orientation() throws {
        // Given a sample upright, and the same pixels stored turned a quarter to the left, to be
        // shown turned right (EXIF 6)
        let image = try Self.sample("coffee.png")
        var stored = RGBAImage(width: image.height, height: image.width, filledWith: .black)
        for y in 0..<image.height {
            for x in 0..<image.width { stored[y, image.width - 1 - x] = image[x, y] }
        }
        #expect(Orientation.right.apply(to: stored) == image)
        // When both are analysed, the turned one with its orientation
        let upright = try PixelAnalyzer().analyze(
            image.pixels, layout: PixelLayout(width: image.width, height: image.height))
        let turned = try PixelAnalyzer().analyze(
            stored.pixels, layout: PixelLayout(width: stored.width, height: stored.height, orientation: .right))
        // Then the sizes are those shown and the colours the same to a level (along a reversed
        // axis the box filter's edges fall a pixel apart, so shares and levels may move slightly)
        #expect(turned.width == upright.width && turned.height == upright.height)
        #expect(turned.orientation == .right)
        let turnedRoles = [turned.background, turned.primary, turned.secondary, turned.detail]
        let uprightRoles = [upright.background, upright.primary, upright.secondary, upright.detail]
        for (a, b) in zip(turnedRoles, uprightRoles) { #expect(ColorDistance.deltaE(a, b) < 0.01, "\(a) vs \(b)") }
        #expect(turned.title.text == upright.title.text)
    }

    @Test("rows pushed in strips of any size give the whole buffer's answer", arguments: [1, 7, 64, 1000])
    func strips(rowsPerStrip: Int) throws {
        // Given a sample
        let image = try Self.sample()
        let layout = PixelLayout(width: image.width, height: image.height)
        let whole = try PixelAnalyzer().analyze(image.pixels, layout: layout)
        // When its rows are pushed `rowsPerStrip` at a time
        var stream = try PixelAnalyzer().stream(layout)
        var y = 0
        while y < image.height {
            let count = min(rowsPerStrip, image.height - y)
            try image.pixels[(y * image.width * 4)...].withUnsafeBytes { try stream.append(rows: $0, count: count) }
            y += count
        }
        #expect(stream.rowsReceived == image.height)
        // Then the answer is the whole buffer's
        let pushed = try stream.finish()
        #expect(pushed == whole)
    }

    @Test("a stream finished early or given too many rows fails, naming the counts")
    func streamMisuse() throws {
        // Given a stream of a 4×3 image
        let row = [UInt8](repeating: 200, count: 16)
        var short = try PixelAnalyzer().stream(PixelLayout(width: 4, height: 3))
        try row.withUnsafeBytes { try short.append(row: $0) }
        // When it is finished after one row, then it fails with the counts
        // (a consuming call cannot sit in a closure, #expect's included)
        var early: PixelBufferError?
        do { _ = try short.finish() } catch let error as PixelBufferError { early = error }
        #expect(early == .missingRows(received: 1, height: 3))
        // When a fourth row is appended to a full one, then that fails
        var full = try PixelAnalyzer().stream(PixelLayout(width: 4, height: 3))
        for _ in 0..<3 { try row.withUnsafeBytes { try full.append(row: $0) } }
        #expect(throws: PixelBufferError.tooManyRows(height: 3)) {
            try row.withUnsafeBytes { try full.append(row: $0) }
        }
        let finished = try full.finish()
        #expect(finished.background == RGBColor(red: 200, green: 200, blue: 200))
        // When a row is shorter than the width, then that fails
        var narrow = try PixelAnalyzer().stream(PixelLayout(width: 5, height: 1))
        #expect(throws: PixelBufferError.bufferTooShort(bytes: 16, needed: 20, width: 5, height: 1)) {
            try row.withUnsafeBytes { try narrow.append(row: $0) }
        }
    }

    @Test(
        "an unusable layout or a short buffer is refused with a message that names it",
        arguments: [
            (PixelLayout(width: 0, height: 5), 0, PixelBufferError.emptySize(width: 0, height: 5)),
            (PixelLayout(width: 4, height: 4, bytesPerRow: 15), 64, .rowTooShort(bytesPerRow: 15, width: 4)),
            (PixelLayout(width: 4, height: 4), 63, .bufferTooShort(bytes: 63, needed: 64, width: 4, height: 4)),
            // The last row needs only its pixels, not the whole stride.
            (
                PixelLayout(width: 4, height: 2, bytesPerRow: 32), 47,
                .bufferTooShort(bytes: 47, needed: 48, width: 4, height: 2)
            ),
            (
                PixelLayout(width: 70_000, height: 1), 280_000,
                .tooLarge(width: 70_000, height: 1, limit: "the 65500 px side limit")
            ),
        ])
    func refused(layout: PixelLayout, bytes: Int, expected: PixelBufferError) throws {
        // Given a layout and a buffer of `bytes`
        let buffer = [UInt8](repeating: 128, count: bytes)
        // When it is analysed, then it fails with that error, whose message names the numbers
        #expect(throws: expected) { _ = try PixelAnalyzer().analyze(buffer, layout: layout) }
        #expect(expected.description.hasPrefix("pixel buffer: "))
        #expect(
            expected.code
                == (expected == .tooLarge(width: 70_000, height: 1, limit: "the 65500 px side limit")
                    ? "image-too-large" : "invalid-pixel-buffer"))
    }

    @Test("the pixel-count limit of the options applies, and a big image that fits is downscaled in the budget")
    func limits() throws {
        // Given options allowing 1 MP, and a 2 MP layout
        var options = AnalysisOptions()
        options.limits.maxPixels = 1_000_000
        // When it is analysed, then it is refused before any row is read
        #expect(throws: PixelBufferError.tooLarge(width: 2000, height: 1000, limit: "the 1 MP limit")) {
            _ = try PixelAnalyzer(options: options).stream(PixelLayout(width: 2000, height: 1000))
        }
        // And with default limits, a 2000×1000 stream uses far less than its 8 MB of pixels
        var stream = try PixelAnalyzer().stream(PixelLayout(width: 2000, height: 1000))
        let row = [UInt8](repeating: 90, count: 8000)
        for _ in 0..<1000 { try row.withUnsafeBytes { try stream.append(row: $0) } }
        let result = try stream.finish()
        #expect(result.analyzed == ColorAnalysis.Size(width: 250, height: 125))
        #expect((result.memory?.accountedPeak ?? .max) < 2_000_000)
    }
}

/// Values at the ends of Int never trap: the layout reports an overflow, the analyzer refuses.
@Suite("Core: extreme layouts")
struct PixelLayoutExtremeTests {
    @Test("minimumByteCount answers for any size and stride, nil when it overflows")
    func minimumByteCount() {
        // Given layouts at the ends of Int, when their byte count is asked, then nothing traps
        #expect(PixelLayout(width: 1, height: Int.min).minimumByteCount == 0)
        #expect(PixelLayout(width: Int.max, height: 1).minimumByteCount == nil)
        #expect(PixelLayout(width: 4, height: Int.max, bytesPerRow: 16).minimumByteCount == nil)
        #expect(PixelLayout(width: 4, height: 3, bytesPerRow: -5).minimumByteCount == 16)
    }

    @Test("with the limits raised to Int.max, a side past what the downscaler indexes is refused")
    func largestSide() {
        // Given limits that allow anything
        var options = AnalysisOptions()
        options.limits.maxSide = .max
        options.limits.maxPixels = .max
        // When a stream of a 2⁴⁰-pixel-wide image is started, then it is refused, not trapped
        #expect(throws: PixelBufferError.tooLarge(width: 1 << 40, height: 1, limit: "the 268435456 px side limit")) {
            _ = try PixelAnalyzer(options: options).stream(PixelLayout(width: 1 << 40, height: 1))
        }
    }
}
