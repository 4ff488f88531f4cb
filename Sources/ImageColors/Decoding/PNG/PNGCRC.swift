/// PNG's CRC-32 (ISO 3309, the polynomial zlib's `crc32` uses), over a chunk's type and data.
enum PNGCRC {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// The CRC of `bytes`, or with `crc` the CRC of the bytes it was computed over followed by
    /// `bytes` (as zlib's `crc32(crc, …)`), so a chunk can be checked piece by piece.
    static func checksum(_ bytes: some Sequence<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
        var crc = crc ^ 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
