import Foundation

extension ColorSpaceAnnouncement {
    /// For a format whose container holds the ICC profile in one piece (WebP's ICCP chunk, a
    /// HEIF colr box), right before `sink.begin`: copies the profile (reserved in the budget),
    /// announces it as the pixels' colour space, or notes why it is ignored: a grey profile on
    /// colour pixels, or a profile larger than ``iccLimit(for:ledger:)`` (a third of what the
    /// budget has left).
    /// - Parameters:
    ///   - profile: The profile's bytes as the file stores them, or `nil`.
    ///   - greyPixels: Asked only for a grey profile: whether the decoded pixels are all grey
    ///     (R, G and B within a level or two), which such a profile describes. Default: they are not.
    /// - Returns: Bytes reserved (our copy of the profile), for the caller to release when it ends.
    static func announce(
        iccProfile profile: UnsafeRawBufferPointer?, greyPixels: () -> Bool = { false }, options: DecodeOptions,
        to sink: inout some PixelSink
    ) throws -> Int {
        guard sink.readsColorProfiles else { return 0 }
        var space = SourceColorSpace.sRGB
        var reserved = 0
        if let profile, !profile.isEmpty {
            let limit = Int(iccLimit(for: sink, ledger: options.ledger))
            if profile.count > limit {
                space = .unreadableProfile(
                    reason:
                        """
                        the profile (\(profile.count) bytes) is larger than its share of the memory budget (\(limit) \
                        bytes)
                        """,
                    fallback: .sRGB)
            } else if profile.count >= 20, profile[16..<20].elementsEqual("GRAY".utf8), !greyPixels() {
                space = .unreadableProfile(reason: "a grey profile on a colour image", fallback: .sRGB)
            } else {
                try options.ledger?.reserve(profile.count, for: "the embedded ICC profile (\(profile.count) bytes)")
                reserved = options.ledger == nil ? 0 : profile.count
                space = .icc(Data(profile))
            }
        }
        do {
            _ = try sink.colorSpace(space)
        } catch {
            options.ledger?.release(reserved)
            throw error
        }
        return reserved
    }
}
