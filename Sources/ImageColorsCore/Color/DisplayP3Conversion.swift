/// Display P3 to sRGB in Swift, for pixels handed to ``PixelAnalyzer`` tagged
/// ``PixelColorSpace/displayP3`` (what Apple's APIs give for wide-colour photos).
///
/// Display P3 has sRGB's tone curve and white (D65) and wider primaries (DCI-P3's), so the
/// conversion is the sRGB curve to linear light, one 3×3 matrix made from the two sets of
/// primaries, and the curve back: relative colorimetric, colours outside sRGB clipped per
/// channel, as LittleCMS converts an embedded Display P3 profile. `DisplayP3ConversionTests`
/// holds it within one level of LittleCMS over the RGB cube.
package final class DisplayP3Conversion {
    /// The tables (``RGBMatrixTables``), reserved in ``ledger``.
    private let storage: UnsafeMutableRawPointer
    private let ledger: MemoryLedger?

    /// Builds the tables.
    /// - Parameter ledger: Where their ``RGBMatrixTables/bytes`` are reserved; `nil` for no budget.
    /// - Throws: ``MemoryBudgetError`` when the budget refuses them.
    package init(ledger: MemoryLedger?) throws(MemoryBudgetError) {
        try ledger?.reserve(RGBMatrixTables.bytes, for: "the Display P3 conversion tables")
        self.ledger = ledger
        storage = UnsafeMutableRawPointer.allocate(byteCount: RGBMatrixTables.bytes, alignment: 16)
        let curve = (0..<256).map { Float(RGBMatrixTables.decodeSRGB(Double($0) / 255)) }
        RGBMatrixTables.write(curves: curve + curve + curve, matrix: Self.matrix, into: storage)
    }

    deinit {
        storage.deallocate()
        ledger?.release(RGBMatrixTables.bytes)
    }

    /// Converts `count` RGBA pixels; alpha is carried over. In place when both are the same.
    package func convert(_ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>, count: Int) {
        RGBMatrixTables.convert(tables: storage, source, into: destination, count: count)
    }

    /// Linear Display P3 to linear sRGB: sRGB's RGB→XYZ inverted, after P3's.
    package static let matrix: [Double] = {
        let p3 = toXYZ(red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060))
        let sRGB = toXYZ(red: (0.640, 0.330), green: (0.300, 0.600), blue: (0.150, 0.060))
        return RGBMatrixTables.product(RGBMatrixTables.inverse(sRGB)!, p3)
    }()

    /// RGB to XYZ for primaries given as xy chromaticities and the D65 white.
    private static func toXYZ(red: (Double, Double), green: (Double, Double), blue: (Double, Double)) -> [Double] {
        let white = (x: 0.3127, y: 0.3290)
        let primaries = [red, green, blue]
        // Columns: each primary's XYZ at Y = 1, then scaled so that R + G + B = the white.
        let columns = primaries.map { (x, y) in [x / y, 1, (1 - x - y) / y] }
        let unscaled = (0..<9).map { columns[$0 % 3][$0 / 3] }
        let whiteXYZ = [white.x / white.y, 1, (1 - white.x - white.y) / white.y]
        let inverse = RGBMatrixTables.inverse(unscaled)!
        let scale = (0..<3).map { row in (0..<3).reduce(0.0) { $0 + inverse[row * 3 + $1] * whiteXYZ[$1] } }
        return (0..<9).map { unscaled[$0] * scale[$0 % 3] }
    }
}
