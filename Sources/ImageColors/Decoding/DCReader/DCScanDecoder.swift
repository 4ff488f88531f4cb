/// Decodes the DC coefficients of one scan into the ``DCImage``: a progressive DC scan, first
/// (Ah = 0, Huffman-coded differences, T.81 G.1.2.1) or refinement (Ah > 0, one raw bit a
/// block), or a sequential (baseline) scan, whose AC coefficients it decodes only far enough
/// to skip them; interleaved or single-component, with restart intervals. Mirrors libjpeg's
/// jdphuff.c `decode_mcu_DC_first` / `decode_mcu_DC_refine`, jdhuff.c `decode_mcu` and
/// `process_restart`, warnings included.
struct DCScanDecoder {
    /// Where one scan component's blocks go, and its table: plain values, so the per-block
    /// loop copies nothing reference-counted.
    private struct Target {
        /// Where the component's plane starts in the DC image.
        let plane: Int
        /// Blocks per plane row.
        let stride: Int
        /// Blocks across one MCU (1 in a single-component scan).
        let h: Int
        /// Blocks down one MCU (1 in a single-component scan).
        let v: Int
        /// The DC table of a first or sequential scan; `nil` for a refinement.
        let dc: HuffmanTable.Decoder?
        /// The AC table of a sequential scan; `nil` in a progressive DC scan.
        let ac: HuffmanTable.Decoder?
    }

    /// What kind of scan it is.
    enum Kind {
        /// A progressive DC scan: a first scan or a refinement, as its Ah says.
        case progressiveDC
        /// A sequential scan: every coefficient of each block, the AC ones skipped.
        case sequential
    }

    /// The scan header.
    private let scan: JPEGScanHeader
    /// The scan's components, in scan order.
    private let targets: [Target]
    /// Keeps the tables the targets point into alive.
    private let tables: [HuffmanTable?]
    /// A progressive DC scan or a sequential one.
    private let kind: Kind
    /// MCUs across the scan.
    private let mcusPerRow: Int
    /// MCU rows of the scan.
    private let mcuRows: Int
    /// MCUs between restart markers, 0 for none.
    private let restartInterval: Int

    /// Prepares to decode `scan`.
    /// - Parameters:
    ///   - kind: A progressive DC scan or a sequential one.
    ///   - dcTables: The scan members' DC tables, built (first and sequential scans; refinements
    ///     use none).
    ///   - acTables: The scan members' AC tables for a sequential scan; empty otherwise.
    ///   - image: Where the planes are.
    ///   - restartInterval: MCUs between restart markers, 0 for none.
    init(
        _ kind: Kind, scan: JPEGScanHeader, dcTables: [HuffmanTable?], acTables: [HuffmanTable] = [],
        image: DCImage, restartInterval: Int
    ) {
        self.kind = kind
        self.scan = scan
        self.tables = dcTables + acTables
        self.restartInterval = restartInterval
        let frame = image.frame
        let interleaved = scan.members.count > 1
        targets = scan.members.enumerated().map { position, member in
            let component = frame.components[member.index]
            // A single-component scan's MCU is one block (T.81 A.2.2), whatever the factors.
            return Target(
                plane: image.planeOffsets[member.index], stride: component.planeWidth,
                h: interleaved ? component.h : 1, v: interleaved ? component.v : 1,
                dc: dcTables[position]?.decoder, ac: position < acTables.count ? acTables[position].decoder : nil)
        }
        let only = frame.components[scan.members[0].index]
        mcusPerRow = interleaved ? frame.mcusPerRow : only.widthInBlocks
        mcuRows = interleaved ? frame.mcuRows : only.heightInBlocks
    }

    /// Decodes the scan's data, which starts at `input`'s position, into `image`.
    /// - Parameter checkpoint: Called after every MCU row (deadline and cancellation).
    /// - Returns: The marker after the scan's data (EOI when the input ended and warnings are
    ///   not errors).
    func decode(
        into image: inout DCImage, input: JPEGByteReader, warnings: DecodeWarnings,
        checkpoint: () throws -> Void
    ) throws -> UInt8 {
        try withExtendedLifetime(tables) {
            try targets.withUnsafeBufferPointer { targets in
                try image.coefficients.withUnsafeMutableBufferPointer { planes in
                    try withUnsafeTemporaryAllocation(of: Int32.self, capacity: targets.count) { predictions in
                        if kind == .sequential {
                            // A sequential scan's Al is 0 (libjpeg warns about any other and ignores it).
                            try decodeMCUs(
                                SequentialStep(dc: FirstScanStep(predictions: predictions, al: 0)), planes: planes,
                                targets: targets, input: input, warnings: warnings, checkpoint: checkpoint)
                        } else if scan.ah == 0 {
                            try decodeMCUs(
                                FirstScanStep(predictions: predictions, al: scan.al), planes: planes,
                                targets: targets, input: input, warnings: warnings, checkpoint: checkpoint)
                        } else {
                            try decodeMCUs(
                                RefinementStep(bit: Int16(truncatingIfNeeded: 1 << scan.al)), planes: planes,
                                targets: targets, input: input, warnings: warnings, checkpoint: checkpoint)
                        }
                    }
                }
            }
        }
    }

    /// The MCU loop, specialized for each kind of scan by `step`. Its state lives in locals of
    /// this function rather than in variables that closures capture, so the compiler can keep it
    /// in registers: together with the specialization, that cut the scan's time by two thirds.
    private func decodeMCUs(
        _ step: some DCBlockStep, planes: UnsafeMutableBufferPointer<Int16>,
        targets: UnsafeBufferPointer<Target>, input: JPEGByteReader,
        warnings: DecodeWarnings, checkpoint: () throws -> Void
    ) throws -> UInt8 {
        var bits = EntropyBitReader()
        step.resetPredictions(targets.count)
        var restartsToGo = restartInterval
        var nextRestart = 0
        // libjpeg's insufficient_data: after the data ran out, MCUs are left as they are.
        var insufficient = false
        var warnedEnd = false
        var pending: UInt8?
        for mcuY in 0..<mcuRows {
            for mcuX in 0..<mcusPerRow {
                if restartInterval > 0 {
                    if restartsToGo == 0 {
                        let found = try endSegment(
                            bits, pending: &pending, input: input, warnings: warnings, atRestart: true)
                        if found == 0xD0 + UInt8(nextRestart) || (!warnings.strict && (0xD0...0xD7).contains(found)) {
                            if found != 0xD0 + UInt8(nextRestart) {
                                try warnings.warn(Self.wrongRestart(found, nextRestart))
                            }
                            bits.restart()
                            insufficient = false
                        } else {
                            // Not a restart marker: the rest of the scan is missing (libjpeg's resync
                            // "action 3" leaves the marker for the scan loop).
                            try warnings.warn(Self.wrongRestart(found, nextRestart))
                            pending = found
                            insufficient = true
                        }
                        nextRestart = (nextRestart + 1) & 7
                        step.resetPredictions(targets.count)
                        restartsToGo = restartInterval
                    }
                    restartsToGo -= 1
                }
                if insufficient { continue }
                for t in 0..<targets.count {
                    let target = targets[t]
                    // The MCU's first block of this component; in bounds by construction (the
                    // planes are the MCU grid's size), so plain pointer arithmetic.
                    var row =
                        planes.baseAddress! + (target.plane &+ mcuY &* target.v &* target.stride &+ mcuX &* target.h)
                    for _ in 0..<target.v {
                        for bx in 0..<target.h {
                            try bits.fill(from: input)
                            if let problem = try step.decode(
                                &bits, input: input, component: t, dc: target.dc, ac: target.ac,
                                into: &row[bx])
                            {
                                try report(problem, warnings)
                            }
                        }
                        row += target.stride
                    }
                }
                // As libjpeg: the end of the file is a warning as soon as a read meets it (its
                // source manager's), but blocks go on decoding from the bits already buffered;
                // the MCU that needs bits past the end is finished with zeros, and the rest of
                // the segment is left as it is.
                if bits.endedInput, !warnedEnd {
                    try warnings.warn(Self.prematureEnd)
                    warnedEnd = true
                }
                if bits.overran {
                    if !bits.endedInput { try warnings.warn(Self.hitMarker) }
                    insufficient = true
                }
            }
            try checkpoint()
        }
        return try endSegment(bits, pending: &pending, input: input, warnings: warnings, atRestart: false)
    }

    /// Reports a block's problem as libjpeg does: a bad code is a warning, a coefficient out of
    /// range an error.
    private func report(_ problem: DCBlockProblem, _ warnings: DecodeWarnings) throws {
        switch problem {
        case .badCode: try warnings.warn(.corrupt(.jpeg, detail: "corrupt JPEG data: bad Huffman code"))
        case .outOfRange: throw ImageDecodingError.corrupt(.jpeg, detail: "DCT coefficient out of range")
        }
    }

    /// Ends an entropy-coded segment: garbage before the next marker is "extraneous data"
    /// (libjpeg's warning), and the marker is read. At a restart, whole bytes buffered but not
    /// used count too, as libjpeg's `process_restart` counts them; at the end of a scan libjpeg
    /// drops its bit buffer silently, so a few stray bytes after the last block pass there.
    /// - Returns: The marker's code; EOI when the input ended (already warned about).
    /// Takes the bit reader by value: handing the MCU loop's reader `inout` to a function that
    /// is not inlined would keep it out of registers (see ``EntropyBitReader``).
    private func endSegment(
        _ bits: EntropyBitReader, pending: inout UInt8?, input: JPEGByteReader,
        warnings: DecodeWarnings, atRestart: Bool
    ) throws -> UInt8 {
        if let code = pending {
            pending = nil
            return code
        }
        var skipped = atRestart ? bits.unusedBytes : 0
        let code: UInt8
        if let marker = bits.marker {
            code = marker
        } else if bits.endedInput {
            return JPEGMarker.eoi
        } else if let (found, garbage) = try input.nextMarker() {
            code = found
            skipped += garbage
        } else {
            try warnings.warn(Self.prematureEnd)
            return JPEGMarker.eoi
        }
        if skipped > 0 {
            try warnings.warn(
                .corrupt(
                    .jpeg, detail: "corrupt JPEG data: \(skipped) extraneous bytes before marker 0x\(Self.hex(code))"))
        }
        return code
    }

    /// libjpeg's JWRN_JPEG_EOF: the file ends inside the image.
    static let prematureEnd = ImageDecodingError.truncated(.jpeg, detail: "premature end of JPEG file")
    /// libjpeg's JWRN_HIT_MARKER: a scan's data ends before its last block.
    static let hitMarker = ImageDecodingError.corrupt(.jpeg, detail: "corrupt JPEG data: premature end of data segment")

    private static func wrongRestart(_ found: UInt8, _ expected: Int) -> ImageDecodingError {
        .corrupt(.jpeg, detail: "corrupt JPEG data: found marker 0x\(hex(found)) instead of RST\(expected)")
    }

    /// Two lowercase hex digits, as libjpeg prints marker codes.
    static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }
}
