import Foundation

/// What colour management did for one image: the result's `colorProfile` and `colorNote`.
struct ColorManagementOutcome: Sendable, Hashable {
    /// The profile the pixels were converted from to sRGB: its description ("Display P3",
    /// "U.S. Web Coated (SWOP) v2") or "gamma 2.86" for a PNG gAMA; `nil` when nothing was
    /// converted (untagged, sRGB, or an sRGB-equivalent profile).
    var profile: String?
    /// Why a profile that is present was not applied, e.g. "ignored the embedded ICC profile:
    /// not a valid ICC profile (…)"; `nil` when nothing was ignored.
    var note: String?
}

/// A ``PixelSink`` in front of another that converts every row to sRGB before handing it on,
/// from the colour space the decoder announced (``SourceColorSpace``): an embedded ICC profile
/// through a LittleCMS transform, a PNG gAMA through a table.
///
/// Rows are converted into one scratch row (reserved in the ledger, as is all of LittleCMS's
/// memory through ``LCMSContext``) and nothing is allocated per row or pixel. Untagged and sRGB
/// images pass straight through; so do profiles that turn out to be sRGB (see
/// ``ColorTransform/isNearIdentity(tolerance:)``), which keeps their pixels bit-exact.
///
/// A profile that cannot be used — unreadable, truncated, for the wrong kind of pixels, or
/// refused by LittleCMS — is ignored with a note (``ColorManagementOutcome/note``): the image is
/// analysed as if untagged, never failed. Only the memory budget fails an analysis here.
struct ColorManagedSink<Inner: PixelSink>: PixelSink {
    /// Converts one row of pixels.
    private enum Converter {
        case profile(ColorTransform)
        case gamma(GammaCorrection)
    }

    /// The sink that receives sRGB rows.
    var inner: Inner
    /// `false`: every row passes through and no profile is read (`--color-management off`).
    let enabled: Bool
    /// Where the scratch row and LittleCMS's memory are reserved; `nil` for no budget.
    let ledger: MemoryLedger?
    /// What was applied or ignored.
    private(set) var outcome = ColorManagementOutcome()

    private var converter: Converter?
    private var scratch: ScratchRow?

    /// Wraps `inner`.
    /// - Parameters:
    ///   - inner: The sink that receives sRGB rows.
    ///   - enabled: Whether to manage colour at all.
    ///   - ledger: Where memory is reserved.
    init(_ inner: Inner, enabled: Bool = true, ledger: MemoryLedger?) {
        self.inner = inner
        self.enabled = enabled
        self.ledger = ledger
    }

    var readsColorProfiles: Bool { enabled }

    mutating func colorSpace(_ space: SourceColorSpace) throws -> Bool {
        guard enabled else { return false }
        converter = nil
        switch space {
        case .sRGB:
            return false
        case .gamma(let gamma):
            guard GammaCorrection.isSignificant(gamma) else { return false }
            let correction = GammaCorrection(gamma: gamma)
            converter = .gamma(correction)
            outcome.profile = correction.description
            return false
        case .icc(let data):
            try apply(data, cmyk: nil)
            return false
        case .cmyk(let profile, let inverted):
            guard let profile else { return false } // the shim's documented naive conversion
            try apply(profile, cmyk: inverted)
            return converter != nil
        case .unreadableProfile(let reason, let fallback):
            outcome.note = Self.ignored(reason)
            return try colorSpace(fallback)
        }
    }

    /// Builds the transform for an embedded profile, or notes why not.
    /// - Parameter cmyk: For CMYK pixels, whether they are inverted; `nil` for RGBA pixels.
    private mutating func apply(_ data: Data, cmyk: Bool?) throws {
        do {
            let context = try LCMSContext(ledger: ledger)
            let profile = try ColorProfile(data, context: context)
            let input: ColorTransform.Input
            switch (profile.space, cmyk) {
            case (.rgb, nil): input = .rgba
            case (.gray, nil): input = .grayInRGBA
            case (.cmyk, let inverted?): input = .cmyk(inverted: inverted)
            case (let space, let inverted):
                throw IgnoredProfile(
                    reason:
                        """
                        \(Self.article(space)) profile (\(profile.description)) on \
                        \(inverted == nil ? "RGB" : "CMYK") pixels
                        """
                )
            }
            let transform = try ColorTransform(from: profile, input: input)
            if transform.isNearIdentity() { return }
            converter = .profile(transform)
            outcome.profile = profile.description
        } catch let ignored as IgnoredProfile {
            outcome.note = Self.ignored(ignored.reason)
        }
    }

    mutating func begin(width: Int, height: Int, rowsInOrder: Bool) throws {
        if converter != nil {
            scratch = try ScratchRow(pixels: width, ledger: ledger)
        }
        try inner.begin(width: width, height: height, rowsInOrder: rowsInOrder)
    }

    mutating func consume(row: UnsafePointer<UInt8>, y: Int, x0: Int, dx: Int, count: Int) {
        guard let converter, let scratch, count <= scratch.pixels else {
            inner.consume(row: row, y: y, x0: x0, dx: dx, count: count)
            return
        }
        switch converter {
        case .profile(let transform): transform.convert(row, into: scratch.pointer, count: count)
        case .gamma(let correction): correction.convert(row, into: scratch.pointer, count: count)
        }
        inner.consume(row: scratch.pointer, y: y, x0: x0, dx: dx, count: count)
    }

    mutating func beginFrame(_ index: Int, share: FrameShare) {
        inner.beginFrame(index, share: share)
    }

    /// Frees the transform and the scratch row (and their reservations) once decoding is over.
    mutating func finishConversion() {
        converter = nil
        scratch = nil
    }

    private static func ignored(_ reason: String) -> String {
        "ignored the embedded ICC profile: " + reason
    }

    private static func article(_ space: ColorProfile.Space) -> String {
        switch space {
        case .rgb: "an RGB"
        case .gray: "a grey"
        case .cmyk: "a CMYK"
        }
    }
}

/// One row of RGBA8 pixels, reserved in the ledger for as long as it lives.
private final class ScratchRow {
    let pointer: UnsafeMutablePointer<UInt8>
    let pixels: Int
    private let ledger: MemoryLedger?
    private let bytes: Int

    init(pixels: Int, ledger: MemoryLedger?) throws {
        bytes = max(1, pixels) * 4
        try ledger?.reserve(bytes, for: "the colour-managed row (\(pixels) px)")
        self.ledger = ledger
        self.pixels = pixels
        pointer = .allocate(capacity: bytes)
        pointer.initialize(repeating: 255, count: bytes)
    }

    deinit {
        pointer.deallocate()
        ledger?.release(bytes)
    }
}
