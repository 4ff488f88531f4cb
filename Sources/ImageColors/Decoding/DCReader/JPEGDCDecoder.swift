/// Decodes a Huffman-coded JPEG at 1/8 scale from its DC coefficients alone, in Swift, without
/// libjpeg.
///
/// At 1/8 scale libjpeg turns each 8×8 block into one pixel from its DC coefficient only
/// (`jpeg_idct_1x1`). For a progressive file it still decodes every scan into a whole-image
/// coefficient buffer of 128 bytes a block (72 MB for 24 MP): this reader keeps one DC value a
/// block (2 bytes), Huffman-decodes only the DC scans and skips the AC scans' data with
/// `memchr`, so it needs about 1/64 of the memory and a fraction of the time. For a sequential
/// (baseline) file every block's AC codes must still be read to find the next block; this
/// reader skips them in runs, several small coefficients a table look-up
/// (``HuffmanTable/Decoder/skip(next:)``), and does no per-block IDCT or buffer clearing: a
/// whole analysis of a 24 MP baseline file counts 58% of the instructions of
/// `djpeg -scale 1/8` (Benchmarks/instructions.sh).
///
/// It takes a file only when libjpeg would decode it at 1/8 (the long side at 1/8 is still at
/// least ``DecodeOptions/minimumLongSide``) — or, for a progressive file, when libjpeg's
/// coefficient buffer would not fit the budget and 1/8 still keeps
/// ``DecodeOptions/budgetFallbackLongSide`` (a 4:3 photo of 3990×2990 is 1/4 for a 250 px
/// analysis, and 36 MB for libjpeg) — and the frame is baseline, extended sequential or
/// progressive Huffman, 8-bit, grey, YCbCr, RGB, CMYK or YCCK. Anything else (arithmetic
/// coding, 12-bit, lossless) and any header it finds odd, it leaves to libjpeg before touching
/// the sink, so libjpeg's own checks and words apply there.
///
/// EXIF orientation (APP1) and the ICC profile (APP2, see ``ICCChunkCollector``) are read and
/// handed on as on the libjpeg path; a sink that converts CMYK with its profile gets raw CMYK.
///
/// One difference from libjpeg remains by design: libjpeg scales 4:2:0 chroma up with a 2×2
/// IDCT (which uses AC coefficients) where this reader repeats the chroma DC value. Luma,
/// 4:4:4, 4:2:2, grey and CMYK match `djpeg -dct int -nosmooth -scale 1/8` exactly.
enum JPEGDCDecoder {
    /// Decodes `source` into `sink` when it is a progressive JPEG this reader takes.
    /// - Returns: What was decoded, or `nil` (with nothing sent to the sink) when the file is
    ///   for libjpeg.
    /// - Throws: ``ImageDecodingError`` (``ImageDecodingError/tooLarge(_:width:height:limit:)``
    ///   from the header for any JPEG), `MemoryBudgetError`, or `CancellationError`.
    static func decodeIfEligible(
        _ source: ImageSource, options: DecodeOptions, into sink: inout some PixelSink
    ) throws -> DecodedImageInfo? {
        let deadline = DecodeDeadline(timeout: options.limits.decodeTimeout)
        var reserved = 0
        defer { options.ledger?.release(reserved) }
        let window = JPEGByteReader.bytesNeeded(for: source)
        if let ledger = options.ledger, window > 0 {
            try ledger.reserve(window, for: "the JPEG reader's input buffer")
            reserved += window
        }
        // The ICC chunks for colour management, kept (and reserved) only until they are announced.
        var icc = ICCChunkCollector(limit: Int(ColorSpaceAnnouncement.iccLimit(for: sink, ledger: options.ledger)))
        defer { icc.release(to: options.ledger) }
        return try JPEGByteReader.with(source) { input in
            input.onRefill = { try deadline.check(.jpeg) }
            // The one walk of the markers (JPEGHeader): what it found decides, and this reader
            // goes on from where it stopped.
            guard
                case .complete(let header) = try JPEGHeader.walk(
                    input, options: options, icc: &icc, accepting: { accepts($0, options: options) })
            else { return nil }
            let frame = header.frame
            let width = (frame.width + 7) / 8
            let height = (frame.height + 7) / 8
            let planes = DCImage.bytesNeeded(for: frame)
            let rows = DCRowWriter.bytesNeeded(for: frame)
            // libjpeg streams a sequential file in a few rows' memory: this reader's planes (2
            // bytes a block, 1.1 MB at 24 MP) are worth it only when they fit what is left.
            if !frame.isProgressive, let ledger = options.ledger, planes + rows > ledger.available { return nil }
            // As the libjpeg path: the colour space first, before the decoder's reservations.
            let (profileBytes, rawCMYK) = try icc.announce(
                components: frame.components.count, adobeInverted: header.state.adobeTransform != nil,
                options: options, to: &sink)
            reserved += profileBytes
            icc.release(to: options.ledger)
            if let ledger = options.ledger {
                let kind = frame.isProgressive ? "progressive JPEG" : "JPEG"
                try ledger.reserve(planes, for: "the \(kind)'s DC coefficients (\(frame.width)×\(frame.height))")
                reserved += planes
                try ledger.reserve(rows, for: "the \(kind)'s rows at 1/8 scale (\(width) px wide)")
                reserved += rows
            }
            try sink.begin(width: width, height: height, rowsInOrder: true)
            var image = DCImage(frame: frame)
            try readScans(input, header: header, image: &image, options: options, deadline: deadline)
            let converter = DCColorConverter(
                colorSpace: header.colorSpace, invertedCMYK: header.state.adobeTransform != nil,
                rawCMYK: rawCMYK)
            try DCRowWriter.write(image, converter: converter, into: &sink, options: options, deadline: deadline)
            return DecodedImageInfo(
                format: .jpeg, width: frame.width, height: frame.height,
                orientation: header.state.orientation ?? .up,
                decodedWidth: width, decodedHeight: height,
                decoder: frame.isProgressive ? .progressiveDC : .sequentialDC)
        }
    }

    /// Whether this reader takes `frame`: libjpeg would decode it at 1/8, or it is progressive and
    /// libjpeg's buffer would not fit (``fallsBackToDC(_:options:)``); and it is DC-decodable.
    private static func accepts(_ frame: JPEGFrame, options: DecodeOptions) -> Bool {
        let scale = JPEGDecoder.scaleDenominator(
            longSide: max(frame.width, frame.height), minimumLongSide: options.minimumLongSide)
        // A baseline file's libjpeg decode needs no whole-image buffer (one scan, rows
        // streamed), so only a progressive one falls back to this reader for memory.
        return frame.isDCDecodable && (scale == 8 || (frame.isProgressive && fallsBackToDC(frame, options: options)))
    }

    /// Whether a progressive frame that libjpeg would decode at more than 1/8 goes to this reader
    /// anyway: libjpeg's whole-image coefficient buffer (64 coefficients of 2 bytes a block, the
    /// shim's own sum) does not fit what the budget has left, and 1/8 still keeps the long side
    /// at least ``DecodeOptions/budgetFallbackLongSide``. Without a budget, never. Without any
    /// size (quality `highest`: "no downscale beyond what the budget forces"), at any size: the
    /// budget forces it, as it does for `high`, rather than refusing an image `high` analyses.
    private static func fallsBackToDC(_ frame: JPEGFrame, options: DecodeOptions) -> Bool {
        guard let ledger = options.ledger else { return false }
        let floor = options.budgetFallbackLongSide ?? options.minimumLongSide.map({ ($0 + 1) / 2 }) ?? 1
        let coefficientBytes = frame.planeBlocks * 64 * MemoryLayout<Int16>.size
        return coefficientBytes > ledger.available && (max(frame.width, frame.height) + 7) / 8 >= floor
    }

    /// Decodes every scan through EOI: DC scans into `image`, AC scans skipped, tables between
    /// scans applied.
    private static func readScans(
        _ input: JPEGByteReader, header: JPEGHeader, image: inout DCImage,
        options: DecodeOptions, deadline: DecodeDeadline
    ) throws {
        let warnings = DecodeWarnings(strict: options.warningsAreErrors)
        var progression = ScanProgression(componentCount: header.frame.components.count)
        var state = header.state
        var scan = header.firstScan
        var scans = 1
        let corrupt = { (detail: String) in ImageDecodingError.corrupt(.jpeg, detail: detail) }
        while true {
            // libjpeg's progress monitor in the shim stops a flood of scans the same way.
            if options.limits.maxScans > 0, scans > options.limits.maxScans {
                throw ImageDecodingError.overLimit(.jpeg, detail: "more than \(options.limits.maxScans) scans")
            }
            try deadline.check(.jpeg)
            if header.frame.isProgressive {
                try progression.begin(scan, warnings: warnings)
            } else if scan.ss != 0 || scan.se != 63 || scan.ah != 0 || scan.al != 0 {
                // libjpeg's JWRN_NOT_SEQUENTIAL; it then decodes the scan as sequential anyway.
                try warnings.warn(corrupt("invalid SOS parameters for sequential JPEG"))
            }
            for member in scan.members { try image.latchQuantizer(member.index, from: state) }
            var marker: UInt8
            if !header.frame.isProgressive {
                // libjpeg builds both tables of every member before decoding.
                var dcTables: [HuffmanTable?] = []
                var acTables: [HuffmanTable] = []
                for member in scan.members {
                    dcTables.append(try huffmanTable(state.dcTables, member.dcTable, isDC: true))
                    acTables.append(try huffmanTable(state.acTables, member.acTable, isDC: false))
                }
                let decoder = DCScanDecoder(
                    .sequential, scan: scan, dcTables: dcTables, acTables: acTables, image: image,
                    restartInterval: state.restartInterval)
                marker = try decoder.decode(into: &image, input: input, warnings: warnings) {
                    try deadline.check(.jpeg)
                }
            } else if scan.isDC {
                var tables: [HuffmanTable?] = []
                for member in scan.members {
                    // A refinement scan's bits are raw: it needs no table.
                    tables.append(scan.ah == 0 ? try huffmanTable(state.dcTables, member.dcTable, isDC: true) : nil)
                }
                let decoder = DCScanDecoder(
                    .progressiveDC, scan: scan, dcTables: tables, image: image,
                    restartInterval: state.restartInterval)
                marker = try decoder.decode(into: &image, input: input, warnings: warnings) {
                    try deadline.check(.jpeg)
                }
            } else {
                // Never decoded, but libjpeg refuses a scan whose table is missing or broken.
                _ = try huffmanTable(state.acTables, scan.members[0].acTable, isDC: false)
                if let found = try input.skipEntropyCodedData() {
                    marker = found
                } else {
                    try warnings.warn(DCScanDecoder.prematureEnd)
                    marker = JPEGMarker.eoi
                }
            }
            // The markers between this scan and the next (or EOI).
            while marker != JPEGMarker.sos {
                switch marker {
                case JPEGMarker.eoi: return
                case JPEGMarker.soi: throw corrupt("invalid JPEG file structure: two SOI markers")
                case _ where JPEGMarker.isStandalone(marker): break
                case _ where JPEGMarker.isStartOfFrame(marker):
                    throw corrupt("invalid JPEG file structure: two SOF markers")
                default: try readSegment(marker, input: input, state: &state)
                }
                guard let (code, skipped) = try input.nextMarker() else {
                    try warnings.warn(DCScanDecoder.prematureEnd)
                    return
                }
                if skipped > 0 {
                    try warnings.warn(
                        corrupt(
                            "corrupt JPEG data: \(skipped) extraneous bytes before marker 0x\(DCScanDecoder.hex(code))")
                    )
                }
                marker = code
            }
            guard let length = try input.readUInt16(), length >= 2,
                let body = try input.readBytes(length - 2)
            else { throw DCScanDecoder.prematureEnd }
            scan = try state.readSOS(body, frame: image.frame)
            scans += 1
        }
    }

    /// Reads one segment between scans: DQT, DHT and DRI apply to the scans after it; APPn, COM,
    /// DNL and DAC are skipped (APP0, APP1 and APP14 only count before the first scan).
    /// - Throws: A truncated or malformed segment, or a marker libjpeg does not know.
    private static func readSegment(_ marker: UInt8, input: JPEGByteReader, state: inout JPEGMarkerState) throws {
        guard let length = try input.readUInt16() else { throw DCScanDecoder.prematureEnd }
        guard length >= 2 else { throw ImageDecodingError.corrupt(.jpeg, detail: "bogus marker length") }
        let known = [
            JPEGMarker.dqt, JPEGMarker.dht, JPEGMarker.dri, JPEGMarker.app0, JPEGMarker.app1, JPEGMarker.app14,
        ]
        guard JPEGMarker.isSkipped(marker) || known.contains(marker) else {
            throw ImageDecodingError.corrupt(.jpeg, detail: "unsupported marker type 0x\(DCScanDecoder.hex(marker))")
        }
        if JPEGMarker.isSkipped(marker) || !known.prefix(3).contains(marker) {
            guard try input.skip(length - 2) else { throw DCScanDecoder.prematureEnd }
            return
        }
        guard let body = try input.readBytes(length - 2) else { throw DCScanDecoder.prematureEnd }
        switch marker {
        case JPEGMarker.dqt: try state.readDQT(body)
        case JPEGMarker.dht: try state.readDHT(body)
        default: try state.readDRI(body)
        }
    }

    /// The Huffman table in `slot`, built and checked.
    /// - Throws: ``ImageDecodingError/corrupt(_:detail:)`` when it is missing or broken.
    private static func huffmanTable(_ tables: [HuffmanDefinition?], _ slot: Int, isDC: Bool) throws(ImageDecodingError)
        -> HuffmanTable
    {
        guard slot < tables.count, let definition = tables[slot] else {
            throw .corrupt(.jpeg, detail: "huffman table 0x\(DCScanDecoder.hex(UInt8(slot))) was not defined")
        }
        return try HuffmanTable(definition, isDC: isDC)
    }
}
