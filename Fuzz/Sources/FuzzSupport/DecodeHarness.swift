import Foundation

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// Decoding alone, below the analyzer, with settings the analyzer never picks for small inputs:
/// what the DC target drives. `ImageDecoding.decode` into the pipeline's own sinks — a
/// ``ColorManagedSink`` (colour management on) in front of a ``Downscaler`` — under a memory
/// ledger, then the promises checked:
///
/// - success or an ``ImageColorsError``, never another error (or a crash: ASan's job);
/// - sizes that fit the header and the scale: 1/8 exactly when the DC reader decoded;
/// - the ledger balanced once the decoder returns: everything the decoder and colour management
///   reserved is released, success or failure (only the downscaler still holds its buffers);
/// - when the DC reader succeeded, libjpeg at 1/8 decodes the same file to the same size or
///   fails — never a different size (a differential check of the header parsing).
public enum DecodeHarness {
    /// One execution's settings.
    public struct Setting {
        /// ``DecodeOptions/minimumLongSide``: 1 makes every Huffman-coded JPEG the DC reader
        /// takes (progressive or sequential) go to it, whatever its size.
        public var minimumLongSide: Int?
        public var strict: Bool
        public var budget: MemoryBudget
        /// Through a temporary file (the DC reader's refilled window) instead of memory.
        public var fromFile: Bool
        public var compareWithLibjpeg: Bool
        /// Which frames of an animated GIF or WebP to decode.
        public var frames: FramePolicy

        public init(
            minimumLongSide: Int?, strict: Bool, budget: MemoryBudget, fromFile: Bool, compareWithLibjpeg: Bool,
            frames: FramePolicy = .first
        ) {
            self.minimumLongSide = minimumLongSide
            self.strict = strict
            self.budget = budget
            self.fromFile = fromFile
            self.compareWithLibjpeg = compareWithLibjpeg
            self.frames = frames
        }
    }

    /// The temporary file of file-source executions: one per process, rewritten each time.
    static let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("imagecolors-fuzz-\(getpid()).jpg").path

    /// Decodes `size` bytes at `bytes` (their first bytes replaced by `signature`) with `setting`.
    public static func run(_ bytes: UnsafePointer<UInt8>, _ size: Int, setting: Setting, signature: [UInt8]) -> CInt {
        var data = Data(bytes: bytes, count: size)
        if data.count >= signature.count { data.replaceSubrange(0..<signature.count, with: signature) }
        return run(data, setting: setting)
    }

    /// Decodes `data` with `setting`.
    public static func run(_ data: Data, setting: Setting) -> CInt {
        let source: ImageSource
        if setting.fromFile {
            guard FileManager.default.createFile(atPath: path, contents: data) else {
                fatalError("cannot write \(path)")
            }
            source = .file(path)
        } else {
            source = .data(data)
        }
        defer { if setting.fromFile { unlink(path) } }
        guard let info = decode(source, setting: setting, libjpegOnly: false) else { return 0 }
        if info.decoder == .progressiveDC || info.decoder == .sequentialDC {
            guard info.decodedWidth == (info.width + 7) / 8, info.decodedHeight == (info.height + 7) / 8 else {
                fatalError(
                    """
                    DC reader decoded \(info.width)×\(info.height) to \(info.decodedWidth)×\(info.decodedHeight), not \
                    1/8
                    """
                )
            }
        }
        // A HEIF thumbnail stands for its image: never larger, never of another shape's size.
        if info.decoder == .heifThumbnail {
            guard info.decodedWidth <= info.width, info.decodedHeight <= info.height else {
                fatalError("HEIF thumbnail \(info.decodedWidth)×\(info.decodedHeight) of \(info.width)×\(info.height)")
            }
        }
        if info.decoder == .progressiveDC || info.decoder == .sequentialDC {
            // At a minimum of 1 libjpeg decodes at 1/8 too (with a larger minimum, the DC reader
            // also takes files whose libjpeg buffer would not fit: libjpeg would scale differently).
            if setting.compareWithLibjpeg, setting.minimumLongSide == 1,
                let other = decode(source, setting: setting, libjpegOnly: true)
            {
                guard other.width == info.width, other.height == info.height,
                    other.decodedWidth == info.decodedWidth, other.decodedHeight == info.decodedHeight
                else {
                    fatalError("DC reader: \(info), libjpeg: \(other)")
                }
                Reach.count("libjpeg agrees with the DC reader on the size")
            }
        }
        return 0
    }

    /// Decodes once; `nil` after a (typed) error.
    static func decode(_ source: ImageSource, setting: Setting, libjpegOnly: Bool) -> DecodedImageInfo? {
        let ledger = MemoryLedger(budget: setting.budget)
        var options = DecodeOptions()
        options.minimumLongSide = setting.minimumLongSide
        options.warningsAreErrors = setting.strict
        options.limits = ImageLimits(decodeTimeout: FuzzHarness.decodeTimeout)
        options.ledger = ledger
        options.frames = setting.frames
        var sink = ColorManagedSink(Downscaler(targetLongSide: 64, ledger: ledger), enabled: true, ledger: ledger)
        let result = Result {
            let probe = try SourceProbe(source)
            if libjpegOnly { return try JPEGDecoder.decodeWithLibjpeg(source, options: options, into: &sink) }
            return try ImageDecoding.decode(probe, options: options, into: &sink)
        }
        sink.finishConversion()
        // The decoder and colour management have returned every byte; the downscaler keeps its own.
        guard ledger.reserved == sink.inner.reservedBytes else {
            fatalError(
                """
                ledger holds \(ledger.reserved) bytes after decoding, the downscaler \(sink.inner.reservedBytes) \
                (\(result))
                """
            )
        }
        guard ledger.peak <= setting.budget.bytes else {
            fatalError("peak \(ledger.peak) over \(setting.budget.bytes)")
        }
        switch result {
        case .failure(let error):
            FuzzHarness.checkTyped(error)
            if !libjpegOnly { Reach.count(error: error) }
            return nil
        case .success(let info):
            let image = sink.inner.finish()
            guard info.width > 0, info.height > 0, info.decodedWidth > 0, info.decodedHeight > 0,
                info.decodedWidth <= info.width, info.decodedHeight <= info.height,
                image.width > 0, image.height > 0, image.width <= info.decodedWidth, image.height <= info.decodedHeight,
                image.pixels.count == image.width * image.height * 4
            else {
                fatalError("impossible sizes: \(info), downscaled \(image.width)×\(image.height)")
            }
            if !libjpegOnly {
                Reach.count("decoder \(info.decoder.rawValue) \(info.format.rawValue)")
                if let frames = info.frames {
                    Reach.count("animation, \(frames.counted == 1 ? "first frame" : "every frame") counted")
                }
                Reach.count(profile: sink.outcome.profile, note: sink.outcome.note)
            }
            return info
        }
    }
}
