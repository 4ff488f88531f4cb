import CLCMS
import Foundation

/// Why an embedded profile was not applied: the words go into the result's `colorNote`.
struct IgnoredProfile: Error, Equatable {
    /// Human words, e.g. "not an ICC profile (corrupted or truncated)".
    var reason: String
}

/// An ICC profile parsed by LittleCMS in an ``LCMSContext``; closed when released.
final class ColorProfile {
    /// The colour spaces of pixels a profile can describe here.
    enum Space: Equatable {
        case rgb
        case gray
        case cmyk
    }

    let handle: cmsHPROFILE
    /// Keeps the context alive while the profile is.
    let context: LCMSContext
    /// The profile's description tag (e.g. "Display P3"), tidied, or a stand-in.
    let description: String
    /// What the profile's data colour space is.
    let space: Space

    /// The largest profile considered: the most a JPEG can carry (255 APP2 chunks of 65 519
    /// bytes) is 16.7 MB; a PNG's iCCP is bounded by libpng's chunk cap.
    static let maximumBytes = 255 * 65_519

    /// Parses `data`.
    /// - Throws: ``IgnoredProfile`` when lcms cannot read it or it is not for RGB, grey or CMYK
    ///   pixels; `MemoryBudgetError` when the budget refused lcms's memory.
    init(_ data: Data, context: LCMSContext) throws {
        self.context = context
        context.clearErrors()
        guard data.count >= 132 else {
            throw IgnoredProfile(reason: "not an ICC profile (\(data.count) bytes, shorter than an ICC header)")
        }
        guard data.count <= Self.maximumBytes else {
            throw IgnoredProfile(
                reason: "an ICC profile of \(data.count) bytes, over the \(Self.maximumBytes) an image can carry")
        }
        let opened = data.withUnsafeBytes { raw in
            cmsOpenProfileFromMemTHR(context.handle, raw.baseAddress, cmsUInt32Number(raw.count))
        }
        guard let opened else {
            if let error = context.budgetError(for: "reading the embedded ICC profile (\(data.count) bytes)") {
                throw error
            }
            throw IgnoredProfile(reason: "not a valid ICC profile (\(context.message(or: "LittleCMS cannot read it")))")
        }
        // Checked before any stored property is set: a throw after all of them would run deinit
        // (and close the profile a second time).
        let space: Space
        switch cmsGetColorSpace(opened) {
        case cmsSigRgbData: space = .rgb
        case cmsSigGrayData: space = .gray
        case cmsSigCmykData: space = .cmyk
        case let other:
            cmsCloseProfile(opened)
            throw IgnoredProfile(reason: "a profile for \(Self.name(of: other.rawValue)) data, not RGB, grey or CMYK")
        }
        let deviceClass = cmsGetDeviceClass(opened)
        if deviceClass == cmsSigLinkClass || deviceClass == cmsSigAbstractClass || deviceClass == cmsSigNamedColorClass
        {
            cmsCloseProfile(opened)
            throw IgnoredProfile(
                reason: "a \(Self.name(of: deviceClass.rawValue)) profile, which does not describe an image's colours")
        }
        handle = opened
        description = Self.describe(opened)
        self.space = space
    }

    /// The sRGB profile LittleCMS builds (IEC 61966-2.1), the target of every transform.
    init(sRGBIn context: LCMSContext) throws {
        self.context = context
        context.clearErrors()
        guard let created = cmsCreate_sRGBProfileTHR(context.handle) else {
            if let error = context.budgetError(for: "the sRGB profile") { throw error }
            throw IgnoredProfile(reason: "LittleCMS cannot build sRGB (\(context.message(or: "out of memory")))")
        }
        handle = created
        description = "sRGB"
        space = .rgb
    }

    deinit {
        cmsCloseProfile(handle)
    }

    /// The description tag in English (any language when there is none), tidied for JSON and
    /// terminals: control characters dropped, spaces collapsed, at most 100 characters.
    private static func describe(_ profile: cmsHPROFILE) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        let length = cmsGetProfileInfoASCII(
            profile, cmsInfoDescription, "en", "US", &buffer, cmsUInt32Number(buffer.count))
        let text =
            length > 0 ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        let printable = text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : String($0) }
            .joined()
        let tidy = printable.split(separator: " ").joined(separator: " ")
        if tidy.isEmpty { return "unnamed ICC profile" }
        return tidy.count > 100 ? String(tidy.prefix(99)) + "…" : tidy
    }

    /// A four-character ICC signature as text ("Lab ", "link").
    private static func name(of signature: UInt32) -> String {
        let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: signature >> $0) }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        return bytes.allSatisfy({ (0x20..<0x7F).contains($0) }) && !text.isEmpty
            ? "'\(text)'" : String(format: "0x%08x", signature)
    }
}
