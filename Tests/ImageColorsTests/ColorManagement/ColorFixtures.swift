import Foundation

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// The colour-management fixtures (Tests/Fixtures/ColorManagement, made by its
/// make-fixtures.sh) and helpers to decode, compare and damage them.
enum ColorFixtures {
    static let folder = TestFiles.root.appendingPathComponent("Tests/Fixtures/ColorManagement")

    static func path(_ name: String) -> String {
        folder.appendingPathComponent(name).path
    }

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }

    /// Decodes at full size through a ``ColorManagedSink``.
    static func decode(_ source: ImageSource, colorManagement: Bool = true, ledger: MemoryLedger? = nil)
        throws -> (image: RGBAImage, outcome: ColorManagementOutcome)
    {
        var sink = ColorManagedSink(FullImageSink(), enabled: colorManagement, ledger: ledger)
        var options = DecodeOptions()
        options.ledger = ledger
        _ = try ImageDecoding.decode(try SourceProbe(source), options: options, into: &sink)
        sink.finishConversion()
        return (sink.inner.image, sink.outcome)
    }

    static func decode(_ name: String, colorManagement: Bool = true) throws -> (
        image: RGBAImage, outcome: ColorManagementOutcome
    ) {
        try decode(.file(path(name)), colorManagement: colorManagement)
    }

    /// The largest difference of any R, G or B value between two images of one size.
    static func maxChannelDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        precondition(a.width == b.width && a.height == b.height)
        var worst = 0
        for i in 0..<a.pixels.count where i % 4 != 3 {
            worst = max(worst, abs(Int(a.pixels[i]) - Int(b.pixels[i])))
        }
        return worst
    }

    /// The mean ΔE_OK between the pixels of two images of one size.
    static func meanDeltaE(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        precondition(a.width == b.width && a.height == b.height)
        var total = 0.0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            let x = RGBColor(red: a.pixels[i], green: a.pixels[i + 1], blue: a.pixels[i + 2])
            let y = RGBColor(red: b.pixels[i], green: b.pixels[i + 1], blue: b.pixels[i + 2])
            total += ColorDistance.deltaE(x, y)
        }
        return total / Double(a.width * a.height)
    }

    /// The largest ΔE_OK between the four roles of two analyses.
    static func worstRoleDeltaE(_ a: ColorAnalysis, _ b: ColorAnalysis) -> Double {
        zip([a.background, a.primary, a.secondary, a.detail], [b.background, b.primary, b.secondary, b.detail])
            .map { ColorDistance.deltaE($0, $1) }.max()!
    }
}

/// Takes JPEGs apart into segments and puts them back, to replace or damage their ICC profile.
enum JPEGSegments {
    /// The segments before the first SOS: (marker, body without the length).
    static func header(of data: Data) -> (segments: [(UInt8, [UInt8])], rest: [UInt8]) {
        let bytes = [UInt8](data)
        precondition(bytes[0] == 0xFF && bytes[1] == 0xD8)
        var segments: [(UInt8, [UInt8])] = []
        var at = 2
        while at + 4 <= bytes.count, bytes[at] == 0xFF, bytes[at + 1] != 0xDA {
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            segments.append((bytes[at + 1], Array(bytes[at + 4..<at + 2 + length])))
            at += 2 + length
        }
        return (segments, Array(bytes[at...]))
    }

    static func assemble(_ segments: [(UInt8, [UInt8])], rest: [UInt8]) -> Data {
        var out: [UInt8] = [0xFF, 0xD8]
        for (marker, body) in segments {
            out += [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        }
        return Data(out + rest)
    }

    /// The embedded ICC profile (chunks in order).
    static func profile(of data: Data) -> [UInt8] {
        header(of: data).segments.filter { $0.0 == 0xE2 && $0.1.starts(with: Array("ICC_PROFILE\0".utf8)) }
            .sorted { $0.1[12] < $1.1[12] }.flatMap { $0.1.dropFirst(14) }
    }

    /// `data` with its ICC chunks replaced by `profile` in chunks of at most `chunkSize` bytes
    /// (none when `nil`), placed where the first chunk was (or after SOI).
    static func replacingProfile(in data: Data, with profile: [UInt8]?, chunkSize: Int = 65_519) -> Data {
        let (segments, rest) = header(of: data)
        let isICC = { (segment: (UInt8, [UInt8])) in
            segment.0 == 0xE2 && segment.1.starts(with: Array("ICC_PROFILE\0".utf8))
        }
        let at = segments.firstIndex(where: isICC) ?? 0
        var kept = segments.filter { !isICC($0) }
        if let profile {
            let chunks = stride(from: 0, to: max(profile.count, 1), by: chunkSize).map {
                Array(profile[$0..<min(profile.count, $0 + chunkSize)])
            }
            let bodies = chunks.enumerated().map {
                (0xE2 as UInt8, Array("ICC_PROFILE\0".utf8) + [UInt8($0.offset + 1), UInt8(chunks.count)] + $0.element)
            }
            kept.insert(contentsOf: bodies, at: min(at, kept.count))
        }
        return assemble(kept, rest: rest)
    }
}

/// Builds PNG chunks, to give PngSuite files an iCCP, sRGB or gAMA chunk.
enum PNGChunks {
    static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { crcTable[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return bigEndian(UInt32(body.count)) + typed + bigEndian(crc(typed))
    }

    /// A zlib stream of stored (uncompressed) deflate blocks: valid, and needs no zlib here.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var at = 0
        repeat {
            let count = min(65_535, data.count - at)
            let final: UInt8 = at + count == data.count ? 1 : 0
            out += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[at..<at + count]
            at += count
        } while at < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }

    static func iCCP(_ profile: [UInt8], name: String = "test") -> [UInt8] {
        chunk("iCCP", Array(name.utf8) + [0, 0] + zlibStored(profile))
    }

    static func gAMA(_ gamma: Double) -> [UInt8] {
        chunk("gAMA", bigEndian(UInt32((gamma * 100_000).rounded())))
    }

    static let sRGB = chunk("sRGB", [0])

    /// `png` with its ancillary colour chunks (iCCP, sRGB, gAMA, cHRM) removed and `chunks`
    /// inserted right after IHDR.
    static func replacingColorChunks(in png: Data, with chunks: [[UInt8]]) -> Data {
        let bytes = [UInt8](png)
        var out = Array(bytes[0..<8])
        var at = 8
        while at + 8 <= bytes.count {
            let length = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
            let whole = Array(bytes[at..<at + 12 + length])
            if !["iCCP", "sRGB", "gAMA", "cHRM"].contains(type) { out += whole }
            if type == "IHDR" { for chunk in chunks { out += chunk } }
            at += 12 + length
        }
        return Data(out)
    }
}
