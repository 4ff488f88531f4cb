#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension BlurHash {
    /// The picture a BlurHash stands for, as the reference decoder draws it (opaque).
    /// - Parameters:
    ///   - hash: The BlurHash string.
    ///   - width: Width in pixels, 1–512 (clamped).
    ///   - height: Height in pixels, 1–512 (clamped).
    ///   - punch: Contrast of the components; default 1.
    /// - Throws: ``PlaceholderError/invalidHash(kind:reason:)`` for a string that is not a
    ///   BlurHash (a character outside base 83, or a length that does not match its components).
    public static func image(from hash: String, width: Int, height: Int, punch: Double = 1) throws -> RGBAImage {
        func invalid(_ reason: String) -> PlaceholderError { .invalidHash(kind: "BlurHash", reason: reason) }
        let characters = Array(hash)
        guard characters.count >= 6 else { throw invalid("\(characters.count) characters, fewer than 6") }
        func decode(_ range: Range<Int>) throws(PlaceholderError) -> Int {
            guard let value = Base83.decode(characters[range]) else { throw invalid("a character outside base 83") }
            return value
        }
        let sizeInfo = try decode(0..<1)
        let nx = sizeInfo % 9 + 1
        let ny = sizeInfo / 9 + 1
        guard characters.count == 4 + 2 * nx * ny else {
            throw invalid("\(characters.count) characters where \(nx)×\(ny) components need \(4 + 2 * nx * ny)")
        }
        let maximum = Double(try decode(1..<2) + 1) / 166 * punch
        let dc = try decode(2..<6)
        var colors = [(linearTable[dc >> 16], linearTable[(dc >> 8) & 255], linearTable[dc & 255])]
        for component in 1..<(nx * ny) {
            let value = try decode((4 + component * 2)..<(6 + component * 2))
            func channel(_ q: Int) -> Double { signPow((Double(q) - 9) / 9, 2) * maximum }
            colors.append((channel(value / (19 * 19)), channel((value / 19) % 19), channel(value % 19)))
        }
        let w = min(max(width, 1), 512)
        let h = min(max(height, 1), 512)
        var image = RGBAImage(width: w, height: h, filledWith: .black)
        for y in 0..<h {
            for x in 0..<w {
                var r = 0.0
                var g = 0.0
                var b = 0.0
                for j in 0..<ny {
                    for i in 0..<nx {
                        let basis =
                            cos(Double.pi * Double(x) * Double(i) / Double(w))
                            * cos(Double.pi * Double(y) * Double(j) / Double(h))
                        let color = colors[i + j * nx]
                        r += color.0 * basis
                        g += color.1 * basis
                        b += color.2 * basis
                    }
                }
                image[x, y] = (UInt8(sRGBByte(r)), UInt8(sRGBByte(g)), UInt8(sRGBByte(b)), 255)
            }
        }
        return image
    }
}
