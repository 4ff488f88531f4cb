#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ThumbHash {
    /// The picture a ThumbHash stands for, as its reference decoder draws it: by default 32 px
    /// on the long side at the hash's approximate aspect ratio, colours boosted by 1.25 in
    /// saturation, with alpha. For a page or an app that cannot run a ThumbHash decoder itself
    /// (the HTML report embeds it as a PNG).
    /// - Parameters:
    ///   - hash: The hash's bytes.
    ///   - longSide: The drawing's long side, 1–512 (clamped); default 32, the reference's.
    ///     The cosines are evaluated at every pixel, so a larger drawing is as smooth as a
    ///     smaller one scaled up, without a resampling step.
    /// - Throws: ``PlaceholderError/invalidHash(kind:reason:)`` when the bytes are too short for
    ///   what their header announces.
    public static func image(from hash: Data, longSide: Int = 32) throws -> RGBAImage {
        let bytes = [UInt8](hash)
        func invalid(_ reason: String) -> PlaceholderError { .invalidHash(kind: "ThumbHash", reason: reason) }
        guard bytes.count >= 5 else { throw invalid("\(bytes.count) bytes, fewer than the 5 of its header") }
        let header24 = Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16
        let header16 = Int(bytes[3]) | Int(bytes[4]) << 8
        let lDC = Double(header24 & 63) / 63
        let pDC = Double((header24 >> 6) & 63) / 31.5 - 1
        let qDC = Double((header24 >> 12) & 63) / 31.5 - 1
        let lScale = Double((header24 >> 18) & 31) / 31
        let hasAlpha = header24 >> 23 != 0
        let pScale = Double((header16 >> 3) & 63) / 63
        let qScale = Double((header16 >> 9) & 63) / 63
        let isLandscape = header16 >> 15 != 0
        let lCount = header16 & 7
        let lMaximum = hasAlpha ? 5 : 7
        let lx = max(3, isLandscape ? lMaximum : lCount)
        let ly = max(3, isLandscape ? lCount : lMaximum)
        guard !hasAlpha || bytes.count >= 6 else { throw invalid("it announces alpha but has no alpha byte") }
        let aDC = hasAlpha ? Double(bytes[5] & 15) / 15 : 1
        let aScale = hasAlpha ? Double(bytes[5] >> 4) / 15 : 1
        let start = hasAlpha ? 6 : 5
        var index = 0
        func channel(_ nx: Int, _ ny: Int, _ scale: Double) throws(PlaceholderError) -> [Double] {
            var ac: [Double] = []
            for cy in 0..<ny {
                var cx = cy > 0 ? 0 : 1
                while cx * ny < nx * (ny - cy) {
                    let byte = start + index / 2
                    guard byte < bytes.count else {
                        throw invalid("\(bytes.count) bytes, too few for its coefficients")
                    }
                    ac.append((Double((bytes[byte] >> UInt8((index & 1) * 4)) & 15) / 7.5 - 1) * scale)
                    index += 1
                    cx += 1
                }
            }
            return ac
        }
        let lAC = try channel(lx, ly, lScale)
        let pAC = try channel(3, 3, pScale * 1.25)
        let qAC = try channel(3, 3, qScale * 1.25)
        let aAC = hasAlpha ? try channel(5, 5, aScale) : []
        // The reference's approximate aspect ratio: the L coefficient counts as stored.
        let ratio = Double(max(1, isLandscape ? lMaximum : lCount)) / Double(max(1, isLandscape ? lCount : lMaximum))
        let side = Double(min(max(longSide, 1), 512))
        let w = Int((ratio > 1 ? side : side * ratio).rounded())
        let h = Int((ratio > 1 ? side / ratio : side).rounded())
        var image = RGBAImage(width: max(1, w), height: max(1, h), filledWith: .black, alpha: 0)
        let columns = max(lx, hasAlpha ? 5 : 3)
        let rows = max(ly, hasAlpha ? 5 : 3)
        for y in 0..<image.height {
            let fy = (0..<rows).map { cos(Double.pi / Double(image.height) * (Double(y) + 0.5) * Double($0)) }
            for x in 0..<image.width {
                let fx = (0..<columns).map { cos(Double.pi / Double(image.width) * (Double(x) + 0.5) * Double($0)) }
                var l = lDC
                var p = pDC
                var q = qDC
                var a = aDC
                var j = 0
                for cy in 0..<ly {
                    var cx = cy > 0 ? 0 : 1
                    while cx * ly < lx * (ly - cy) {
                        l += lAC[j] * fx[cx] * fy[cy] * 2
                        j += 1
                        cx += 1
                    }
                }
                j = 0
                for cy in 0..<3 {
                    var cx = cy > 0 ? 0 : 1
                    while cx < 3 - cy {
                        let f = fx[cx] * fy[cy] * 2
                        p += pAC[j] * f
                        q += qAC[j] * f
                        j += 1
                        cx += 1
                    }
                }
                if hasAlpha {
                    j = 0
                    for cy in 0..<5 {
                        var cx = cy > 0 ? 0 : 1
                        while cx < 5 - cy {
                            a += aAC[j] * fx[cx] * fy[cy] * 2
                            j += 1
                            cx += 1
                        }
                    }
                }
                let b = l - 2.0 / 3.0 * p
                let r = (3 * l - b + q) / 2
                let g = r - q
                func byte(_ v: Double) -> UInt8 { UInt8((max(0, min(1, v)) * 255).rounded()) }
                image[x, y] = (byte(r), byte(g), byte(b), byte(a))
            }
        }
        return image
    }
}
