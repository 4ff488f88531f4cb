import Foundation

@testable import ImageColors
@testable import ImageColorsCore

/// The thumbnail path: any bytes analysed with a thumbnail asked for, which decodes, shrinks a
/// second copy (on the same pass or one of its own) and writes it through the shim's encoders
/// (`ic_encode.c`: JPEG or PNG to memory). Crashes (a finding) on an untyped error, a broken
/// analysis (``FuzzHarness``'s checks), a missing thumbnail, one larger than asked for, or
/// bytes the library cannot read back at the size they claim.
public enum ThumbnailHarness {
    /// The long sides tried: the smallest, smaller than the analysis, the default, larger.
    static let longSides = [1, 16, 320, 1200]

    /// Analyses `size` bytes at `bytes` with a thumbnail; the request comes from the length.
    /// - Returns: 0, as libFuzzer expects.
    public static func run(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
        let data = Data(bytes: bytes, count: size)
        var options = AnalysisOptions(limits: ImageLimits(decodeTimeout: FuzzHarness.decodeTimeout))
        options.quality = Quality.allCases[FuzzHarness.variant(size / 8, Quality.allCases.count)]
        if FuzzHarness.variant(size / 32, 3) == 0 { options.backdrop = RGBColor(red: 255, green: 255, blue: 255) }
        let request = ThumbnailRequest(
            longSide: longSides[FuzzHarness.variant(size / 2, longSides.count)],
            format: FuzzHarness.variant(size, 2) == 0 ? .jpeg : .png,
            jpegQuality: [1, 85, 100][FuzzHarness.variant(size / 96, 3)])
        let result = Result { try ImageColorAnalyzer(options: options).analyzeNow(.data(data), thumbnail: request) }
        switch result {
        case .failure(let error):
            FuzzHarness.check(.failure(error), options: options)
        case .success(let response):
            FuzzHarness.check(.success(response.analysis), options: options)
            guard let thumbnail = response.thumbnail else { fatalError("a thumbnail was asked for and none came back") }
            check(thumbnail, of: response.analysis, request: request)
            Reach.count("thumbnail \(request.format.rawValue)")
        }
        return 0
    }

    /// Crashes unless the thumbnail is no larger than asked for or than the image, and its
    /// bytes decode back to its own size.
    static func check(_ thumbnail: Thumbnail, of analysis: ColorAnalysis, request: ThumbnailRequest) {
        let longSide = max(thumbnail.width, thumbnail.height)
        guard thumbnail.width > 0, thumbnail.height > 0, longSide <= request.clampedLongSide,
            longSide <= max(analysis.width, analysis.height), thumbnail.format == request.format
        else {
            fatalError(
                "thumbnail \(thumbnail.width)×\(thumbnail.height) for \(request) "
                    + "of \(analysis.width)×\(analysis.height)"
            )
        }
        // What we write, we must read: the encoded bytes through the library's own decoders.
        do {
            let back = try ImageColorAnalyzer().analyzeNow(.data(thumbnail.data))
            guard back.width == thumbnail.width, back.height == thumbnail.height,
                back.format.rawValue == thumbnail.format.rawValue
            else {
                fatalError("thumbnail reads back as \(back.format) \(back.width)×\(back.height)")
            }
        } catch {
            fatalError("thumbnail \(thumbnail.format) \(thumbnail.width)×\(thumbnail.height) does not decode: \(error)")
        }
    }
}
