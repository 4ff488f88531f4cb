import CImageCodecs
import CLCMS
import Foundation

/// An RGB matrix-shaper profile (three tone curves and three colorants, no lookup tables, as
/// Adobe RGB, Display P3 and camera profiles are) converted to sRGB directly: each channel
/// through its curve to linear light, a 3×3 matrix to linear sRGB, the sRGB curve back (the
/// core's ``RGBMatrixTables``, which its Display P3 input uses too).
///
/// LittleCMS 2.14 takes its general 8-bit path for these profiles (a prelinearised 3-D table
/// with tetrahedral interpolation and generic RGBA packing: about 255 instructions a pixel,
/// half of an analysis of a tagged photo, and building the transform samples its curves with
/// `pow`). This is the same relative colorimetric conversion in about 90 instructions a pixel,
/// with no transform to build; black point compensation changes nothing here (a matrix-shaper
/// profile's black is zero). `MatrixShaperConversionTests` holds it within one level of
/// LittleCMS over the RGB cube.
final class MatrixShaperConversion {
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
    /// - Throws: `MemoryBudgetError` when the budget refuses the tables.
    init?(profile: cmsHPROFILE, sRGB: cmsHPROFILE, context: LCMSContext) throws {
        guard cmsGetColorSpace(profile) == cmsSigRgbData, cmsIsMatrixShaper(profile) != 0,
            cmsIsCLUT(profile, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), cmsUInt32Number(LCMS_USED_AS_INPUT)) == 0,
            let source = Self.colorants(of: profile), let target = Self.colorants(of: sRGB),
            let inverse = RGBMatrixTables.inverse(target)
        else { return nil }
        var curves: [Float] = []
        curves.reserveCapacity(3 * 256)
        for tag in [cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag] {
            guard let raw = cmsReadTag(profile, tag) else { return nil }
            let curve = OpaquePointer(raw) // cmsToneCurve is opaque to Swift
            for level in 0..<256 { curves.append(cmsEvalToneCurveFloat(curve, Float(level) / 255)) }
        }
        context.clearErrors()
        guard let storage = _cmsMalloc(context.handle, cmsUInt32Number(RGBMatrixTables.bytes)) else {
            throw context.budgetError(for: "the colour conversion tables")
                ?? MemoryBudgetError.overBudget(
                    purpose: "the colour conversion tables", needed: RGBMatrixTables.bytes, available: 0, budget: 0)
        }
        self.storage = storage
        self.context = context
        // Relative colorimetric between two D50-adapted matrix profiles: sRGB⁻¹ × profile.
        RGBMatrixTables.write(
            curves: curves, matrix: RGBMatrixTables.product(inverse, source), into: storage)
    }

    deinit {
        _cmsFree(context.handle, storage)
    }

    /// Converts `count` RGBA pixels; alpha is carried over. Eight at a time by the shim's AVX2
    /// kernel where the processor has it (`ic_rgb_matrix_convert`: the same bytes, a third less
    /// time on a smooth 12 MP photo and 60 % less on a grainy one; every pixel of a tagged image is
    /// converted at full size before the downscaler), the rest (and everything elsewhere) by the
    /// core's.
    func convert(_ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>, count: Int) {
        var done = 0
        if count >= 8 {
            let tables = UnsafeRawPointer(storage)
            done = ic_rgb_matrix_convert(
                tables.assumingMemoryBound(to: Float.self),
                (tables + RGBMatrixTables.matrixOffset).assumingMemoryBound(to: Float.self),
                (tables + RGBMatrixTables.encodeOffset).assumingMemoryBound(to: UInt8.self),
                UInt32(RGBMatrixTables.encodeSteps), source, destination, count)
        }
        guard done < count else { return }
        RGBMatrixTables.convert(tables: storage, source + 4 * done, into: destination + 4 * done, count: count - done)
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
}
