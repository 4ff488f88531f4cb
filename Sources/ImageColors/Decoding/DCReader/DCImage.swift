/// The DC coefficient of every 8×8 block of every component: all that a progressive JPEG's DC
/// scans hold, and all a 1/8-scale decode needs, since each block becomes one pixel.
///
/// Memory: 2 bytes a block (about 1.1 MB for 24 MP at 4:2:0), against libjpeg's 128 for the
/// whole-image coefficient buffer.
struct DCImage {
    /// The frame the planes belong to.
    let frame: JPEGFrame
    /// Every component's plane, one after another, row-major, one quantized DC value a block.
    var coefficients: [Int16]
    /// Where each component's plane starts in ``coefficients``.
    let planeOffsets: [Int]
    /// The DC quantizer each component took when its first scan began, `nil` before: libjpeg
    /// copies a component's table then, so a later DQT for the same slot does not change it.
    private(set) var quantizers: [Int?]

    /// Bytes the planes take.
    static func bytesNeeded(for frame: JPEGFrame) -> Int { frame.planeBlocks * MemoryLayout<Int16>.size }

    /// Zeroed planes for `frame` (reserve ``bytesNeeded(for:)`` first).
    init(frame: JPEGFrame) {
        self.frame = frame
        var offsets: [Int] = []
        var total = 0
        for component in frame.components {
            offsets.append(total)
            total += component.planeWidth * component.planeHeight
        }
        planeOffsets = offsets
        coefficients = [Int16](repeating: 0, count: total)
        quantizers = [Int?](repeating: nil, count: frame.components.count)
    }

    /// Takes `component`'s DC quantizer from the tables defined so far, if it has none yet.
    /// - Throws: ``ImageDecodingError/corrupt(_:detail:)`` when its DQT slot was never defined.
    mutating func latchQuantizer(_ component: Int, from state: JPEGMarkerState) throws(ImageDecodingError) {
        guard quantizers[component] == nil else { return }
        let slot = frame.components[component].quantTable
        guard let quantizer = state.dcQuantizers[slot] else {
            throw .corrupt(.jpeg, detail: "quantization table 0x0\(slot) was not defined")
        }
        quantizers[component] = quantizer
    }

    /// Writes the 1/8-scale samples of one block row of `component` (``JPEGFrame/Component/widthInBlocks``
    /// bytes), exactly as libjpeg's `jpeg_idct_1x1` computes them:
    /// `range_limit[DESCALE(DC × quantizer, 3) & 1023]`, where the range-limit table maps
    /// −128…383 to 0…255 clamped (and wraps beyond, which only absurd coefficients reach).
    func samples(of component: Int, blockRow: Int, into row: UnsafeMutablePointer<UInt8>) {
        let info = frame.components[component]
        // libjpeg-turbo's SIMD builds (Debian's) keep the dequantization table as 16-bit
        // `short`: a 16-bit DQT entry over 32767 multiplies as a negative number there too.
        let quantizer = Int32(Int16(truncatingIfNeeded: quantizers[component] ?? 0))
        coefficients.withUnsafeBufferPointer { all in
            let plane = all.baseAddress! + planeOffsets[component] + blockRow * info.planeWidth
            for x in 0..<info.widthInBlocks {
                row[x] = Self.rangeLimit((Int32(plane[x]) &* quantizer &+ 4) &>> 3)
            }
        }
    }

    /// libjpeg's post-IDCT range limit (jdmaster.c `prepare_range_limit_table`), indexed by
    /// `value & 1023`: 0…127 → 128…255, 128…511 → 255, 512…895 → 0, 896…1023 → 0…127.
    /// Computed rather than looked up so that the loop calling it vectorizes: shifted by 128,
    /// the index is the sample below 256, then 255 up to 639, then 0.
    @inline(__always)
    static func rangeLimit(_ value: Int32) -> UInt8 {
        let shifted = (value &+ 128) & 1023
        return UInt8(truncatingIfNeeded: shifted < 256 ? shifted : (shifted < 640 ? 255 : 0))
    }
}
