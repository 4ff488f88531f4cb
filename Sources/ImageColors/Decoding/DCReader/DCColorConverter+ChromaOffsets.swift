extension DCColorConverter {
    /// One chroma row's contribution to R, G and B, spread to the full output width: what
    /// ``DCColorConverter/convert(_:into:width:)`` looks up per pixel for YCbCr, looked up once
    /// per chroma sample and chroma row instead (a 4:2:0 sample serves four pixels).
    ///
    /// Memory: three `Int16` rows of ``width``, counted in ``DCRowWriter/bytesNeeded(for:)``.
    struct ChromaOffsets {
        /// Pixels per row.
        let width: Int
        /// Cr → R, Cb and Cr → G (already shifted down), Cb → B: each within ±227.
        let red, green, blue: UnsafeMutablePointer<Int16>

        /// Uninitialized rows for `width` pixels, in one allocation; ``load(blue:red:repeat:)``
        /// fills them.
        init(width: Int) {
            self.width = width
            let rows = max(1, width)
            red = .allocate(capacity: 3 * rows)
            green = red + rows
            blue = green + rows
        }

        /// Frees the rows.
        func deallocate() {
            red.deallocate()
        }

        /// Fills the rows from one row of Cb and Cr samples, each covering `factor` pixels
        /// (libjpeg's plain upsampling: pixel x takes sample x / `factor`).
        func load(blue cb: UnsafePointer<UInt8>, red cr: UnsafePointer<UInt8>, repeat factor: Int) {
            DCColorConverter.tables.withUnsafeBufferPointer { tables in
                let crToR = tables.baseAddress!
                let cbToB = crToR + 256
                let crToG = crToR + 512
                let cbToG = crToR + 768
                var x = 0
                var sample = 0
                while x < width {
                    let blueSample = Int(cb[sample])
                    let redSample = Int(cr[sample])
                    let r = Int16(truncatingIfNeeded: crToR[redSample])
                    let g = Int16(
                        truncatingIfNeeded: (cbToG[blueSample] &+ crToG[redSample]) >> DCColorConverter.scaleBits)
                    let b = Int16(truncatingIfNeeded: cbToB[blueSample])
                    let end = min(width, x &+ factor)
                    while x < end {
                        red[x] = r
                        green[x] = g
                        blue[x] = b
                        x &+= 1
                    }
                    sample &+= 1
                }
            }
        }
    }

    /// YCbCr to RGBA for one row, as ``convert(_:into:width:)`` does it, with the chroma part
    /// already in `offsets`: R = clamp(Y + Cr→R), and so on. Written so that it vectorizes (no
    /// table look-up per pixel, 16-bit lanes).
    /// - Parameters:
    ///   - luma: `offsets.width` Y samples.
    ///   - offsets: The chroma row's offsets.
    ///   - rgba: `offsets.width × 4` bytes: R, G, B, A for each pixel.
    static func convert(luma: UnsafePointer<UInt8>, offsets: ChromaOffsets, into rgba: UnsafeMutableRawPointer) {
        let (red, green, blue) = (offsets.red, offsets.green, offsets.blue)
        for x in 0..<offsets.width {
            let y = Int16(luma[x])
            let r = UInt32(truncatingIfNeeded: min(max(y &+ red[x], 0), 255))
            let g = UInt32(truncatingIfNeeded: min(max(y &+ green[x], 0), 255))
            let b = UInt32(truncatingIfNeeded: min(max(y &+ blue[x], 0), 255))
            // One 4-byte store a pixel (through the raw pointer: the row is bound to UInt8).
            rgba.storeBytes(
                of: (r | g &<< 8 | b &<< 16 | 0xFF00_0000).littleEndian, toByteOffset: x &* 4, as: UInt32.self)
        }
    }
}
