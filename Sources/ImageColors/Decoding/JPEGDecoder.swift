import CImageCodecs

/// Decodes JPEG through libjpeg (via the C shim), pushing RGBA rows to a sink as libjpeg
/// produces them; the full-size image is never held.
///
/// Memory: after the header, the shim computes what decoding at the chosen scale needs —
/// for progressive and other multi-scan files, libjpeg's whole-image coefficient buffer
/// (2 bytes per coefficient at full resolution, whatever the scale) — and those bytes are
/// reserved in the budget before libjpeg allocates them; libjpeg's own cap
/// (`max_memory_to_use`) is set to what the budget has left, so it cannot exceed it either.
enum JPEGDecoder {
    /// The largest DCT reduction (1/8, 1/4, 1/2 or 1/1) that keeps the long side at least
    /// `minimumLongSide`; libjpeg rounds scaled sizes up.
    /// - Parameters:
    ///   - longSide: The stored long side.
    ///   - minimumLongSide: The smallest acceptable long side, or `nil` for full size.
    static func scaleDenominator(longSide: Int, minimumLongSide: Int?) -> Int {
        guard let minimumLongSide else { return 1 }
        for denominator in [8, 4, 2] where (longSide + denominator - 1) / denominator >= minimumLongSide {
            return denominator
        }
        return 1
    }

    /// Rows decoded per call: libjpeg returns at most rec_outbuf_height (≤ 4) rows per call;
    /// 16 amortises the call and keeps the buffer small.
    static let batchRows = 16

    /// Decodes `source` into `sink`: a progressive JPEG that would be decoded at 1/8 goes to
    /// ``JPEGDCDecoder`` (its DC scans alone, 2 bytes a block instead of libjpeg's
    /// whole-image coefficient buffer); everything else to libjpeg.
    static func decode(
        _ source: ImageSource, options: DecodeOptions, into sink: inout some PixelSink
    ) throws -> DecodedImageInfo {
        if let info = try JPEGDCDecoder.decodeIfEligible(source, options: options, into: &sink) {
            return info
        }
        return try decodeWithLibjpeg(source, options: options, into: &sink)
    }

    /// Decodes `source` into `sink` with libjpeg.
    static func decodeWithLibjpeg(
        _ source: ImageSource, options: DecodeOptions, into sink: inout some PixelSink
    ) throws -> DecodedImageInfo {
        let limits = options.limits
        let iccLimit = ColorSpaceAnnouncement.iccLimit(for: sink, ledger: options.ledger)
        let create = { (deadline: DecodeDeadline) in
            ic_jpeg_create(
                ic_jpeg_config(
                    warnings_are_errors: options.warningsAreErrors ? 1 : 0,
                    max_scans: Int32(clamping: limits.maxScans), deadline_ns: deadline.nanoseconds,
                    icc_limit: iccLimit))
        }
        return try LibraryDecoding.run(
            .jpeg, source, options: options, create: create, destroy: ic_jpeg_destroy, message: ic_jpeg_message
        ) { decoding, reserved in
            let (jpeg, descriptor, deadline, message) =
                (decoding.decoder, decoding.descriptor, decoding.deadline, decoding.message)
            var header = ic_jpeg_info()
            try ic_jpeg_open(jpeg, descriptor, &header).check(.jpeg, message: message)
            let width = Int(header.width)
            let height = Int(header.height)
            try limits.check(width: width, height: height, format: .jpeg)
            // The ICC profile the shim just read; kept apart from `reserved`, which sizes libjpeg's cap.
            let profileBytes = try ColorSpaceAnnouncement.announce(header, jpeg: jpeg, options: options, to: &sink)
            defer { options.ledger?.release(profileBytes) }
            var orientation = Orientation.up
            if let exif = header.exif {
                orientation =
                    ExifReader.orientation(in: UnsafeRawBufferPointer(start: exif, count: header.exif_size)) ?? .up
            }
            let denominator = scaleDenominator(longSide: max(width, height), minimumLongSide: options.minimumLongSide)
            var plan = ic_jpeg_plan()
            try ic_jpeg_plan_scale(jpeg, Int32(denominator), &plan).check(.jpeg, message: message)
            let outWidth = Int(plan.output_width)
            let outHeight = Int(plan.output_height)
            let rowBytes = outWidth * 4

            if plan.coefficient_bytes > 0 {
                let kind = header.progressive != 0 ? "progressive" : "multi-scan"
                try options.reserve(
                    Int(plan.coefficient_bytes), for: "the \(kind) JPEG's coefficient buffer (\(width)×\(height))",
                    adding: &reserved)
            }
            try options.reserve(
                Int(plan.working_bytes) + rowBytes * batchRows,
                for: "libjpeg's buffers at 1/\(denominator) scale (\(outWidth)×\(outHeight))", adding: &reserved)
            try sink.begin(width: outWidth, height: outHeight, rowsInOrder: true)

            // libjpeg may use what is reserved for it plus whatever the budget has left.
            let libjpegCap = options.ledger.map { reserved - rowBytes * batchRows + $0.available } ?? 0
            var startedWidth: UInt32 = 0
            var startedHeight: UInt32 = 0
            do {
                try ic_jpeg_start(jpeg, libjpegCap, &startedWidth, &startedHeight)
                    .check(.jpeg, timeout: limits.decodeTimeout, message: message)
            } catch ImageDecodingError.outOfMemory where options.ledger != nil {
                throw MemoryBudgetError.overBudget(
                    purpose: "libjpeg's buffers for this \(width)×\(height) JPEG", needed: libjpegCap + 1,
                    available: libjpegCap, budget: options.ledger!.budget.bytes)
            }
            var rows = [UInt8](repeating: 0, count: rowBytes * batchRows)
            var pacer = DeadlinePacer(deadline, every: options.checkInterval, format: .jpeg)
            while true {
                var first: UInt32 = 0
                var count: UInt32 = 0
                let status = rows.withUnsafeMutableBufferPointer { buffer in
                    ic_jpeg_read_rows(jpeg, buffer.baseAddress, rowBytes, UInt32(batchRows), &first, &count)
                }
                rows.withUnsafeBufferPointer { buffer in
                    for i in 0..<Int(count) {
                        sink.consume(
                            row: buffer.baseAddress! + i * rowBytes, y: Int(first) + i, x0: 0, dx: 1, count: outWidth)
                    }
                }
                if try status.check(.jpeg, timeout: limits.decodeTimeout, message: message) { break }
                try pacer.advance(by: Int(count))
            }
            return DecodedImageInfo(
                format: .jpeg, width: width, height: height, orientation: orientation,
                decodedWidth: outWidth, decodedHeight: outHeight)
        }
    }
}
