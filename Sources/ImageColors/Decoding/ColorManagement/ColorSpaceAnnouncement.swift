import CImageCodecs
import Foundation

/// How a decoder tells its sink about colours: reads what the C shim found in the header,
/// reserves the profile's bytes in the budget and calls ``PixelSink/colorSpace(_:)``.
enum ColorSpaceAnnouncement {
    /// The most ICC chunk bytes the JPEG shim may keep (`ic_jpeg_config.icc_limit`): none when
    /// the sink does not manage colour; else a third of what the budget has left (chunks, the
    /// shim's reassembled profile and our copy), at most a profile's largest size (255 chunks).
    static func iccLimit(for sink: some PixelSink, ledger: MemoryLedger?) -> Int64 {
        guard sink.readsColorProfiles else { return 0 }
        let largest = 255 * 65_533
        return Int64(max(1, min(largest, (ledger?.available ?? largest) / 3)))
    }

    /// For a JPEG, right after the header is read (before the decoder's own reservations and
    /// `sink.begin`): announces the header's colour space and, when the
    /// sink asks for it, switches the shim to raw CMYK rows.
    /// - Returns: Bytes reserved in `options.ledger`, for the decoder to release when it ends.
    /// - Throws: `MemoryBudgetError` when the profile does not fit; the sink's error.
    static func announce(
        _ header: ic_jpeg_info, jpeg: OpaquePointer, options: DecodeOptions, to sink: inout some PixelSink
    ) throws -> Int {
        guard sink.readsColorProfiles else { return 0 }
        var reserved = 0
        var profile: Data?
        // The ICC chunks libjpeg keeps, the shim's reassembled profile and our copy: together
        // at most 3 × iccLimit, which the budget had room for when decoding started.
        let bytes = Int(header.icc_marker_bytes) + Int(header.icc_size) * 2
        if bytes > 0 {
            try options.ledger?.reserve(bytes, for: "the embedded ICC profile (\(header.icc_size) bytes)")
            reserved = options.ledger == nil ? 0 : bytes
        }
        if let icc = header.icc, header.icc_size > 0 {
            profile = Data(bytes: icc, count: Int(header.icc_size))
        }
        let cmyk = header.color == Int32(IC_JPEG_CMYK.rawValue) || header.color == Int32(IC_JPEG_YCCK.rawValue)
        var space: SourceColorSpace =
            cmyk
            ? .cmyk(profile: profile, adobeInverted: header.adobe_inverted != 0)
            : profile.map { .icc($0) } ?? .sRGB
        if let note = header.icc_note {
            space = .unreadableProfile(reason: shimMessage(note), fallback: space)
        } else if !cmyk, header.color != Int32(IC_JPEG_GRAY.rawValue), let profile,
            profile.count >= 20, profile[profile.startIndex + 16..<profile.startIndex + 20].elementsEqual("GRAY".utf8)
        {
            // A grey profile cannot describe colour pixels (PNG forbids it; libpng drops it).
            space = .unreadableProfile(reason: "a grey profile on a colour image", fallback: .sRGB)
        }
        do {
            if try sink.colorSpace(space), cmyk {
                try ic_jpeg_set_raw_cmyk(jpeg, 1).check(.jpeg) { shimMessage(ic_jpeg_message(jpeg)) }
            }
        } catch {
            options.ledger?.release(reserved)
            throw error
        }
        return reserved
    }

    /// For a PNG, right before `sink.begin`: iCCP first, then sRGB, then gAMA (the PNG
    /// specification's order); a dropped iCCP falls back to the others.
    /// - Returns: Bytes reserved in `options.ledger` (our copy of the profile; libpng's own is
    ///   within its chunk cap, reserved already).
    static func announce(_ header: ic_png_info, options: DecodeOptions, to sink: inout some PixelSink) throws -> Int {
        guard sink.readsColorProfiles else { return 0 }
        var space: SourceColorSpace = .sRGB
        var reserved = 0
        if let icc = header.icc, header.icc_size > 0 {
            try options.ledger?.reserve(
                Int(header.icc_size), for: "the embedded ICC profile (\(header.icc_size) bytes)")
            reserved = options.ledger == nil ? 0 : Int(header.icc_size)
            space = .icc(Data(bytes: icc, count: Int(header.icc_size)))
        } else {
            if header.srgb == 0, header.gamma > 0 { space = .gamma(Double(header.gamma) / 100_000) }
            if let note = header.icc_note { space = .unreadableProfile(reason: shimMessage(note), fallback: space) }
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

extension ColorSpaceAnnouncement {
    /// For a JPEG decoder other than libjpeg (the progressive DC reader), right before
    /// `sink.begin`: reassembles the APP2 "ICC_PROFILE" chunks it kept — each body as stored
    /// after the marker length, identifier included — with libjpeg's rules (sequence numbers
    /// 1…N, each once, one count), announces the colour space and says whether the sink wants
    /// raw CMYK rows.
    /// - Parameters:
    ///   - iccChunks: The APP2 bodies that start with "ICC_PROFILE\0", in file order; the
    ///     caller keeps at most 255 of them and ``iccLimit(for:ledger:)`` bytes, reserved.
    ///   - components: 1 (grey), 3 (YCbCr/RGB) or 4 (CMYK/YCCK).
    ///   - adobeInverted: An Adobe APP14 marker was seen (4-component samples are inverted).
    ///   - rawCMYKAvailable: Whether the decoder can deliver 4-byte CMYK rows; when not, a CMYK
    ///     profile is noted as not applied and the decoder's own naive conversion stays.
    /// - Returns: Bytes reserved (our copy of the profile), for the caller to release when it
    ///   ends, and whether to deliver 4-byte CMYK rows (C, M, Y, K as stored) instead of RGBA.
    static func announce(
        jpegICCChunks iccChunks: [[UInt8]], components: Int, adobeInverted: Bool, rawCMYKAvailable: Bool = true,
        options: DecodeOptions, to sink: inout some PixelSink
    ) throws -> (reserved: Int, rawCMYK: Bool) {
        guard sink.readsColorProfiles else { return (0, false) }
        var profile: Data?
        var note: String?
        switch reassembleICC(iccChunks) {
        case .success(let bytes?):
            try options.ledger?.reserve(bytes.count, for: "the embedded ICC profile (\(bytes.count) bytes)")
            profile = Data(bytes)
        case .success(nil): break
        case .failure(let failure): note = failure.reason
        }
        let reserved = options.ledger == nil ? 0 : profile?.count ?? 0
        let cmyk = components == 4
        var space: SourceColorSpace =
            cmyk
            ? .cmyk(profile: profile, adobeInverted: adobeInverted)
            : profile.map { .icc($0) } ?? .sRGB
        if let note {
            space = .unreadableProfile(reason: note, fallback: space)
        } else if cmyk, profile != nil, !rawCMYKAvailable {
            space = .unreadableProfile(
                reason: "this decoder cannot apply a CMYK profile",
                fallback: .cmyk(profile: nil, adobeInverted: adobeInverted))
        } else if components == 3, let profile, profile.count >= 20,
            profile[profile.startIndex + 16..<profile.startIndex + 20].elementsEqual("GRAY".utf8)
        {
            space = .unreadableProfile(reason: "a grey profile on a colour image", fallback: .sRGB)
        }
        do {
            return (reserved, try sink.colorSpace(space) && cmyk)
        } catch {
            options.ledger?.release(reserved)
            throw error
        }
    }

    /// libjpeg's jpeg_read_icc_profile in Swift: the profile, `nil` when there are no chunks,
    /// or libjpeg's words when they do not fit together.
    static func reassembleICC(_ chunks: [[UInt8]]) -> Result<[UInt8]?, ReassemblyFailure> {
        guard !chunks.isEmpty else { return .success(nil) }
        let bad = ReassemblyFailure(reason: "corrupt JPEG data: bad ICC marker")
        let count = chunks[0].count >= 14 ? Int(chunks[0][13]) : 0
        guard count > 0 else { return .failure(bad) }
        var pieces = [ArraySlice<UInt8>?](repeating: nil, count: count + 1)
        for chunk in chunks {
            guard chunk.count >= 14, Int(chunk[13]) == count, chunk[12] > 0, Int(chunk[12]) <= count,
                pieces[Int(chunk[12])] == nil
            else { return .failure(bad) }
            pieces[Int(chunk[12])] = chunk[14...]
        }
        var profile: [UInt8] = []
        for piece in pieces.dropFirst() {
            guard let piece else { return .failure(bad) }
            profile += piece
        }
        return profile.isEmpty ? .failure(bad) : .success(profile)
    }

    /// Why ICC chunks give no profile.
    struct ReassemblyFailure: Error, Equatable {
        var reason: String
    }
}
