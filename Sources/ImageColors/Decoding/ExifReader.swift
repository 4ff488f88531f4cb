/// Reads the orientation tag from EXIF (TIFF-structured) data, strictly and without trusting
/// any offset or count in it.
enum ExifReader {
    /// The orientation in IFD0 of `tiff`, or `nil` when absent, out of range or unreadable.
    /// - Parameter tiff: The TIFF structure: from a JPEG APP1 after `Exif\0\0`, or a PNG eXIf chunk.
    static func orientation(in tiff: UnsafeRawBufferPointer) -> Orientation? {
        guard tiff.count >= 8 else { return nil }
        let littleEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            let a = Int(tiff[at])
            let b = Int(tiff[at + 1])
            return littleEndian ? a | b << 8 : a << 8 | b
        }
        func u32(_ at: Int) -> Int? {
            guard let lo = u16(littleEndian ? at : at + 2), let hi = u16(littleEndian ? at + 2 : at) else { return nil }
            return lo | hi << 16
        }
        guard u16(2) == 42, let ifd = u32(4), let entries = u16(ifd) else { return nil }
        for index in 0..<entries {
            let entry = ifd + 2 + index * 12
            guard let tag = u16(entry) else { return nil }
            // 0x0112 Orientation, type SHORT (3), count 1, value in the first two bytes.
            if tag == 0x0112 {
                guard u16(entry + 2) == 3, let value = u16(entry + 8) else { return nil }
                return Orientation(rawValue: value)
            }
        }
        return nil
    }
}
