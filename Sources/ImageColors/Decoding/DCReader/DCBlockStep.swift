/// What can go wrong in one block of a DC scan.
enum DCBlockProblem {
    /// No Huffman code matched (libjpeg warns, fakes a zero difference and goes on).
    case badCode
    /// The running DC value left the 32-bit range (libjpeg's JERR_BAD_DCT_COEF).
    case outOfRange
}

/// How one block of a scan is decoded. ``DCScanDecoder`` is generic over it, so a first scan, a
/// refinement and a sequential scan each get their own specialized MCU loop. A step does not
/// warn (the loop does, rarely), so it inlines; only a sequential step throws, when refilling
/// its bits reads the file.
protocol DCBlockStep {
    /// Decodes one block of scan component `component` into `coefficient` (its DC value); the
    /// bits for the DC coefficient are already buffered.
    /// - Parameters:
    ///   - input: Where more bits come from, for a step that reads past the DC coefficient.
    ///   - dc: The component's DC table (`nil` in a refinement).
    ///   - ac: The component's AC table (sequential scans only).
    func decode(
        _ bits: inout EntropyBitReader, input: JPEGByteReader, component: Int, dc: HuffmanTable.Decoder?,
        ac: HuffmanTable.Decoder?, into coefficient: inout Int16
    ) throws -> DCBlockProblem?
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
    func decode(
        _ bits: inout EntropyBitReader, input: JPEGByteReader, component: Int, dc: HuffmanTable.Decoder?,
        ac: HuffmanTable.Decoder?, into coefficient: inout Int16
    ) -> DCBlockProblem? {
        let table = dc.unsafelyUnwrapped
        var difference: Int32 = 0
        var problem: DCBlockProblem?
        if let (length, value) = table.dcDifference(next: bits.peek(HuffmanTable.skipBits)) {
            bits.consume(length)
            difference = value
        } else {
            var size = 0
            if let (symbol, length) = table.decode(next16: bits.next16) {
                bits.consume(length)
                size = symbol
            } else {
                // libjpeg reads 17 bits and fakes a zero.
                bits.consume(17)
                problem = .badCode
            }
            if size > 0 {
                let raw = Int32(truncatingIfNeeded: bits.read(size))
                // T.81 F.2.2.1 EXTEND: a leading 0 bit means negative.
                difference = raw < 1 &<< (size &- 1) ? raw &- (1 &<< size) &+ 1 : raw
            }
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
    func decode(
        _ bits: inout EntropyBitReader, input: JPEGByteReader, component: Int, dc: HuffmanTable.Decoder?,
        ac: HuffmanTable.Decoder?, into coefficient: inout Int16
    ) -> DCBlockProblem? {
        if bits.read(1) == 1 { coefficient |= bit }
        return nil
    }

    func resetPredictions(_ count: Int) {}
}

/// A sequential (baseline) scan: the DC coefficient as a first scan with Al 0 decodes it, then
/// the 63 AC coefficients skipped, as libjpeg's `decode_mcu` reads them. One look-up in the AC
/// table's skip table covers a code and its extra bits together, and usually the whole run of
/// small coefficients that follows (with the end of block); longer ones take the Annex F path.
/// At 1/8 scale libjpeg decodes the same symbols and throws the AC values away.
struct SequentialStep: DCBlockStep {
    /// Decodes the DC coefficient.
    let dc: FirstScanStep

    @inline(__always)
    func decode(
        _ bits: inout EntropyBitReader, input: JPEGByteReader, component: Int, dc table: HuffmanTable.Decoder?,
        ac: HuffmanTable.Decoder?, into coefficient: inout Int16
    ) throws -> DCBlockProblem? {
        let problem = dc.decode(&bits, input: input, component: component, dc: table, ac: nil, into: &coefficient)
        if problem == .outOfRange { return problem }
        let ac = ac.unsafelyUnwrapped
        var k = 1
        while k < 64 {
            // fill() tops up below 32 bits: enough for the slow path's 16-bit code and 15 extra bits.
            if bits.count < HuffmanTable.skipBits { try bits.fill(from: input) }
            if let entry = ac.skip(next: bits.peek(HuffmanTable.skipBits)) {
                // The whole run at once while the index stays below 64: then libjpeg reads every
                // coefficient of it, and the end of block after them.
                if k &+ entry.runAdvance < 64 {
                    k &+= entry.runAdvance
                    bits.consume(entry.runLength)
                    if entry.runEnds { break }
                    continue
                }
                let (length, advance, withEnd) = (entry.length, entry.advance, entry.withEnd)
                k &+= advance
                // An end-of-block code right behind: the block ends here, unless this
                // coefficient was its 63rd (then those bits start the next block).
                if withEnd != 0, k < 64 {
                    bits.consume(withEnd)
                    break
                }
                bits.consume(length)
                continue
            }
            try bits.fill(from: input)
            guard let (symbol, length) = ac.decode(next16: bits.next16) else {
                // libjpeg reads 17 bits, warns and fakes symbol 0: the end of the block.
                bits.consume(17)
                return .badCode
            }
            bits.consume(length)
            let run = symbol >> 4
            let size = symbol & 15
            if size > 0 {
                bits.consume(size)
                k &+= run &+ 1
            } else if run == 15 {
                k &+= 16
            } else {
                break
            }
        }
        return problem
    }

    func resetPredictions(_ count: Int) { dc.resetPredictions(count) }
}
