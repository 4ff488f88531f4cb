import CImageCodecs
import Foundation
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// ``MatrixShaperConversion`` against LittleCMS's own transform of the same profile.
@Suite("Colour management: matrix-shaper profiles")
struct MatrixShaperConversionTests {
    /// Every 3rd level of each channel (86³ colours), as RGBA with a varying alpha.
    static let grid: [UInt8] = {
        var pixels: [UInt8] = []
        let levels = Array(stride(from: 0, through: 255, by: 3))
        for r in levels {
            for g in levels {
                for b in levels { pixels += [UInt8(r), UInt8(g), UInt8(b), UInt8((r + b) % 256)] }
            }
        }
        return pixels
    }()

    /// Converts the grid with `profile`, directly or through LittleCMS.
    static func convert(_ profile: ColorProfile, direct: Bool) throws -> [UInt8] {
        let transform = try ColorTransform(from: profile, input: .rgba, directMatrixShaper: direct)
        var out = [UInt8](repeating: 0, count: grid.count)
        grid.withUnsafeBufferPointer { transform.convert($0.baseAddress!, into: &out, count: grid.count / 4) }
        return out
    }

    /// The largest difference between two RGBA buffers' colour channels, and how many differ.
    static func channelDifferences(_ a: [UInt8], _ b: [UInt8]) -> (largest: Int, differing: Int) {
        var largest = 0
        var differing = 0
        for i in a.indices where i % 4 != 3 {
            let difference = abs(Int(a[i]) - Int(b[i]))
            largest = max(largest, difference)
            if difference > 0 { differing += 1 }
        }
        return (largest, differing)
    }

    @Test(
        "within one level of LittleCMS on every colour of an 86³ grid, alpha carried over",
        arguments: ["adobe-rgb.icc", "display-p3.icc"])
    func matchesLittleCMS(name: String) throws {
        // Given a matrix-shaper profile (Adobe RGB, Display P3)
        let context = try LCMSContext(ledger: nil)
        let profile = try ColorProfile(try ColorFixtures.data(name), context: context)
        // When the grid is converted directly and by LittleCMS
        let direct = try Self.convert(profile, direct: true)
        let reference = try Self.convert(profile, direct: false)
        // Then no channel differs by more than one level, almost none at all, and alpha is kept
        let (largest, differing) = Self.channelDifferences(direct, reference)
        #expect(largest <= 1, "\(name): off by up to \(largest)")
        // (measured: 0.44% of channel values for Adobe RGB, 0.74% for Display P3)
        let channels = direct.count / 4 * 3
        #expect(differing * 100 <= channels, "\(name): \(differing) of \(channels) channel values differ")
        let alphaKept = stride(from: 3, to: direct.count, by: 4).allSatisfy { (i: Int) -> Bool in
            direct[i] == Self.grid[i]
        }
        #expect(alphaKept)
    }

    @Test("the direct conversion is taken for matrix-shaper RGB profiles only")
    func eligibility() throws {
        let context = try LCMSContext(ledger: nil)
        let adobe = try ColorProfile(try ColorFixtures.data("adobe-rgb.icc"), context: context)
        let sRGB = try ColorProfile(sRGBIn: context)
        #expect(try MatrixShaperConversion(profile: adobe.handle, sRGB: sRGB.handle, context: context) != nil)
        let cmyk = try ColorProfile(try ColorFixtures.data("test-cmyk.icc"), context: context)
        #expect(try MatrixShaperConversion(profile: cmyk.handle, sRGB: sRGB.handle, context: context) == nil)
        let grey = try ColorProfile(try ColorFixtures.data("linear-gray.icc"), context: context)
        #expect(try MatrixShaperConversion(profile: grey.handle, sRGB: sRGB.handle, context: context) == nil)
    }

    @Test("runs of one colour, in place or not, give each pixel's own conversion, with its own alpha")
    func runsReuseTheirResult() throws {
        // Given a row of runs (2, 3 and 1 pixels) whose alpha changes within a run and whose
        // colours differ from the run before by one channel only
        let context = try LCMSContext(ledger: nil)
        let profile = try ColorProfile(try ColorFixtures.data("adobe-rgb.icc"), context: context)
        let transform = try ColorTransform(from: profile, input: .rgba, directMatrixShaper: true)
        let colors: [[UInt8]] = [[10, 200, 30], [10, 200, 31], [11, 200, 31], [0, 0, 0], [255, 255, 255]]
        var row: [UInt8] = []
        for (index, color) in colors.enumerated() {
            for copy in 0..<(index % 3 + 1) { row += color + [UInt8(255 - 40 * copy - index)] }
        }
        // When the row is converted in one call, in place, and pixel by pixel
        var whole = [UInt8](repeating: 0, count: row.count)
        row.withUnsafeBufferPointer { transform.convert($0.baseAddress!, into: &whole, count: row.count / 4) }
        var inPlace = row
        inPlace.withUnsafeMutableBufferPointer {
            transform.convert($0.baseAddress!, into: $0.baseAddress!, count: row.count / 4)
        }
        var alone = [UInt8](repeating: 0, count: row.count)
        for start in stride(from: 0, to: row.count, by: 4) {
            var pixel = [UInt8](repeating: 0, count: 4)
            row[start..<(start + 4)].withUnsafeBufferPointer {
                transform.convert($0.baseAddress!, into: &pixel, count: 1)
            }
            alone.replaceSubrange(start..<(start + 4), with: pixel)
        }
        // Then all three agree byte for byte, alpha included, and the colours were converted
        #expect(whole == alone)
        #expect(inPlace == alone)
        #expect(whole != row)
    }

    @Test("its tables count against the budget: a budget too small for them fails with over-memory-budget")
    func tablesAreBudgeted() throws {
        // Given a budget that holds the profiles but not the 19 kB of tables
        let ledger = MemoryLedger(budget: .megabytes(30))
        let context = try LCMSContext(ledger: ledger)
        let profile = try ColorProfile(try ColorFixtures.data("adobe-rgb.icc"), context: context)
        _ = try ColorProfile(sRGBIn: context)
        try ledger.reserve(ledger.available - RGBMatrixTables.bytes / 2, for: "the test")
        // When the transform is built, then the budget refuses it with the usual error
        #expect(throws: MemoryBudgetError.self) { _ = try ColorTransform(from: profile, input: .rgba) }
    }

    /// The shim's AVX2 kernel (`ic_rgb_matrix_convert`) against ``RGBMatrixTables/convert``, on
    /// the same tables, from `source` at every length from 0 to 19 pixels and whole.
    static func vectorAgainstScalar(curves: [Float], matrix: [Double], source: [UInt8]) -> Bool {
        let storage = UnsafeMutableRawPointer.allocate(byteCount: RGBMatrixTables.bytes, alignment: 16)
        defer { storage.deallocate() }
        RGBMatrixTables.write(curves: curves, matrix: matrix, into: storage)
        let tables = UnsafeRawPointer(storage)
        let pixels = source.count / 4
        var same = true
        for count in Array(0..<20) + [pixels] where count <= pixels {
            var scalar = [UInt8](repeating: 0, count: count * 4)
            var vector = Array(source[0..<(count * 4)])
            source.withUnsafeBufferPointer {
                RGBMatrixTables.convert(tables: tables, $0.baseAddress!, into: &scalar, count: count)
            }
            vector.withUnsafeMutableBufferPointer { out in
                // In place, as ColorManagedSink may call it; the rest (under eight) by the Swift kernel.
                let done = ic_rgb_matrix_convert(
                    tables.assumingMemoryBound(to: Float.self),
                    (tables + RGBMatrixTables.matrixOffset).assumingMemoryBound(to: Float.self),
                    (tables + RGBMatrixTables.encodeOffset).assumingMemoryBound(to: UInt8.self),
                    UInt32(RGBMatrixTables.encodeSteps), out.baseAddress!, out.baseAddress!, count)
                RGBMatrixTables.convert(
                    tables: tables, out.baseAddress! + 4 * done, into: out.baseAddress! + 4 * done, count: count - done)
            }
            if scalar != vector { same = false }
        }
        return same
    }

    @Test(
        "the shim's vector kernel gives the Swift kernel's bytes on every colour of the grid, at any length, in place")
    func vectorKernelMatches() throws {
        // Given Adobe RGB's curves and matrix as MatrixShaperConversion derives them (gamma 563/256, its colorants)
        let curve = (0..<256).map { Float(pow(Double($0) / 255, 563.0 / 256)) }
        let matrix = [1.39836, -0.39836, 0, 0, 1, 0, 0, -0.04293, 1.04293]
        // When the grid is converted by both kernels, then every byte is the same
        let same = Self.vectorAgainstScalar(curves: curve + curve + curve, matrix: matrix, source: Self.grid)
        #expect(same)
    }

    @Test("the vector kernel converts runs of one colour (eight and more, across its groups) as the Swift kernel does")
    func vectorKernelRuns() throws {
        // Given runs of 5 to 20 pixels of one colour, each pixel with its own alpha
        let curve = (0..<256).map { Float(pow(Double($0) / 255, 563.0 / 256)) }
        let matrix = [1.39836, -0.39836, 0, 0, 1, 0, 0, -0.04293, 1.04293]
        var source: [UInt8] = []
        for run in 0..<400 {
            let color = Array(Self.grid[(run * 997 % (Self.grid.count / 4) * 4)...].prefix(3))
            for copy in 0..<(5 + run % 16) { source += color + [UInt8((run * 7 + copy * 13) % 256)] }
        }
        // When both kernels convert them, then every byte is the same, alpha included
        let same = Self.vectorAgainstScalar(curves: curve + curve + curve, matrix: matrix, source: source)
        #expect(same)
    }

    @Test("the vector kernel clamps as the Swift kernel does: negative, over-range, infinite and NaN light")
    func vectorKernelClamps() throws {
        // Given curves with values outside 0…1 (a broken profile's), including infinities and NaN
        var curve = (0..<256).map { Float($0) / 64 - 2 }
        curve[7] = .infinity
        curve[8] = -.infinity
        curve[9] = .nan
        curve[10] = -0.0
        let matrix = [0.9, 0.2, -0.1, -0.3, 1.1, 0.2, 0.05, -0.05, 1.0]
        // When every level of each channel in turn is converted by both kernels, then the bytes are the same
        var source: [UInt8] = []
        for level in 0..<256 {
            source += [UInt8(level), 128, 30, 255, 40, UInt8(level), 200, 0, 9, 77, UInt8(level), 128]
        }
        let same = Self.vectorAgainstScalar(curves: curve + curve.reversed() + curve, matrix: matrix, source: source)
        #expect(same)
    }
}
