/// A JPEG frame header (SOFn) and the block geometry that follows from it.
struct JPEGFrame {
    /// One image component (Y, Cb, Cr, grey, C, M, Y, K …).
    struct Component {
        /// The component identifier scans refer to.
        let id: UInt8
        /// Horizontal sampling factor, 1–4.
        let h: Int
        /// Vertical sampling factor, 1–4.
        let v: Int
        /// The quantization table slot, 0–3.
        let quantTable: Int
        /// 8×8 blocks across the component, as a single-component scan covers them:
        /// ⌈width·h / (8·maxH)⌉. At 1/8 scale, also its width in samples.
        let widthInBlocks: Int
        /// 8×8 blocks down the component: ⌈height·v / (8·maxV)⌉.
        let heightInBlocks: Int
        /// Blocks per row of the DC plane: the MCU grid's (mcusPerRow·h), which holds the
        /// padding blocks an interleaved scan codes past the right edge.
        let planeWidth: Int
        /// Block rows of the DC plane: mcuRows·v.
        let planeHeight: Int
    }

    /// The SOF marker code: 0xC0 baseline, 0xC1 extended sequential, 0xC2 progressive Huffman.
    let marker: UInt8
    /// Bits per sample.
    let precision: Int
    /// Image width in pixels.
    let width: Int
    /// Image height in pixels.
    let height: Int
    /// The components, in frame order.
    let components: [Component]
    /// The largest horizontal sampling factor.
    let maxH: Int
    /// The largest vertical sampling factor.
    let maxV: Int
    /// MCUs across an interleaved scan: ⌈width / (8·maxH)⌉.
    let mcusPerRow: Int
    /// MCU rows of an interleaved scan: ⌈height / (8·maxV)⌉.
    let mcuRows: Int

    /// Parses an SOFn segment's body (after the length).
    /// - Returns: `nil` when the segment is malformed or describes something libjpeg would
    ///   refuse (no pixels, a sampling factor outside 1–4, more than 10 components, a repeated
    ///   component id): the caller then leaves the file to libjpeg, which explains.
    init?(marker: UInt8, segment: [UInt8]) {
        guard segment.count >= 6 else { return nil }
        let count = Int(segment[5])
        guard count >= 1, count <= 10, segment.count == 6 + 3 * count else { return nil }
        self.marker = marker
        let width = Int(segment[3]) << 8 | Int(segment[4])
        let height = Int(segment[1]) << 8 | Int(segment[2])
        guard width > 0, height > 0 else { return nil }
        precision = Int(segment[0])
        self.width = width
        self.height = height
        var factors: [(id: UInt8, h: Int, v: Int, table: Int)] = []
        for i in 0..<count {
            let at = 6 + 3 * i
            let h = Int(segment[at + 1] >> 4)
            let v = Int(segment[at + 1] & 0x0F)
            let table = Int(segment[at + 2])
            guard (1...4).contains(h), (1...4).contains(v), table < 4,
                !factors.contains(where: { $0.id == segment[at] })
            else { return nil }
            factors.append((segment[at], h, v, table))
        }
        let maxH = factors.map(\.h).max()!
        let maxV = factors.map(\.v).max()!
        let mcusPerRow = (width + 8 * maxH - 1) / (8 * maxH)
        let mcuRows = (height + 8 * maxV - 1) / (8 * maxV)
        components = factors.map { f in
            Component(
                id: f.id, h: f.h, v: f.v, quantTable: f.table,
                widthInBlocks: (width * f.h + 8 * maxH - 1) / (8 * maxH),
                heightInBlocks: (height * f.v + 8 * maxV - 1) / (8 * maxV),
                planeWidth: mcusPerRow * f.h, planeHeight: mcuRows * f.v)
        }
        self.maxH = maxH
        self.maxV = maxV
        self.mcusPerRow = mcusPerRow
        self.mcuRows = mcuRows
    }

    /// Whether this is a frame the DC reader decodes: Huffman-coded (baseline SOF0, extended
    /// sequential SOF1 or progressive SOF2), 8-bit, with grey, three- or four-component colour,
    /// and sampling factors that divide the largest ones (libjpeg refuses fractional upsampling
    /// anyway).
    var isDCDecodable: Bool {
        [0xC0, 0xC1, 0xC2].contains(marker) && precision == 8 && [1, 3, 4].contains(components.count)
            && components.allSatisfy { maxH % $0.h == 0 && maxV % $0.v == 0 }
    }

    /// Whether the frame is progressive (SOF2); otherwise its scans are sequential.
    var isProgressive: Bool { marker == 0xC2 }

    /// Blocks in all DC planes: what the reader keeps, 2 bytes each.
    var planeBlocks: Int { components.reduce(0) { $0 + $1.planeWidth * $1.planeHeight } }

    /// The index of the component with identifier `id`.
    func componentIndex(id: UInt8) -> Int? { components.firstIndex { $0.id == id } }
}

/// The colour space of a JPEG's components, decided as libjpeg decides it
/// (`default_decompress_parms` in jdapimin.c).
enum JPEGColorSpace: Equatable {
    /// One component, shown as grey.
    case grey
    /// Luma and two colour differences (JFIF's usual case).
    case yCbCr
    /// Three components stored as R, G, B (Adobe transform 0, or component ids "R", "G", "B").
    case rgb
    /// Four inks stored as they are (Adobe transform 0, or no Adobe marker).
    case cmyk
    /// YCbCr for the inks C, M, Y, with K as it is (Adobe transform 2).
    case ycck

    /// The colour space of `frame`, or `nil` when libjpeg would warn about it (an Adobe
    /// transform code it does not know) or cannot convert it to RGB.
    /// - Parameters:
    ///   - frame: The frame header.
    ///   - sawJFIF: Whether a JFIF APP0 marker came before the first scan.
    ///   - adobeTransform: The transform code of an Adobe APP14 marker, if one came.
    static func of(_ frame: JPEGFrame, sawJFIF: Bool, adobeTransform: Int?) -> JPEGColorSpace? {
        switch frame.components.count {
        case 1: return .grey
        case 3:
            if sawJFIF { return .yCbCr }
            switch adobeTransform {
            case 0: return .rgb
            case 1: return .yCbCr
            case .some: return nil
            case nil:
                // No marker says: libjpeg guesses from the component ids ("R", "G", "B" is RGB).
                return frame.components.map(\.id) == [0x52, 0x47, 0x42] ? .rgb : .yCbCr
            }
        case 4:
            switch adobeTransform {
            case nil, 0: return .cmyk
            case 2: return .ycck
            case .some: return nil
            }
        default: return nil
        }
    }
}
