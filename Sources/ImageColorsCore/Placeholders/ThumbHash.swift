#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// ThumbHash (Evan Wallace, https://evanw.github.io/thumbhash/): a placeholder of about 25 bytes
/// that keeps an image's aspect ratio, colours and transparency.
///
/// The encoder is the reference's, step for step, in `Double`: the alpha-weighted average
/// colour, the image in an L, P, Q (and A) colour space, each channel's DCT coefficients summed
/// pixel by pixel in the reference's order (up to 7 along the long side for L, 3 for P and Q,
/// 5 for alpha), each quantised to 4 bits. Values are rounded half away from zero, as the
/// reference (JavaScript's `Math.round`) does; Python's `round` takes halves to even, which is
/// the only difference from `thumbhash-python`, whose output a test compares byte for byte.
public enum ThumbHash {
    /// The largest side the encoder takes as it is: 100 px. Larger images are shrunk first.
    public static let maximumSide = 100

    /// The ThumbHash of an image.
    /// - Parameter image: Any size; larger than 100×100 it is first shrunk by the box filter
    ///   to ``Placeholders/longSide`` (64 px), as an analysis does.
    /// - Returns: The hash's bytes (base64 them for JSON or a web page).
    /// - Throws: ``PlaceholderError/emptyImage`` for an image without pixels.
    public static func hash(of image: RGBAImage) throws -> Data {
        guard image.width > 0, image.height > 0 else { throw PlaceholderError.emptyImage }
        let small =
            max(image.width, image.height) > maximumSide
            ? try Placeholders.sourceImage(from: image, ledger: nil) : image
        return encode(small, ties: .toNearestOrAwayFromZero)
    }

    /// The reference encoder, for an image of at most 100×100 and at least 1×1.
    /// - Parameter ties: How values exactly halfway between two steps are rounded: away from zero
    ///   (the reference) or to even (`thumbhash-python`, for the tests).
    package static func encode(_ image: RGBAImage, ties: FloatingPointRoundingRule) -> Data {
        let w = image.width
        let h = image.height
        let count = w * h
        let rgba = image.pixels
        var averageR = 0.0
        var averageG = 0.0
        var averageB = 0.0
        var averageA = 0.0
        for i in 0..<count {
            let alpha = Double(rgba[i * 4 + 3]) / 255
            averageR += alpha / 255 * Double(rgba[i * 4])
            averageG += alpha / 255 * Double(rgba[i * 4 + 1])
            averageB += alpha / 255 * Double(rgba[i * 4 + 2])
            averageA += alpha
        }
        if averageA > 0 {
            averageR /= averageA
            averageG /= averageA
            averageB /= averageA
        }
        func round(_ x: Double) -> Int { Int(x.rounded(ties)) }
        let hasAlpha = averageA < Double(count)
        let lLimit = hasAlpha ? 5.0 : 7.0
        let longest = Double(max(w, h))
        let lx = max(1, round(lLimit * Double(w) / longest))
        let ly = max(1, round(lLimit * Double(h) / longest))
        var l = [Double](repeating: 0, count: count)
        var p = l
        var q = l
        var a = l
        for i in 0..<count {
            let alpha = Double(rgba[i * 4 + 3]) / 255
            let r = averageR * (1 - alpha) + alpha / 255 * Double(rgba[i * 4])
            let g = averageG * (1 - alpha) + alpha / 255 * Double(rgba[i * 4 + 1])
            let b = averageB * (1 - alpha) + alpha / 255 * Double(rgba[i * 4 + 2])
            l[i] = (r + g + b) / 3
            p[i] = (r + g) / 2 - b
            q[i] = r - g
            a[i] = alpha
        }
        let basis = CosineBasis(width: w, height: h, columns: max(lx, 5), rows: max(ly, 5))
        let lChannel = basis.encode(l, nx: max(lx, 3), ny: max(ly, 3))
        let pChannel = basis.encode(p, nx: 3, ny: 3)
        let qChannel = basis.encode(q, nx: 3, ny: 3)
        let aChannel = hasAlpha ? basis.encode(a, nx: 5, ny: 5) : Channel(dc: 1, ac: [], scale: 1)

        let isLandscape = w > h
        var header24 = round(63 * lChannel.dc)
        header24 |= round(31.5 + 31.5 * pChannel.dc) << 6
        header24 |= round(31.5 + 31.5 * qChannel.dc) << 12
        header24 |= round(31 * lChannel.scale) << 18
        if hasAlpha { header24 |= 1 << 23 }
        var header16 = isLandscape ? ly : lx
        header16 |= round(63 * pChannel.scale) << 3
        header16 |= round(63 * qChannel.scale) << 9
        if isLandscape { header16 |= 1 << 15 }
        let acs = [lChannel.ac, pChannel.ac, qChannel.ac] + (hasAlpha ? [aChannel.ac] : [])
        let acCount = acs.map(\.count).reduce(0, +)
        let start = hasAlpha ? 6 : 5
        var hash = [UInt8](repeating: 0, count: start + (acCount + 1) / 2)
        hash[0] = UInt8(truncatingIfNeeded: header24)
        hash[1] = UInt8(truncatingIfNeeded: header24 >> 8)
        hash[2] = UInt8(truncatingIfNeeded: header24 >> 16)
        hash[3] = UInt8(truncatingIfNeeded: header16)
        hash[4] = UInt8(truncatingIfNeeded: header16 >> 8)
        if hasAlpha { hash[5] = UInt8(truncatingIfNeeded: round(15 * aChannel.dc) | round(15 * aChannel.scale) << 4) }
        var index = 0
        for ac in acs {
            for f in ac {
                hash[start + index / 2] |= UInt8(truncatingIfNeeded: round(15 * f) << ((index & 1) * 4))
                index += 1
            }
        }
        return Data(hash)
    }

    /// One channel's DC, its AC coefficients scaled to 0–1, and their scale.
    package struct Channel {
        package var dc: Double
        package var ac: [Double]
        package var scale: Double
    }

    /// The reference's cosines, computed once per image instead of once per coefficient (the
    /// same expressions, so the same values).
    package struct CosineBasis {
        package let width: Int, height: Int
        /// `cos(π / w · cx · (x + 0.5))` at `cx * width + x`.
        package let x: [Double]
        /// `cos(π / h · cy · (y + 0.5))` at `cy * height + y`.
        package let y: [Double]

        package init(width: Int, height: Int, columns: Int, rows: Int) {
            self.width = width
            self.height = height
            x = (0..<columns).flatMap { cx in
                (0..<width).map { cos(Double.pi / Double(width) * Double(cx) * (Double($0) + 0.5)) }
            }
            y = (0..<rows).flatMap { cy in
                (0..<height).map { cos(Double.pi / Double(height) * Double(cy) * (Double($0) + 0.5)) }
            }
        }

        /// The reference's `encodeChannel`: coefficients `(cx, cy)` with `cx·ny < nx·(ny − cy)`,
        /// each summed over rows then columns as `value · fx · fy`.
        package func encode(_ channel: [Double], nx: Int, ny: Int) -> Channel {
            var dc = 0.0
            var ac: [Double] = []
            var scale = 0.0
            let count = Double(width * height)
            channel.withUnsafeBufferPointer { values in
                x.withUnsafeBufferPointer { fxs in
                    y.withUnsafeBufferPointer { fys in
                        for cy in 0..<ny {
                            var cx = 0
                            while cx * ny < nx * (ny - cy) {
                                var f = 0.0
                                let fx = fxs.baseAddress! + cx * width
                                for row in 0..<height {
                                    let fy = fys[cy * height + row]
                                    let base = row * width
                                    for column in 0..<width { f += values[base + column] * fx[column] * fy }
                                }
                                f /= count
                                if cx > 0 || cy > 0 {
                                    ac.append(f)
                                    scale = max(scale, abs(f))
                                } else {
                                    dc = f
                                }
                                cx += 1
                            }
                        }
                    }
                }
            }
            if scale > 0 { ac = ac.map { 0.5 + 0.5 / scale * $0 } }
            return Channel(dc: dc, ac: ac, scale: scale)
        }
    }
}
