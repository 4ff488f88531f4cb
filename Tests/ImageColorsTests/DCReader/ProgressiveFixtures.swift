import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// Progressive JPEGs made in the tests with libjpeg-turbo's tools, and djpeg's 1/8-scale decodes
/// of them: the oracle of the DC reader.
enum ProgressiveFixtures {
    /// A decoded PNM (P5 grey or P6 RGB, maxval 255).
    struct PNM {
        var width: Int
        var height: Int
        /// 1 (P5) or 3 (P6).
        var channels: Int
        var samples: [UInt8]
    }

    /// A libjpeg-turbo tool, or an error saying what to install.
    static func tool(_ name: String) throws -> URL {
        guard let path = JPEGTools.path(name) else {
            throw ImageDecodingError.unreadable(.jpeg, detail: "\(name) (Debian package libjpeg-turbo-progs) is needed")
        }
        return URL(fileURLWithPath: path)
    }

    /// A fresh path in the temporary folder.
    static func temporaryPath(_ suffix: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-dc-\(UUID())\(suffix)").path
    }

    /// Runs `tool` with `arguments` followed by `-outfile OUT input`, and returns OUT.
    static func run(_ name: String, _ arguments: [String], input: String) throws -> String {
        let output = temporaryPath(".jpg")
        let result = try runProcess(try tool(name), arguments + ["-outfile", output, input])
        guard result.status == 0 else {
            throw ImageDecodingError.unreadable(.jpeg, detail: "\(name) \(arguments) failed: \(result.stderr)")
        }
        return output
    }

    /// Writes `text` (a scan script, a quantization table file) to a temporary file.
    static func textFile(_ text: String) throws -> String {
        let path = temporaryPath(".txt")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// `djpeg -dct int -nosmooth -scale 1/8` of `path`, as PPM (or PGM with `-grayscale`).
    static func djpegEighth(_ path: String, grayscale: Bool = false) throws -> PNM {
        let result = try runProcess(
            try tool("djpeg"),
            ["-dct", "int", "-nosmooth", "-scale", "1/8"] + (grayscale ? ["-grayscale"] : []) + ["-pnm", path])
        guard result.status == 0 else {
            throw ImageDecodingError.corrupt(.jpeg, detail: "djpeg failed: \(result.stderr)")
        }
        return try parsePNM(result.stdoutData)
    }

    /// Parses a binary PGM (P5) or PPM (P6) with maxval 255.
    static func parsePNM(_ data: Data) throws -> PNM {
        let bytes = [UInt8](data)
        guard bytes.count > 2, bytes[0] == UInt8(ascii: "P"),
            bytes[1] == UInt8(ascii: "5") || bytes[1] == UInt8(ascii: "6")
        else {
            throw ImageDecodingError.corrupt(.jpeg, detail: "not a binary PNM")
        }
        var fields: [Int] = []
        var index = 2
        var current = ""
        while fields.count < 3, index < bytes.count {
            let c = Character(UnicodeScalar(bytes[index]))
            if c.isWhitespace {
                if !current.isEmpty {
                    fields.append(Int(current)!)
                    current = ""
                }
            } else {
                current.append(c)
            }
            index += 1
        }
        guard fields.count == 3, fields[2] == 255 else {
            throw ImageDecodingError.corrupt(.jpeg, detail: "PNM maxval is not 255")
        }
        return PNM(
            width: fields[0], height: fields[1], channels: bytes[1] == UInt8(ascii: "5") ? 1 : 3,
            samples: Array(bytes[index...]))
    }

    /// Writes a binary PPM of `width × height`, row by row from `pixel(x, y)`.
    static func writePPM(width: Int, height: Int, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8)) throws -> String {
        let path = temporaryPath(".ppm")
        try Data("P6\n\(width) \(height)\n255\n".utf8).write(to: URL(fileURLWithPath: path))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        var row = [UInt8](repeating: 0, count: width * 3)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = pixel(x, y)
                row[x * 3] = r
                row[x * 3 + 1] = g
                row[x * 3 + 2] = b
            }
            try handle.write(contentsOf: row)
        }
        return path
    }

    /// A 301×203 picture with saturated patches, a grey ramp and a colour gradient: odd sizes
    /// (partial MCUs on both edges) and colours that push the conversion to its clamps.
    static let syntheticPPM: String = {
        try! writePPM(width: 301, height: 203) { x, y in
            switch (x / 60, y / 70) {
            case (0, 0): return (255, 0, 0)
            case (1, 0): return (0, 255, 0)
            case (2, 0): return (0, 0, 255)
            case (3, 0): return (255, 255, 0)
            case (4, 0): return (255, 0, 255)
            case (_, 1): return (UInt8(x * 255 / 300), UInt8(x * 255 / 300), UInt8(x * 255 / 300))
            default: return (UInt8((x * 7 + y * 3) % 256), UInt8((y * 5) % 256), UInt8((x * y) % 256))
            }
        }
    }()

    /// libjpeg-turbo's own test picture (227×149), as PPM.
    static var testorigPPM: String { TestFiles.corpus("jpeg/testorig.ppm") }

    /// The DC reader's 1/8 decode of `path` (a minimum long side of 1 selects 1/8 for any size).
    static func decodeEighth(_ path: String, strict: Bool = true) throws -> (RGBAImage, DecodedImageInfo) {
        try decodeFully(path, minimumLongSide: 1, strict: strict)
    }

    /// libjpeg's decode of `path` at 1/8 through the shim, bypassing the DC reader.
    static func libjpegEighth(_ path: String, strict: Bool = true) throws -> RGBAImage {
        var sink = FullImageSink()
        var options = DecodeOptions()
        options.minimumLongSide = 1
        options.warningsAreErrors = strict
        _ = try JPEGDecoder.decodeWithLibjpeg(.file(path), options: options, into: &sink)
        return sink.image
    }

    /// Checks that the DC reader decodes `path` at 1/8 (as `decoder`) to exactly djpeg's pixels,
    /// every alpha opaque.
    static func expectMatchesDjpeg(
        _ path: String, decoder: DecoderKind,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        // Given djpeg's 1/8 decode of the file
        let reference = try djpegEighth(path)
        // When the DC reader decodes it at 1/8
        let (image, info) = try decodeEighth(path)
        // Then it was the DC reader, and every channel of every pixel agrees
        #expect(info.decoder == decoder, sourceLocation: sourceLocation)
        #expect(
            info.decodedWidth == reference.width && info.decodedHeight == reference.height,
            sourceLocation: sourceLocation)
        let (largest, differing) = compare(image, reference)
        #expect(differing == 0, "largest difference \(largest)", sourceLocation: sourceLocation)
        #expect(
            image.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 },
            sourceLocation: sourceLocation)
    }

    /// Checks that the DC reader and libjpeg both refuse the damaged file at `path` with the
    /// same error (libjpeg's words).
    static func expectSameErrorAsLibjpeg(
        _ path: String, _ name: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let ours = #expect(throws: ImageDecodingError.self, "\(name)", sourceLocation: sourceLocation) {
            _ = try decodeEighth(path)
        }
        let theirs = #expect(throws: ImageDecodingError.self, "\(name)", sourceLocation: sourceLocation) {
            _ = try libjpegEighth(path)
        }
        #expect(ours == theirs, "\(name)", sourceLocation: sourceLocation)
    }

    /// The largest difference of any channel between `image` and `reference`, and how many
    /// channel values differ at all; sizes must match (else `Int.max`).
    static func compare(_ image: RGBAImage, _ reference: PNM) -> (largest: Int, differing: Int) {
        guard image.width == reference.width, image.height == reference.height else { return (Int.max, Int.max) }
        var largest = 0
        var differing = 0
        for i in 0..<(image.width * image.height) {
            for c in 0..<3 {
                let expected = Int(reference.samples[i * reference.channels + (reference.channels == 1 ? 0 : c)])
                let difference = abs(Int(image.pixels[i * 4 + c]) - expected)
                if difference > 0 { differing += 1 }
                largest = max(largest, difference)
            }
        }
        return (largest, differing)
    }
}
