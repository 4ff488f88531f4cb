import CLCMS
import Foundation

/// An RGB matrix-shaper profile (three tone curves and three colorants, no lookup tables, as
/// Adobe RGB, Display P3 and camera profiles are) converted to sRGB directly: each channel
/// through its curve to linear light, a 3×3 matrix to linear sRGB, the sRGB curve back.
///
/// LittleCMS 2.14 takes its general 8-bit path for these profiles (a prelinearised 3-D table
/// with tetrahedral interpolation and generic RGBA packing: about 255 instructions a pixel,
/// half of an analysis of a tagged photo, and building the transform samples its curves with
/// `pow`). This is the same relative colorimetric conversion in about 90 instructions a pixel,
/// with no transform to build; black point compensation changes nothing here (a matrix-shaper
/// profile's black is zero). `MatrixShaperConversionTests` holds it within one level of
/// LittleCMS over the RGB cube.
final class MatrixShaperConversion {
    /// Steps of linear light in the encoding table: fine enough that the steep sRGB curve near
    /// black moves less than a quarter level per step.
    private static let encodeSteps = 16384
    /// The tables' layout in ``storage``: 3 × 256 curve values, the 3×3 matrix (both `Float`),
    /// then the sRGB encoding of each step of linear light.
    private static let matrixOffset = 3 * 256 * 4
    private static let encodeOffset = matrixOffset + 9 * 4
    /// Bytes the tables take (about 19 kB).
    static let bytes = encodeOffset + encodeSteps + 1

    /// The tables, allocated through the profile's LittleCMS context, so they count against
    /// the memory budget as LittleCMS's own transform would.
    private let storage: UnsafeMutableRawPointer
    /// Frees ``storage``.
    private let context: LCMSContext

    /// Reads `profile`'s curves and colorants, or `nil` when it is not a plain RGB
    /// matrix-shaper (then LittleCMS converts it).
    /// - Parameters:
    ///   - profile: The embedded profile.
    ///   - sRGB: LittleCMS's sRGB profile, for its colorants (the same D50 adaptation as the
    ///     embedded profile's).
    ///   - context: The profiles' context, which allocates the tables.
    /// - Throws: ``MemoryBudgetError`` when the budget refuses the tables.
    init?(profile: cmsHPROFILE, sRGB: cmsHPROFILE, context: LCMSContext) throws {
        guard cmsGetColorSpace(profile) == cmsSigRgbData, cmsIsMatrixShaper(profile) != 0,
            cmsIsCLUT(profile, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), cmsUInt32Number(LCMS_USED_AS_INPUT)) == 0,
            let source = Self.colorants(of: profile), let target = Self.colorants(of: sRGB),
            let inverse = Self.inverse(target)
        else { return nil }
        var curves: [Float] = []
        curves.reserveCapacity(3 * 256)
        for tag in [cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag] {
            guard let raw = cmsReadTag(profile, tag) else { return nil }
            let curve = OpaquePointer(raw) // cmsToneCurve is opaque to Swift
            for level in 0..<256 { curves.append(cmsEvalToneCurveFloat(curve, Float(level) / 255)) }
        }
        context.clearErrors()
        guard let storage = _cmsMalloc(context.handle, cmsUInt32Number(Self.bytes)) else {
            throw context.budgetError(for: "the colour conversion tables")
                ?? MemoryBudgetError.overBudget(
                    purpose: "the colour conversion tables", needed: Self.bytes, available: 0, budget: 0)
        }
        self.storage = storage
        self.context = context
        storage.bindMemory(to: Float.self, capacity: 3 * 256).initialize(from: curves, count: 3 * 256)
        // Relative colorimetric between two D50-adapted matrix profiles: sRGB⁻¹ × profile.
        let matrix = (storage + Self.matrixOffset).bindMemory(to: Float.self, capacity: 9)
        for row in 0..<3 {
            for column in 0..<3 {
                (matrix + row * 3 + column).initialize(
                    to: Float((0..<3).reduce(0.0) { $0 + inverse[row * 3 + $1] * source[$1 * 3 + column] }))
            }
        }
        let encode = (storage + Self.encodeOffset).bindMemory(to: UInt8.self, capacity: Self.encodeSteps + 1)
        for step in 0...Self.encodeSteps {
            let linear = Double(step) / Double(Self.encodeSteps)
            let encoded = linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055
            (encode + step).initialize(to: UInt8((min(1, max(0, encoded)) * 255).rounded()))
        }
    }

    deinit {
        _cmsFree(context.handle, storage)
    }

    /// Converts `count` RGBA pixels; alpha is carried over.
    func convert(_ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>, count: Int) {
        let red = storage.assumingMemoryBound(to: Float.self)
        let green = red + 256
        let blue = red + 512
        let m = (storage + Self.matrixOffset).assumingMemoryBound(to: Float.self)
        let encode = (storage + Self.encodeOffset).assumingMemoryBound(to: UInt8.self)
        let scale = Float(Self.encodeSteps)
        @inline(__always) func encoded(_ linear: Float) -> UInt8 {
            encode[Int(min(scale, max(0, linear * scale)) + 0.5)]
        }
        for i in 0..<count {
            let p = i &* 4
            let r = red[Int(source[p])]
            let g = green[Int(source[p + 1])]
            let b = blue[Int(source[p + 2])]
            destination[p] = encoded(m[0] * r + m[1] * g + m[2] * b)
            destination[p + 1] = encoded(m[3] * r + m[4] * g + m[5] * b)
            destination[p + 2] = encoded(m[6] * r + m[7] * g + m[8] * b)
            destination[p + 3] = source[p + 3]
        }
    }

    /// The colorants as a matrix whose columns are R, G and B in XYZ, row-major.
    private static func colorants(of profile: cmsHPROFILE) -> [Double]? {
        var columns: [cmsCIEXYZ] = []
        for tag in [cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag] {
            guard let raw = cmsReadTag(profile, tag) else { return nil }
            columns.append(raw.assumingMemoryBound(to: cmsCIEXYZ.self).pointee)
        }
        return [
            columns[0].X, columns[1].X, columns[2].X,
            columns[0].Y, columns[1].Y, columns[2].Y,
            columns[0].Z, columns[1].Z, columns[2].Z,
        ]
    }

    /// The inverse of a 3×3 row-major matrix, or `nil` when it is singular.
    private static func inverse(_ a: [Double]) -> [Double]? {
        let c00 = a[4] * a[8] - a[5] * a[7]
        let c01 = a[5] * a[6] - a[3] * a[8]
        let c02 = a[3] * a[7] - a[4] * a[6]
        let determinant = a[0] * c00 + a[1] * c01 + a[2] * c02
        guard abs(determinant) > 1e-12 else { return nil }
        let cofactors = [
            c00, a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
            c01, a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
            c02, a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3],
        ]
        return cofactors.map { $0 / determinant }
    }
}
