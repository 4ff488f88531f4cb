/// The APP2 "ICC_PROFILE" chunks of a JPEG's header, kept for colour management the way the C
/// shim's `ic_jpeg_read_app2` keeps them for libjpeg: at most 255 chunks and `limit` bytes in
/// all (``ColorSpaceAnnouncement/iccLimit(for:ledger:)``), each reserved in the budget before
/// it is read; other APP2 segments, and every chunk when the sink does not manage colour
/// (`limit` 0), are skipped unread.
struct ICCChunkCollector {
    /// The most chunk bytes kept; 0 keeps none.
    let limit: Int
    /// The chunks kept, each an APP2 body from its "ICC_PROFILE\0" identifier on, in file order.
    private(set) var chunks: [[UInt8]] = []
    /// Bytes of ``chunks``, reserved in the ledger when there is one.
    private(set) var bytes = 0
    /// A chunk was dropped for the limits: the profile cannot be complete.
    private(set) var overLimit = false

    /// "ICC_PROFILE" and a NUL: how an ICC chunk starts (ICC.1, B.4).
    private static let identifier: [UInt8] = Array("ICC_PROFILE".utf8) + [0]

    /// Reads an APP2 body of `length` bytes from `input`: keeps it when it is an ICC chunk within
    /// the limits, else skips it.
    /// - Returns: `false` when the input ends first.
    /// - Throws: Reading errors.
    mutating func read(_ input: JPEGByteReader, length: Int, ledger: MemoryLedger?) throws -> Bool {
        // The identifier, the chunk's number and the count: 14 bytes before any profile byte.
        guard limit > 0, length >= 14 else { return try input.skip(length) }
        guard let header = try input.readBytes(12) else { return false }
        guard header == Self.identifier else { return try input.skip(length - 12) }
        guard chunks.count < 255, bytes + length <= limit else {
            overLimit = true
            return try input.skip(length - 12)
        }
        // Cannot fail: the limit is a third of what the budget had left.
        try ledger?.reserve(length, for: "the JPEG's ICC profile chunks")
        bytes += length
        guard let rest = try input.readBytes(length - 12) else { return false }
        chunks.append(header + rest)
        return true
    }

    /// Forgets the chunks and returns their bytes to `ledger`; safe to call more than once.
    mutating func release(to ledger: MemoryLedger?) {
        ledger?.release(bytes)
        bytes = 0
        chunks = []
    }

    /// Tells `sink` the image's colour space, as the libjpeg path does from the same markers.
    /// - Parameters:
    ///   - components: 1, 3 or 4.
    ///   - adobeInverted: An Adobe APP14 marker was seen.
    /// - Returns: Bytes reserved for the reassembled profile (release them when decoding ends) and
    ///   whether the sink wants 4-byte CMYK rows instead of RGBA.
    func announce(
        components: Int, adobeInverted: Bool, options: DecodeOptions,
        to sink: inout some PixelSink
    ) throws -> (reserved: Int, rawCMYK: Bool) {
        guard overLimit, sink.readsColorProfiles else {
            return try ColorSpaceAnnouncement.announce(
                jpegICCChunks: chunks, components: components,
                adobeInverted: adobeInverted, options: options, to: &sink)
        }
        // The shim's words for the same case; the pixels are then taken as untagged.
        let reason = "ICC chunks over \(limit) bytes (the profile's share of the memory budget) or over 255 of them"
        let fallback: SourceColorSpace = components == 4 ? .cmyk(profile: nil, adobeInverted: adobeInverted) : .sRGB
        return (0, try sink.colorSpace(.unreadableProfile(reason: reason, fallback: fallback)) && components == 4)
    }
}
