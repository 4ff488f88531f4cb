#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// BlurHash (Wolt, https://blurha.sh): a placeholder as a short string of base-83 digits, the
/// image's colour as a few cosine components in linear light.
///
/// The encoder is the reference's, step for step, in `Double` (sRGB to linear light, each
/// component summed pixel by pixel as `norm · cos(π·i·x/w) · cos(π·j·y/h) · value`, the AC
/// components quantised against their maximum), so it gives the same string as the `blurhash`
/// package on PyPI, which a test checks. BlurHash has no alpha: give it an opaque image
/// (analyses composite transparent pixels onto the card's background first).
public enum BlurHash {
    /// How many cosine components along each axis: 1 to 9 each; more keeps more detail and
    /// makes a longer string (4 + 2·x·y characters).
    public struct Components: Sendable, Hashable, CustomStringConvertible {
        /// Components along the width, 1–9.
        public let x: Int
        /// Components along the height, 1–9.
        public let y: Int

        /// 4×3, the default: a landscape picture's main areas in 28 characters.
        public static let `default` = Components(checkedX: 4, y: 3)

        /// Creates a component count.
        /// - Parameters:
        ///   - x: Along the width, 1–9.
        ///   - y: Along the height, 1–9.
        /// - Throws: ``PlaceholderError/componentsOutOfRange(x:y:)`` when either is outside 1–9.
        public init(x: Int, y: Int) throws(PlaceholderError) {
            guard (1...9).contains(x), (1...9).contains(y) else { throw .componentsOutOfRange(x: x, y: y) }
            self.init(checkedX: x, y: y)
        }

        private init(checkedX x: Int, y: Int) {
            self.x = x
            self.y = y
        }

        /// Parses `XxY` (`4x3`, `4×3`).
        /// - Parameter text: The components as the CLI takes them.
        /// - Throws: ``PlaceholderError/componentsOutOfRange(x:y:)`` for numbers outside 1–9;
        ///   `nil` when the text is not two numbers.
        public init?(parsing text: String) throws(PlaceholderError) {
            let parts = text.lowercased().split(whereSeparator: { $0 == "x" || $0 == "×" })
            guard parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]) else { return nil }
            try self.init(x: x, y: y)
        }

        /// `4x3`.
        public var description: String { "\(x)x\(y)" }
    }

    /// The BlurHash of an opaque image (alpha is ignored).
    /// - Parameters:
    ///   - image: Any size; an analysis passes its 64 px copy (``Placeholders/longSide``).
    ///   - components: Default 4×3.
    /// - Throws: ``PlaceholderError/emptyImage`` for an image without pixels.
    public static func hash(of image: RGBAImage, components: Components = .default) throws -> String {
        guard image.width > 0, image.height > 0 else { throw PlaceholderError.emptyImage }
        let w = image.width
        let h = image.height
        let count = components.x * components.y
        let width = Double(w)
        let height = Double(h)
        // Component k = j·x + i. `norm · cos(π·i·x/w)` is the reference's first product, so
        // taking it from a table gives the same value; each component still sums its terms
        // pixel by pixel in the reference's order, all of them in one pass over the pixels.
        // Laid out pixel-major (x·count + k) so that a pixel's components are contiguous.
        var normCosX = [Double](repeating: 0, count: count * w)
        var cosY = [Double](repeating: 0, count: count * h)
        for j in 0..<components.y {
            for i in 0..<components.x {
                let k = j * components.x + i
                let norm = k == 0 ? 1.0 : 2.0
                for x in 0..<w { normCosX[x * count + k] = norm * cos(Double.pi * Double(i) * Double(x) / width) }
                for y in 0..<h { cosY[y * count + k] = cos(Double.pi * Double(j) * Double(y) / height) }
            }
        }
        var sums = [Double](repeating: 0, count: count * 3)
        normCosX.withUnsafeBufferPointer { normCosX in
            cosY.withUnsafeBufferPointer { cosY in
                image.pixels.withUnsafeBufferPointer { pixels in
                    Self.linearTable.withUnsafeBufferPointer { linear in
                        sums.withUnsafeMutableBufferPointer { sums in
                            for y in 0..<h {
                                let rowCos = cosY.baseAddress! + y * count
                                for x in 0..<w {
                                    let o = (y * w + x) * 4
                                    let r = linear[Int(pixels[o])]
                                    let g = linear[Int(pixels[o + 1])]
                                    let b = linear[Int(pixels[o + 2])]
                                    let columnCos = normCosX.baseAddress! + x * count
                                    for k in 0..<count {
                                        let basis = columnCos[k] * rowCos[k]
                                        sums[k * 3] += basis * r
                                        sums[k * 3 + 1] += basis * g
                                        sums[k * 3 + 2] += basis * b
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        var factors: [(Double, Double, Double)] = []
        var maximumAC = 0.0
        let scale = width * height
        for k in 0..<count {
            let r = sums[k * 3] / scale
            let g = sums[k * 3 + 1] / scale
            let b = sums[k * 3 + 2] / scale
            factors.append((r, g, b))
            if k > 0 { maximumAC = max(maximumAC, abs(r), abs(g), abs(b)) }
        }
        let dc = factors[0]
        let dcValue = sRGBByte(dc.0) << 16 + sRGBByte(dc.1) << 8 + sRGBByte(dc.2)
        let quantisedMaximum = Int(max(0, min(82, (maximumAC * 166 - 0.5).rounded(.down))))
        let acNorm = Double(quantisedMaximum + 1) / 166
        func quantise(_ value: Double) -> Int {
            Int(max(0, min(18, (signPow(value / acNorm, 0.5) * 9 + 9.5).rounded(.down))))
        }
        var hash = ""
        hash.reserveCapacity(4 + 2 * count)
        Base83.append((components.x - 1) + (components.y - 1) * 9, length: 1, to: &hash)
        Base83.append(quantisedMaximum, length: 1, to: &hash)
        Base83.append(dcValue, length: 4, to: &hash)
        for (r, g, b) in factors.dropFirst() {
            Base83.append(quantise(r) * 19 * 19 + quantise(g) * 19 + quantise(b), length: 2, to: &hash)
        }
        return hash
    }

    /// sRGB byte → linear light, the reference's formula: `v / 12.92` up to 0.04045, else
    /// `((v + 0.055) / 1.055)^2.4`.
    package static let linearTable: [Double] = (0...255).map { byte in
        let value = Double(byte) / 255
        return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    /// Linear light → sRGB byte, the reference's formula (clamped, then truncated after + 0.5).
    package static func sRGBByte(_ linear: Double) -> Int {
        let value = max(0, min(1, linear))
        if value <= 0.0031308 { return Int(value * 12.92 * 255 + 0.5) }
        return Int((1.055 * pow(value, 1 / 2.4) - 0.055) * 255 + 0.5)
    }

    /// `|value|^exponent` with the sign of `value`.
    package static func signPow(_ value: Double, _ exponent: Double) -> Double {
        Double(signOf: value, magnitudeOf: pow(abs(value), exponent))
    }
}
