import Foundation
@_spi(Benchmarks) import ImageColors

/// The images the benchmarks and tools measure: the repository's samples, large files made once
/// with libvips (nothing big is committed), synthetic images made in code, and the small images
/// the pipeline itself hands to quantization.
public enum BenchmarkImages {
    /// The repository: this file is `Benchmarks/Sources/BenchmarkImages/BenchmarkImages.swift`.
    public static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Where generated files go: `$IMAGECOLORS_BENCH_IMAGES`, or `Benchmarks/.build-images`
    /// (ignored by git, like every `.build-*` folder).
    public static var workDirectory: URL {
        if let path = ProcessInfo.processInfo.environment["IMAGECOLORS_BENCH_IMAGES"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return repository.appendingPathComponent("Benchmarks/.build-images")
    }

    /// `Samples/*.jpg` and `Samples/*.png`, by name.
    public static var samples: [String] {
        let folder = repository.appendingPathComponent("Samples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".png") }.sorted()
            .map { folder.appendingPathComponent($0).path }
    }

    /// The photo every large file is made from: `Samples/rocket.jpg`, 640×427.
    public static var photo: String { repository.appendingPathComponent("Samples/rocket.jpg").path }
    static let photoPixels = 640.0 * 427.0

    /// A large file of the sample photo scaled up (libvips' Lanczos) to about `megapixels`:
    /// a JPEG at quality 85 (4:2:0, as cameras and the web save them) — baseline, or
    /// progressive when `progressive` is set — a PNG at libvips' default compression, a WebP
    /// through libwebp at quality 75 (cwebp's default), or lossless when `lossless` is set, or
    /// a GIF (256 colours, dithered), a HEIC through heif-enc at quality 70 with a 320 px thumbnail
    /// (as phones write one), or an AVIF through avifenc (speed 8, quantizer 20–30). Made once in
    /// ``workDirectory`` and reused.
    /// - Throws: when `vips` (Debian: libvips-tools), `heif-enc` (libheif-examples) or `avifenc`
    ///   (libavif-bin) is missing or fails.
    public static func file(
        _ format: ImageFormat, megapixels: Double, progressive: Bool = false,
        lossless: Bool = false
    ) throws -> String {
        let kind = progressive && format == .jpeg ? "-progressive" : lossless && format == .webp ? "-lossless" : ""
        let suffix = format == .jpeg ? "jpg" : format.rawValue
        let name = "rocket-\(label(megapixels))mp\(kind).\(suffix)"
        let url = workDirectory.appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: url.path) { return url.path }
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        let scale = (megapixels * 1_000_000 / photoPixels).squareRoot()
        let partial = url.path + ".partial." + suffix
        let options =
            switch format {
            case .jpeg: kind.isEmpty ? "[Q=85,strip]" : "[Q=85,strip,interlace]"
            case .webp: lossless ? "[lossless,strip]" : "[Q=75,strip]"
            default: "[strip]"
            }
        if format == .heic || format == .avif {
            // libvips writes no HEIF thumbnail: the encoders' own tools, from a PNG.
            let png = url.path + ".partial.png"
            try run("vips", ["resize", photo, png, String(format: "%.6f", scale)])
            defer { try? FileManager.default.removeItem(atPath: png) }
            if format == .heic {
                try run("heif-enc", ["-q", "70", "-t", "320", png, "-o", partial])
            } else {
                try run("avifenc", ["--jobs", "2", "-s", "8", "--min", "20", "--max", "30", png, partial])
            }
        } else {
            try run("vips", ["resize", photo, partial + options, String(format: "%.6f", scale)])
        }
        try FileManager.default.moveItem(atPath: partial, toPath: url.path)
        return url.path
    }

    /// "0.25", "1", "24": a file-name friendly size.
    public static func label(_ megapixels: Double) -> String {
        megapixels == megapixels.rounded() ? String(Int(megapixels)) : String(megapixels)
    }

    /// Runs a tool from `PATH`, throwing its stderr when it fails.
    static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkImageError(
                message: "\(tool) \(arguments.joined(separator: " ")) failed: "
                    + (String(data: message, encoding: .utf8) ?? "") + " (libvips: apt-get install -y libvips-tools)")
        }
    }

    /// Decodes a file at full size into memory (for quantizing large images; the pipeline itself
    /// never holds a full-size image).
    ///
    /// The pixels are cached beside a generated file (`NAME.WxH.rgba`), so that a later run, under
    /// valgrind for instance, reads them instead of decoding again.
    public static func decodedFully(_ path: String) throws -> RGBAImage {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        let name = URL(fileURLWithPath: path).lastPathComponent
        let cacheable = folder.standardizedFileURL.path == workDirectory.standardizedFileURL.path
        if cacheable,
            let cached = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
                .first(where: { $0.hasPrefix(name + ".") && $0.hasSuffix(".rgba") })
        {
            let size = cached.dropFirst(name.count + 1).dropLast(5).split(separator: "x").compactMap { Int($0) }
            if size.count == 2,
                let data = FileManager.default.contents(atPath: folder.appendingPathComponent(cached).path),
                data.count == size[0] * size[1] * 4
            {
                return RGBAImage(width: size[0], height: size[1], pixels: [UInt8](data))
            }
        }
        var sink = CollectingSink()
        try BenchmarkHooks.decode(fileAt: path, minimumLongSide: nil, into: &sink)
        let image = sink.image
        if cacheable {
            let cache = folder.appendingPathComponent("\(name).\(image.width)x\(image.height).rgba")
            try Data(image.pixels).write(to: cache)
        }
        return image
    }

    /// What the pipeline hands to quantization for a file at a quality's long side: decoded with
    /// the analyzer's DCT-scaling rule and box-filtered (EXIF orientation aside, which only
    /// moves pixels).
    public static func downscaled(_ path: String, longSide: Int) throws -> RGBAImage {
        var downscaler = BenchmarkHooks.Downscaler(targetLongSide: longSide)
        try BenchmarkHooks.decode(fileAt: path, minimumLongSide: longSide * 2, into: &downscaler)
        return downscaler.finish()
    }

    /// Uniform random opaque colours: the worst case for the histogram's count (every pixel a
    /// new bin, nothing in common with its neighbour), and a count without colour structure for
    /// the quantizer. Deterministic for a seed.
    /// - Parameter redGreenLevels: How many of the lowest levels red and green take, 1…256;
    ///   default 256. 84 confines the noise to about a sixth of the colour cube, an effective
    ///   470 of the histogram's 4,096 bins: just under what the quantizer takes as structureless
    ///   (512), so all of it is clustered.
    public static func noise(width: Int, height: Int, seed: UInt64 = 0x1234_5678, redGreenLevels: Int = 256)
        -> RGBAImage
    {
        var state = seed
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        let levels = UInt64(min(max(redGreenLevels, 1), 256))
        for i in 0..<(width * height) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let bits = state >> 33
            pixels[i * 4] = UInt8(truncatingIfNeeded: (bits & 0xff) % levels)
            pixels[i * 4 + 1] = UInt8(truncatingIfNeeded: ((bits >> 8) & 0xff) % levels)
            pixels[i * 4 + 2] = UInt8(truncatingIfNeeded: bits >> 16)
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}

/// A failure to make a benchmark image.
public struct BenchmarkImageError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// A sink that only touches what it is given: decode cost alone. `checksum` keeps the work
/// observable; `width` and `height` are the decoded size (after any DCT scaling).
@_spi(Benchmarks) public struct NullSink: BenchmarkHooks.RowSink {
    public private(set) var width = 0
    public private(set) var height = 0
    public private(set) var checksum: UInt64 = 0

    public init() {}

    public mutating func begin(width: Int, height: Int, rowsInOrder: Bool) throws {
        self.width = width
        self.height = height
    }

    public mutating func consume(row: UnsafePointer<UInt8>, y: Int, x0: Int, dx: Int, count: Int) {
        // One byte per row: reading every pixel would add a pass the pipeline does not make.
        checksum &+= UInt64(row[0]) &+ UInt64(count)
    }
}

/// A sink that keeps the whole image.
@_spi(Benchmarks) public struct CollectingSink: BenchmarkHooks.RowSink {
    var width = 0
    var height = 0
    var pixels: [UInt8] = []

    public init() {}

    public var image: RGBAImage { RGBAImage(width: width, height: height, pixels: pixels) }

    public mutating func begin(width: Int, height: Int, rowsInOrder: Bool) throws {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    public mutating func consume(row: UnsafePointer<UInt8>, y: Int, x0: Int, dx: Int, count: Int) {
        pixels.withUnsafeMutableBytes { buffer in
            for i in 0..<count {
                let x = x0 + i * dx
                guard x < width else { break }
                (buffer.baseAddress! + (y * width + x) * 4).copyMemory(from: row + i * 4, byteCount: 4)
            }
        }
    }
}
