#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The tables and the per-pixel kernel of a conversion to sRGB from an RGB space described by
/// three tone curves and a 3×3 matrix (Display P3, Adobe RGB, a camera's matrix-shaper ICC
/// profile): each channel through its curve to linear light, the matrix to linear sRGB, the sRGB
/// curve back.
///
/// The tables live in storage their owner allocates, so that each owner accounts for them its
/// own way: ``DisplayP3Conversion`` reserves them in the ledger, the codec module's ICC path
/// allocates them through LittleCMS's context. About 90 instructions a pixel, nothing allocated;
/// a pixel of the same colour as the one before it reuses its result.
package enum RGBMatrixTables {
    /// Steps of linear light in the encoding table: fine enough that the steep sRGB curve near
    /// black moves less than a quarter level per step.
    package static let encodeSteps = 16384
    /// The layout: 3 × 256 curve values, the 3×3 matrix (both `Float`), then the sRGB encoding
    /// of each step of linear light (package-visible for the codec module's vector kernel).
    package static let matrixOffset = 3 * 256 * 4
    /// Where the encoding table starts (after the matrix).
    package static let encodeOffset = matrixOffset + 9 * 4
    /// Bytes the tables take (about 19 kB).
    package static let bytes = encodeOffset + encodeSteps + 1

    /// Fills `storage` (at least ``bytes``, aligned for `Float`).
    /// - Parameters:
    ///   - curves: 3 × 256 values: each channel's level in linear light (0…1), red, green, blue.
    ///   - matrix: Linear source RGB to linear sRGB, 3×3 row-major.
    ///   - storage: The tables' memory, uninitialised.
    package static func write(curves: [Float], matrix: [Double], into storage: UnsafeMutableRawPointer) {
        precondition(curves.count == 3 * 256 && matrix.count == 9, "RGBMatrixTables: 768 curve values, 9 matrix cells")
        storage.bindMemory(to: Float.self, capacity: 3 * 256).initialize(from: curves, count: 3 * 256)
        let cells = (storage + matrixOffset).bindMemory(to: Float.self, capacity: 9)
        for i in 0..<9 { (cells + i).initialize(to: Float(matrix[i])) }
        let encode = (storage + encodeOffset).bindMemory(to: UInt8.self, capacity: encodeSteps + 1)
        for step in 0...encodeSteps {
            let linear = Double(step) / Double(encodeSteps)
            (encode + step).initialize(to: UInt8((min(1, max(0, encodeSRGB(linear))) * 255).rounded()))
        }
    }

    /// Converts `count` RGBA pixels with the tables in `storage`; alpha is carried over.
    /// `source` and `destination` may be the same memory.
    package static func convert(
        tables storage: UnsafeRawPointer, _ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>,
        count: Int
    ) {
        let red = storage.assumingMemoryBound(to: Float.self)
        let green = red + 256
        let blue = red + 512
        let m = (storage + matrixOffset).assumingMemoryBound(to: Float.self)
        let encode = (storage + encodeOffset).assumingMemoryBound(to: UInt8.self)
        let scale = Float(encodeSteps)
        @inline(__always) func encoded(_ linear: Float) -> UInt8 {
            encode[Int(min(scale, max(0, linear * scale)) + 0.5)]
        }
        let input = UnsafeRawPointer(source)
        let output = UnsafeMutableRawPointer(destination)
        // The last pixel converted, as little-endian words of R, G, B (alpha cleared), and its
        // result: a pixel with the same colour as the one before it (most of a smooth image's
        // pixels, runs of one colour) takes that result without the tables. `UInt32.max` is no
        // colour, so the first pixel is always converted.
        var lastColor = UInt32.max
        var lastResult: UInt32 = 0
        for i in 0..<count {
            let p = i &* 4
            let pixel = UInt32(littleEndian: input.loadUnaligned(fromByteOffset: p, as: UInt32.self))
            let color = pixel & 0x00ff_ffff
            if color != lastColor {
                let r = red[Int(pixel & 0xff)]
                let g = green[Int((pixel >> 8) & 0xff)]
                let b = blue[Int((pixel >> 16) & 0xff)]
                let convertedRed = UInt32(encoded(m[0] * r + m[1] * g + m[2] * b))
                let convertedGreen = UInt32(encoded(m[3] * r + m[4] * g + m[5] * b))
                let convertedBlue = UInt32(encoded(m[6] * r + m[7] * g + m[8] * b))
                lastColor = color
                lastResult = convertedRed | convertedGreen << 8 | convertedBlue << 16
            }
            let result = lastResult | pixel & 0xff00_0000
            output.storeBytes(of: result.littleEndian, toByteOffset: p, as: UInt32.self)
        }
    }

    /// The sRGB transfer function (IEC 61966-2-1), encoded 0…1 to linear light.
    package static func decodeSRGB(_ encoded: Double) -> Double {
        encoded <= 0.04045 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4)
    }

    /// Its inverse: linear light to encoded.
    package static func encodeSRGB(_ linear: Double) -> Double {
        linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055
    }

    /// The inverse of a 3×3 row-major matrix, or `nil` when it is singular.
    package static func inverse(_ a: [Double]) -> [Double]? {
        let c00 = a[4] * a[8] - a[5] * a[7]
        let c01 = a[5] * a[6] - a[3] * a[8]
        let c02 = a[3] * a[7] - a[4] * a[6]
        let determinant = a[0] * c00 + a[1] * c01 + a[2] * c02
        guard abs(determinant) > 1e-12 else { return nil }
        let cofactors = [
            c00, a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
            c01, a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
            c02, a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3],
        ]
        return cofactors.map { $0 / determinant }
    }

    /// `a × b`, both 3×3 row-major.
    package static func product(_ a: [Double], _ b: [Double]) -> [Double] {
        (0..<9).map { cell in
            let row = cell / 3
            let column = cell % 3
            return (0..<3).reduce(0.0) { $0 + a[row * 3 + $1] * b[$1 * 3 + column] }
        }
    }
}
