/// Turns one row of 1/8-scale component samples into RGBA the way libjpeg does with plain
/// upsampling (`do_fancy_upsampling = FALSE`, djpeg `-nosmooth`): each subsampled component's
/// sample is repeated across the pixels it covers (``DCRowWriter`` does that), then converted
/// with libjpeg's fixed-point tables (jdcolor.c), and CMYK goes to RGB like the shim's
/// `ic_cmyk_to_rgba`.
struct DCColorConverter {
    /// The stored colour space.
    let colorSpace: JPEGColorSpace
    /// Adobe's inverted CMYK (0 = full ink): true whenever an Adobe APP14 marker was seen, as the
    /// libjpeg path decides from `saw_Adobe_marker`.
    let invertedCMYK: Bool
    /// CMYK and YCCK images go out as 4-byte C, M, Y, K rows (as libjpeg's CMYK output, before
    /// any conversion) for the sink to convert with the image's CMYK profile.
    let rawCMYK: Bool

    /// Converts `width` pixels into `rgba`.
    /// - Parameters:
    ///   - rows: One row per component, in frame order, each `width` samples (already repeated
    ///     across the pixels a subsampled sample covers).
    ///   - rgba: `width × 4` bytes.
    ///   - width: Output pixels.
    func convert(_ rows: [UnsafeMutablePointer<UInt8>], into rgba: UnsafeMutablePointer<UInt8>, width: Int) {
        // One loop per colour space, outside the pixel loop, with the tables as plain pointers.
        Self.tables.withUnsafeBufferPointer { tables in
            let crToR = tables.baseAddress!
            let cbToB = crToR + 256
            let crToG = crToR + 512
            let cbToG = crToR + 768
            switch colorSpace {
            case .grey:
                let y = rows[0]
                for x in 0..<width {
                    rgba[4 * x] = y[x]
                    rgba[4 * x + 1] = y[x]
                    rgba[4 * x + 2] = y[x]
                    rgba[4 * x + 3] = 255
                }
            case .rgb:
                let (r, g, b) = (rows[0], rows[1], rows[2])
                for x in 0..<width {
                    rgba[4 * x] = r[x]
                    rgba[4 * x + 1] = g[x]
                    rgba[4 * x + 2] = b[x]
                    rgba[4 * x + 3] = 255
                }
            case .yCbCr:
                let (luma, blue, red) = (rows[0], rows[1], rows[2])
                for x in 0..<width {
                    let y = Int(luma[x])
                    let cb = Int(blue[x])
                    let cr = Int(red[x])
                    rgba[4 * x] = Self.clamp(y + crToR[cr])
                    rgba[4 * x + 1] = Self.clamp(y + ((cbToG[cb] + crToG[cr]) >> Self.scaleBits))
                    rgba[4 * x + 2] = Self.clamp(y + cbToB[cb])
                    rgba[4 * x + 3] = 255
                }
            case .cmyk:
                for x in 0..<width {
                    inks(Int(rows[0][x]), Int(rows[1][x]), Int(rows[2][x]), Int(rows[3][x]), rgba + 4 * x)
                }
            case .ycck:
                for x in 0..<width {
                    // jdcolor.c ycck_cmyk_convert: the YCbCr part becomes inverted RGB, K passes through.
                    let y = Int(rows[0][x])
                    let cb = Int(rows[1][x])
                    let cr = Int(rows[2][x])
                    let c = Int(Self.clamp(255 - (y + crToR[cr])))
                    let m = Int(Self.clamp(255 - (y + ((cbToG[cb] + crToG[cr]) >> Self.scaleBits))))
                    let yellow = Int(Self.clamp(255 - (y + cbToB[cb])))
                    inks(c, m, yellow, Int(rows[3][x]), rgba + 4 * x)
                }
            }
        }
    }

    /// One CMYK pixel out: as it is when ``rawCMYK``, else to RGB by the shim's
    /// `ic_cmyk_to_rgba`: plain CMYK (255 = full ink) is inverted first, then each channel is
    /// `(ink·k + 127) / 255`.
    @inline(__always)
    private func inks(_ c: Int, _ m: Int, _ y: Int, _ k: Int, _ out: UnsafeMutablePointer<UInt8>) {
        if rawCMYK {
            out[0] = UInt8(c)
            out[1] = UInt8(m)
            out[2] = UInt8(y)
            out[3] = UInt8(k)
            return
        }
        let (c, m, y, k) = invertedCMYK ? (c, m, y, k) : (255 - c, 255 - m, 255 - y, 255 - k)
        out[0] = UInt8((c * k + 127) / 255)
        out[1] = UInt8((m * k + 127) / 255)
        out[2] = UInt8((y * k + 127) / 255)
        out[3] = 255
    }

    /// libjpeg's `sample_range_limit` for colour conversion: clamps to 0…255.
    @inline(__always)
    private static func clamp(_ value: Int) -> UInt8 { UInt8(max(0, min(255, value))) }

    /// jdcolor.c's SCALEBITS: 16-bit fixed point.
    static let scaleBits = 16

    /// jdcolor.c's `build_ycc_rgb_table`, four tables of 256 indexed by the Cb or Cr sample,
    /// built once with libjpeg's FIX() rounding, `Int(x · 65536 + 0.5)`:
    /// Cr → R, the nearest integer to 1.40200·(Cr − 128); Cb → B, nearest to 1.77200·(Cb − 128);
    /// Cr → G, −0.71414·(Cr − 128) scaled by 2¹⁶; Cb → G, −0.34414·(Cb − 128) scaled by 2¹⁶ with
    /// the rounding half added.
    static let tables: [Int] = {
        func fix(_ x: Double) -> Int { Int(x * Double(1 << scaleBits) + 0.5) }
        let half = 1 << (scaleBits - 1)
        var t = [Int](repeating: 0, count: 1024)
        for i in 0..<256 {
            let x = i - 128
            t[i] = (fix(1.40200) * x + half) >> scaleBits
            t[256 + i] = (fix(1.77200) * x + half) >> scaleBits
            t[512 + i] = -fix(0.71414) * x
            t[768 + i] = -fix(0.34414) * x + half
        }
        return t
    }()
}
