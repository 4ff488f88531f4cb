import Foundation

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
    ///   - image: Any size; an analysis passes its 100 px copy (``Placeholders/longSide``).
    ///   - components: Default 4×3.
    /// - Throws: ``PlaceholderError/emptyImage`` for an image without pixels.
    public static func hash(of image: RGBAImage, components: Components = .default) throws -> String {
        guard image.width > 0, image.height > 0 else { throw PlaceholderError.emptyImage }
        let width = Double(image.width), height = Double(image.height)
        let cosX = (0..<components.x).map { i in (0..<image.width).map { cos(Double.pi * Double(i) * Double($0) / width) } }
        let cosY = (0..<components.y).map { j in (0..<image.height).map { cos(Double.pi * Double(j) * Double($0) / height) } }
        let linear = image.pixels.map { linearTable[Int($0)] }
        var factors: [(Double, Double, Double)] = []
        var maximumAC = 0.0
        for j in 0..<components.y {
            for i in 0..<components.x {
                let norm = i == 0 && j == 0 ? 1.0 : 2.0
                var r = 0.0, g = 0.0, b = 0.0
                let fx = cosX[i]
                for y in 0..<image.height {
                    let fy = cosY[j][y]
                    for x in 0..<image.width {
                        let basis = norm * fx[x] * fy
                        let o = (y * image.width + x) * 4
                        r += basis * linear[o]
                        g += basis * linear[o + 1]
                        b += basis * linear[o + 2]
                    }
                }
                let scale = width * height
                r /= scale; g /= scale; b /= scale
                factors.append((r, g, b))
                if i > 0 || j > 0 { maximumAC = max(maximumAC, abs(r), abs(g), abs(b)) }
            }
        }
        let dc = factors[0]
        let dcValue = sRGBByte(dc.0) << 16 + sRGBByte(dc.1) << 8 + sRGBByte(dc.2)
        let quantisedMaximum = Int(max(0, min(82, (maximumAC * 166 - 0.5).rounded(.down))))
        let acNorm = Double(quantisedMaximum + 1) / 166
        func quantise(_ value: Double) -> Int {
            Int(max(0, min(18, (signPow(value / acNorm, 0.5) * 9 + 9.5).rounded(.down))))
        }
        var hash = Base83.encode((components.x - 1) + (components.y - 1) * 9, length: 1)
        hash += Base83.encode(quantisedMaximum, length: 1)
        hash += Base83.encode(dcValue, length: 4)
        for (r, g, b) in factors.dropFirst() {
            hash += Base83.encode(quantise(r) * 19 * 19 + quantise(g) * 19 + quantise(b), length: 2)
        }
        return hash
    }

    /// sRGB byte → linear light, the reference's formula: `v / 12.92` up to 0.04045, else
    /// `((v + 0.055) / 1.055)^2.4`.
    static let linearTable: [Double] = (0...255).map { byte in
        let value = Double(byte) / 255
        return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    /// Linear light → sRGB byte, the reference's formula (clamped, then truncated after + 0.5).
    static func sRGBByte(_ linear: Double) -> Int {
        let value = max(0, min(1, linear))
        if value <= 0.0031308 { return Int(value * 12.92 * 255 + 0.5) }
        return Int((1.055 * pow(value, 1 / 2.4) - 0.055) * 255 + 0.5)
    }

    /// `|value|^exponent` with the sign of `value`.
    static func signPow(_ value: Double, _ exponent: Double) -> Double {
        Double(signOf: value, magnitudeOf: pow(abs(value), exponent))
    }
}
