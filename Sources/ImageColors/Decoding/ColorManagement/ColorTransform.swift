import CLCMS
import Foundation

/// Converts rows of 4-byte pixels from an embedded profile's colour space to sRGB RGBA8 with
/// LittleCMS: relative colorimetric intent with black point compensation (what image editors
/// default to), 8 bits in and out.
///
/// RGB matrix-shaper profiles (Adobe RGB, Display P3, most cameras') go through
/// ``MatrixShaperConversion``: the same conversion as LittleCMS's, in a sixth of the work. Other
/// RGB profiles and CMYK go through LittleCMS's optimised 8-bit transform (a 3-D or 4-D table).
/// Grey goes through a 256-entry table computed once with the unoptimised pipeline: LittleCMS's
/// optimised grey curves are 10 levels off near black.
final class ColorTransform {
    /// How the incoming rows are laid out.
    enum Input: Equatable {
        /// RGBA8; alpha is carried over.
        case rgba
        /// RGBA8 with R = G = B (a grey image expanded by the decoder), for a grey profile.
        case grayInRGBA
        /// 4-byte CMYK as the JPEG stores it; `inverted`: 0 = full ink (Adobe). Alpha becomes 255.
        case cmyk(inverted: Bool)
    }

    /// The LittleCMS transform, for RGB and CMYK that ``matrixShaper`` does not take.
    private let handle: cmsHTRANSFORM?
    /// The direct conversion of a matrix-shaper RGB profile.
    private let matrixShaper: MatrixShaperConversion?
    /// For grey: R, G, B for each grey level.
    private let grayTable: [UInt8]
    let input: Input
    /// Keeps the profile's context (and its memory accounting) alive as long as the transform.
    let context: LCMSContext

    /// Builds the transform from `profile` to sRGB.
    /// - Throws: ``IgnoredProfile`` when lcms cannot build it (a broken table, say);
    ///   `MemoryBudgetError` when the budget refused its memory.
    /// - Parameter directMatrixShaper: Whether a matrix-shaper RGB profile may skip LittleCMS's
    ///   per-pixel path (tests turn it off to compare the two).
    init(from profile: ColorProfile, input: Input, directMatrixShaper: Bool = true) throws {
        let context = profile.context
        let sRGB = try ColorProfile(sRGBIn: context)
        // A matrix-shaper RGB profile needs no LittleCMS transform at all: building one would
        // cost as much as converting a small image (its curves are sampled with pow).
        matrixShaper =
            input == .rgba && directMatrixShaper
            ? try MatrixShaperConversion(profile: profile.handle, sRGB: sRGB.handle, context: context) : nil
        if matrixShaper != nil {
            handle = nil
            grayTable = []
            self.input = input
            self.context = context
            return
        }
        let inputFormat: Int
        var flags = UInt32(cmsFLAGS_BLACKPOINTCOMPENSATION)
        switch input {
        case .rgba:
            inputFormat = IC_LCMS_TYPE_RGBA_8
            flags |= UInt32(cmsFLAGS_COPY_ALPHA)
        case .grayInRGBA:
            inputFormat = IC_LCMS_TYPE_GRAY_8
        case .cmyk(let inverted):
            inputFormat = inverted ? IC_LCMS_TYPE_CMYK_8_REV : IC_LCMS_TYPE_CMYK_8
        }
        context.clearErrors()
        let grey = input == .grayInRGBA
        guard
            let created = cmsCreateTransformTHR(
                context.handle, profile.handle, cmsUInt32Number(inputFormat), sRGB.handle,
                cmsUInt32Number(grey ? IC_LCMS_TYPE_RGB_8 : IC_LCMS_TYPE_RGBA_8),
                cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC),
                grey ? flags | UInt32(cmsFLAGS_NOOPTIMIZE) : flags)
        else {
            if let error = context.budgetError(for: "the colour transform from \(profile.description)") { throw error }
            throw IgnoredProfile(reason: "LittleCMS cannot convert it to sRGB (\(context.message(or: "no transform")))")
        }
        if grey {
            let levels = (0...255).map { UInt8($0) }
            var table = [UInt8](repeating: 0, count: 256 * 3)
            cmsDoTransform(created, levels, &table, 256)
            cmsDeleteTransform(created)
            handle = nil
            grayTable = table
        } else {
            handle = created
            grayTable = []
        }
        self.input = input
        self.context = context
    }

    deinit {
        if let handle { cmsDeleteTransform(handle) }
    }

    /// Converts `count` pixels from `source` into `destination` (4 bytes each; not overlapping).
    func convert(_ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>, count: Int) {
        guard count > 0 else { return }
        if let matrixShaper {
            matrixShaper.convert(source, into: destination, count: count)
            return
        }
        guard let handle else {
            grayTable.withUnsafeBufferPointer { table in
                for i in 0..<count {
                    let level = Int(source[i * 4]) * 3
                    destination[i * 4] = table[level]
                    destination[i * 4 + 1] = table[level + 1]
                    destination[i * 4 + 2] = table[level + 2]
                    destination[i * 4 + 3] = source[i * 4 + 3]
                }
            }
            return
        }
        cmsDoTransform(handle, source, destination, cmsUInt32Number(count))
        switch input {
        case .rgba, .grayInRGBA: break // cmsFLAGS_COPY_ALPHA
        case .cmyk:
            for i in 0..<count { destination[i * 4 + 3] = 255 }
        }
    }

    /// Whether the transform moves no colour by more than `tolerance` levels of 8 bits: the
    /// profile is sRGB (or as good as), and converting would only add rounding. Checked on a
    /// 17-step grid of the RGB cube (every grey level for a grey profile); never for CMYK.
    func isNearIdentity(tolerance: Int = 2) -> Bool {
        var samples: [UInt8] = []
        switch input {
        case .cmyk: return false
        case .grayInRGBA:
            for v in 0...255 { samples += [UInt8(v), UInt8(v), UInt8(v), 255] }
        case .rgba:
            let steps = (0...16).map { UInt8(min(255, $0 * 16)) }
            for r in steps { for g in steps { for b in steps { samples += [r, g, b, 255] } } }
        }
        let count = samples.count / 4
        var converted = [UInt8](repeating: 0, count: samples.count)
        samples.withUnsafeBufferPointer { source in
            converted.withUnsafeMutableBufferPointer { destination in
                convert(source.baseAddress!, into: destination.baseAddress!, count: count)
            }
        }
        for i in 0..<samples.count where i % 4 != 3 {
            if abs(Int(samples[i]) - Int(converted[i])) > tolerance { return false }
        }
        return true
    }
}

/// A PNG's gAMA honoured without a profile: each 8-bit sample is decoded to linear light with
/// the file's gamma (`linear = sample^(1/gAMA)`) and re-encoded with the sRGB curve, through a
/// 256-entry table. sRGB primaries are assumed (cHRM is not read).
struct GammaCorrection {
    /// The file's gAMA value (0.45455 for 1/2.2).
    let gamma: Double
    /// Sample → sRGB sample.
    let table: [UInt8]

    /// Whether a gAMA value changes anything: libpng's rule, a gamma within 5% of sRGB's
    /// nominal 1/2.2 is not worth correcting (and most such files mean sRGB).
    static func isSignificant(_ gamma: Double) -> Bool {
        gamma > 0 && gamma.isFinite && abs(gamma * 2.2 - 1) > 0.05
    }

    init(gamma: Double) {
        self.gamma = gamma
        table = (0...255).map { value in
            let linear = pow(Double(value) / 255, 1 / gamma)
            let encoded = linear <= 0.0031308 ? linear * 12.92 : 1.055 * pow(linear, 1 / 2.4) - 0.055
            return UInt8(max(0, min(255, (encoded * 255).rounded())))
        }
    }

    /// "gamma 2.86": the exponent that decodes the samples to linear light (1/gAMA).
    var description: String {
        var text = String(format: "%.2f", 1 / gamma)
        while text.hasSuffix("0"), !text.hasSuffix(".0") { text.removeLast() }
        return "gamma " + text
    }

    /// Corrects `count` RGBA pixels from `source` into `destination`; alpha is kept.
    func convert(_ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>, count: Int) {
        table.withUnsafeBufferPointer { table in
            for i in 0..<count {
                let o = i * 4
                destination[o] = table[Int(source[o])]
                destination[o + 1] = table[Int(source[o + 1])]
                destination[o + 2] = table[Int(source[o + 2])]
                destination[o + 3] = source[o + 3]
            }
        }
    }
}
