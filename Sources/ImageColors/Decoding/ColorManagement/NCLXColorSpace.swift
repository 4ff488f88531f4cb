import CLCMS
import Foundation

/// A HEIF `nclx` colour box (ITU-T H.273 codes: primaries, transfer, matrix) as the pixels'
/// colour space, after libheif has applied the matrix (YCbCr to RGB).
///
/// The rule, simple and documented (DocC "Formats"):
/// - primaries BT.709 or unspecified, with the sRGB transfer or a camera transfer (BT.709,
///   BT.601, BT.2020 10/12-bit, unspecified): sRGB as it is — what browsers show;
/// - other primaries (Display P3, DCI-P3, BT.2020, BT.601, …) or transfers (gamma 2.2, 2.8,
///   linear): an ICC profile built from the codes by LittleCMS and applied like an embedded one;
/// - PQ and HLG (HDR): refused by ``HEIFDecoder`` before decoding (no tone mapping).
struct NCLXColorSpace: Equatable {
    var primaries: Int
    var transfer: Int

    /// H.273 transfer characteristics 16 (SMPTE ST 2084, PQ) and 18 (ARIB STD-B67, HLG).
    var isHDR: Bool { transfer == 16 || transfer == 18 }

    /// Human name of the HDR transfer.
    var hdrName: String { transfer == 16 ? "PQ (SMPTE ST 2084)" : "HLG (ARIB STD-B67)" }

    /// The transfer as a parametric curve: a plain gamma, or sRGB's curve (type 4 in LittleCMS:
    /// Y = ((a·X + b)^g for X ≥ d, c·X below).
    private var curve: (type: Int32, parameters: [Double]) {
        switch transfer {
        case 4: (1, [2.2])
        case 5: (1, [2.8])
        case 8: (1, [1.0])
        default: (4, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045])
        }
    }

    private var sRGBCurve: Bool { curve.type == 4 }

    /// CIE xy of red, green, blue and white for the primaries code, `nil` for BT.709/sRGB,
    /// unspecified and codes without a fixed set (XYZ, reserved).
    private var chromaticities: [Double]? {
        let d65 = [0.3127, 0.3290]
        let illuminantC = [0.310, 0.316]
        switch primaries {
        case 4: return [0.67, 0.33, 0.21, 0.71, 0.14, 0.08] + illuminantC
        case 5: return [0.64, 0.33, 0.29, 0.60, 0.15, 0.06] + d65
        case 6, 7: return [0.630, 0.340, 0.310, 0.595, 0.155, 0.070] + d65
        case 8: return [0.681, 0.319, 0.243, 0.692, 0.145, 0.049] + illuminantC
        case 9: return [0.708, 0.292, 0.170, 0.797, 0.131, 0.046] + d65
        case 11: return [0.680, 0.320, 0.265, 0.690, 0.150, 0.060] + [0.314, 0.351]
        case 12: return [0.680, 0.320, 0.265, 0.690, 0.150, 0.060] + d65
        case 22: return [0.630, 0.340, 0.295, 0.605, 0.155, 0.077] + d65
        default: return nil
        }
    }

    /// A name for notes and the profile's description ("nclx: Display P3 primaries, sRGB transfer").
    var name: String {
        let primaryNames = [
            4: "BT.470 M", 5: "BT.601 625", 6: "BT.601 525", 7: "SMPTE 240M", 8: "generic film", 9: "BT.2020",
            11: "DCI-P3", 12: "Display P3", 22: "EBU 3213",
        ]
        let transferNames = [4: "gamma 2.2", 5: "gamma 2.8", 8: "linear"]
        return "nclx: \(primaryNames[primaries] ?? "BT.709") primaries, \(transferNames[transfer] ?? "sRGB") transfer"
    }

    /// The colour space to announce: `.sRGB` when nothing needs converting, else a profile
    /// built from the codes (a few hundred bytes).
    func sourceColorSpace() -> SourceColorSpace {
        guard chromaticities != nil || !sRGBCurve else { return .sRGB }
        guard let profile = iccProfile() else {
            return .unreadableProfile(reason: "LittleCMS could not build a profile for \(name)", fallback: .sRGB)
        }
        return .icc(profile)
    }

    /// An ICC profile for the primaries and transfer, made by LittleCMS (no context: the profile
    /// is small and freed here).
    func iccProfile() -> Data? {
        let xy = chromaticities ?? [0.64, 0.33, 0.30, 0.60, 0.15, 0.06, 0.3127, 0.3290]
        var white = cmsCIExyY(x: xy[6], y: xy[7], Y: 1)
        var primaries = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: xy[0], y: xy[1], Y: 1), Green: cmsCIExyY(x: xy[2], y: xy[3], Y: 1),
            Blue: cmsCIExyY(x: xy[4], y: xy[5], Y: 1))
        let (type, parameters) = curve
        guard let tone = parameters.withUnsafeBufferPointer({ cmsBuildParametricToneCurve(nil, type, $0.baseAddress) })
        else { return nil }
        defer { cmsFreeToneCurve(tone) }
        var curves: [OpaquePointer?] = [tone, tone, tone]
        guard let profile = cmsCreateRGBProfile(&white, &primaries, &curves) else { return nil }
        defer { cmsCloseProfile(profile) }
        if let description = cmsMLUalloc(nil, 1) {
            defer { cmsMLUfree(description) }
            cmsMLUsetASCII(description, "en", "US", name)
            cmsWriteTag(profile, cmsSigProfileDescriptionTag, UnsafeRawPointer(description))
        }
        var size: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(profile, nil, &size) != 0, size > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        guard cmsSaveProfileToMem(profile, &bytes, &size) != 0 else { return nil }
        return Data(bytes.prefix(Int(size)))
    }
}
