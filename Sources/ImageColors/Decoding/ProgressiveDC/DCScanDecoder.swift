/// Decodes one DC scan of a progressive JPEG into the ``DCImage``: a first scan (Ah = 0,
/// Huffman-coded differences, T.81 G.1.2.1) or a refinement (Ah > 0, one raw bit a block),
/// interleaved or single-component, with restart intervals. Mirrors libjpeg's jdphuff.c
/// `decode_mcu_DC_first` / `decode_mcu_DC_refine` / `process_restart`, warnings included.
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
        /// The DC table of a first scan; `nil` for a refinement.
        let table: HuffmanTable.Decoder?
    }

    /// The scan header.
    private let scan: JPEGScanHeader
    /// The scan's components, in scan order.
    private let targets: [Target]
    /// Keeps the tables the targets point into alive.
    private let tables: [HuffmanTable?]
    /// MCUs across the scan.
    private let mcusPerRow: Int
    /// MCU rows of the scan.
    private let mcuRows: Int
    /// MCUs between restart markers, 0 for none.
    private let restartInterval: Int

    /// Prepares to decode `scan`.
    /// - Parameters:
    ///   - tables: The scan members' DC tables, built (first scans only; refinements use none).
    ///   - image: Where the planes are.
    ///   - restartInterval: MCUs between restart markers, 0 for none.
    init(scan: JPEGScanHeader, tables: [HuffmanTable?], image: DCImage, restartInterval: Int) {
        self.scan = scan
        self.tables = tables
        self.restartInterval = restartInterval
        let frame = image.frame
        let interleaved = scan.members.count > 1
        targets = zip(scan.members, tables).map { member, table in
            let component = frame.components[member.index]
            // A single-component scan's MCU is one block (T.81 A.2.2), whatever the factors.
            return Target(plane: image.planeOffsets[member.index], stride: component.planeWidth,
                          h: interleaved ? component.h : 1, v: interleaved ? component.v : 1, table: table?.decoder)
        }
        let only = frame.components[scan.members[0].index]
        mcusPerRow = interleaved ? frame.mcusPerRow : only.widthInBlocks
        mcuRows = interleaved ? frame.mcuRows : only.heightInBlocks
    }

    /// Decodes the scan's data, which starts at `input`'s position, into `image`.
    /// - Parameter checkpoint: Called after every MCU row (deadline and cancellation).
    /// - Returns: The marker after the scan's data (EOI when the input ended and warnings are
    ///   not errors).
    func decode(into image: inout DCImage, input: JPEGByteReader, warnings: DecodeWarnings,
                checkpoint: () throws -> Void) throws -> UInt8 {
        try withExtendedLifetime(tables) {
            try targets.withUnsafeBufferPointer { targets in
                try image.coefficients.withUnsafeMutableBufferPointer { planes in
                    try withUnsafeTemporaryAllocation(of: Int32.self, capacity: targets.count) { predictions in
                        if scan.ah == 0 {
                            try decodeMCUs(FirstScanStep(predictions: predictions, al: scan.al), planes: planes,
                                           targets: targets, input: input, warnings: warnings, checkpoint: checkpoint)
                        } else {
                            try decodeMCUs(RefinementStep(bit: Int16(truncatingIfNeeded: 1 << scan.al)), planes: planes,
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
    private func decodeMCUs(_ step: some DCBlockStep, planes: UnsafeMutableBufferPointer<Int16>,
                            targets: UnsafeBufferPointer<Target>, input: JPEGByteReader,
                            warnings: DecodeWarnings, checkpoint: () throws -> Void) throws -> UInt8 {
        var bits = EntropyBitReader()
        step.resetPredictions(targets.count)
        var restartsToGo = restartInterval
        var nextRestart = 0
        // libjpeg's insufficient_data: after the data ran out, MCUs are left as they are.
        var insufficient = false
        var pending: UInt8?
        for mcuY in 0..<mcuRows {
            for mcuX in 0..<mcusPerRow {
                if restartInterval > 0 {
                    if restartsToGo == 0 {
                        let found = try endSegment(&bits, pending: &pending, input: input, warnings: warnings)
                        if found == 0xD0 + UInt8(nextRestart) || (!warnings.strict && (0xD0...0xD7).contains(found)) {
                            if found != 0xD0 + UInt8(nextRestart) { try warnings.warn(Self.wrongRestart(found, nextRestart)) }
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
                    var row = planes.baseAddress! + (target.plane &+ mcuY &* target.v &* target.stride &+ mcuX &* target.h)
                    for _ in 0..<target.v {
                        for bx in 0..<target.h {
                            try bits.fill(from: input)
                            if let problem = step.decode(&bits, component: t, table: target.table, into: &row[bx]) {
                                try report(problem, warnings)
                            }
                        }
                        row += target.stride
                    }
                }
                if bits.endedInput || bits.overran {
                    try warnings.warn(bits.endedInput ? Self.prematureEnd : Self.hitMarker)
                    insufficient = true
                }
            }
            try checkpoint()
        }
        return try endSegment(&bits, pending: &pending, input: input, warnings: warnings)
    }

    /// Reports a block's problem as libjpeg does: a bad code is a warning, a coefficient out of
    /// range an error.
    private func report(_ problem: DCBlockProblem, _ warnings: DecodeWarnings) throws {
        switch problem {
        case .badCode: try warnings.warn(.corrupt(.jpeg, detail: "corrupt JPEG data: bad Huffman code"))
        case .outOfRange: throw ImageDecodingError.corrupt(.jpeg, detail: "DCT coefficient out of range")
        }
    }

    /// Ends an entropy-coded segment: whole unused bytes and garbage before the next marker are
    /// "extraneous data" (libjpeg's warning), and the marker is read.
    /// - Returns: The marker's code; EOI when the input ended (already warned about).
    private func endSegment(_ bits: inout EntropyBitReader, pending: inout UInt8?, input: JPEGByteReader,
                            warnings: DecodeWarnings) throws -> UInt8 {
        if let code = pending {
            pending = nil
            return code
        }
        var skipped = bits.unusedBytes
        let code: UInt8
        if let marker = bits.takeMarker() {
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
            try warnings.warn(.corrupt(.jpeg, detail: "corrupt JPEG data: \(skipped) extraneous bytes before marker 0x\(Self.hex(code))"))
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

/// What can go wrong in one block of a DC scan.
enum DCBlockProblem {
    /// No Huffman code matched (libjpeg warns, fakes a zero difference and goes on).
    case badCode
    /// The running DC value left the 32-bit range (libjpeg's JERR_BAD_DCT_COEF).
    case outOfRange
}

/// How one block of a DC scan is decoded. ``DCScanDecoder`` is generic over it, so a first scan
/// and a refinement each get their own specialized, smaller MCU loop. A step neither throws nor
/// warns (the loop does, rarely), so it inlines.
protocol DCBlockStep {
    /// Decodes one block of scan component `component` into `coefficient`.
    func decode(_ bits: inout EntropyBitReader, component: Int, table: HuffmanTable.Decoder?,
                into coefficient: inout Int16) -> DCBlockProblem?
    /// Sets the DC predictions of `count` components to 0 (at the scan's start and each restart).
    func resetPredictions(_ count: Int)
}

/// A first DC scan (Ah = 0): the Huffman-coded size of the difference, its extra bits, the
/// prediction; libjpeg's `decode_mcu_DC_first`.
struct FirstScanStep: DCBlockStep {
    /// One running DC value per scan component.
    let predictions: UnsafeMutableBufferPointer<Int32>
    /// The bit position the scan codes (successive approximation).
    let al: Int

    @inline(__always)
    func decode(_ bits: inout EntropyBitReader, component: Int, table: HuffmanTable.Decoder?,
                into coefficient: inout Int16) -> DCBlockProblem? {
        var size = 0, problem: DCBlockProblem?
        if let (symbol, length) = table.unsafelyUnwrapped.decode(next16: bits.next16) {
            bits.consume(length)
            size = symbol
        } else {
            // libjpeg reads 17 bits and fakes a zero.
            bits.consume(17)
            problem = .badCode
        }
        var difference: Int32 = 0
        if size > 0 {
            let raw = Int32(truncatingIfNeeded: bits.read(size))
            // T.81 F.2.2.1 EXTEND: a leading 0 bit means negative.
            difference = raw < 1 &<< (size &- 1) ? raw &- (1 &<< size) &+ 1 : raw
        }
        let (sum, overflow) = predictions[component].addingReportingOverflow(difference)
        if overflow { return .outOfRange }
        predictions[component] = sum
        // libjpeg stores (JCOEF)(value << Al): a 16-bit truncation.
        coefficient = Int16(truncatingIfNeeded: Int(sum) &<< al)
        return problem
    }

    func resetPredictions(_ count: Int) {
        predictions.baseAddress!.update(repeating: 0, count: count)
    }
}

/// A DC refinement (Ah > 0): one raw bit a block, OR-ed in at bit Al; libjpeg's
/// `decode_mcu_DC_refine`.
struct RefinementStep: DCBlockStep {
    /// `1 << Al`.
    let bit: Int16

    @inline(__always)
    func decode(_ bits: inout EntropyBitReader, component: Int, table: HuffmanTable.Decoder?,
                into coefficient: inout Int16) -> DCBlockProblem? {
        if bits.read(1) == 1 { coefficient |= bit }
        return nil
    }

    func resetPredictions(_ count: Int) {}
}
