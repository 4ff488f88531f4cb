/// Turns one row of a caller's pixels into what the downscaler takes, sRGB with straight alpha:
/// alpha divided out or set opaque, then Display P3 converted. Rows that need neither pass
/// through untouched, with no copy.
struct PixelRowConverter {
    /// The profile name the result reports (``ColorAnalysis/colorProfile``), or `nil` for sRGB.
    let profileName: String?
    private let alpha: PixelLayout.Alpha
    private let width: Int
    private let displayP3: DisplayP3Conversion?
    /// One converted row, reserved in the ledger; empty when rows pass through.
    private var scratch: [UInt8]
    private let ledger: MemoryLedger

    /// Reserves the scratch row and builds the conversion the layout needs.
    /// - Parameters:
    ///   - layout: The rows' layout.
    ///   - colorSpace: The space to convert from (`.sRGB` when colour management is off).
    ///   - ledger: Where the scratch row and the tables are reserved.
    init(layout: PixelLayout, colorSpace: PixelColorSpace, ledger: MemoryLedger) throws(MemoryBudgetError) {
        alpha = layout.alpha
        width = layout.width
        self.ledger = ledger
        displayP3 = colorSpace == .displayP3 ? try DisplayP3Conversion(ledger: ledger) : nil
        profileName = colorSpace == .displayP3 ? "Display P3" : nil
        let copies = alpha != .straight || displayP3 != nil
        if copies { try ledger.reserve(width * 4, for: "one converted row of \(width) pixels") }
        scratch = copies ? [UInt8](repeating: 0, count: width * 4) : []
    }

    /// The row as sRGB with straight alpha: `row` itself, or the scratch row. Valid until the
    /// next call.
    mutating func convert(_ row: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
        guard !scratch.isEmpty else { return row }
        let count = width
        let alpha = alpha
        return scratch.withUnsafeMutableBufferPointer { out in
            let destination = out.baseAddress!
            switch alpha {
            case .straight:
                destination.update(from: row, count: count * 4)
            case .ignored:
                for i in 0..<count {
                    let p = i &* 4
                    destination[p] = row[p]
                    destination[p &+ 1] = row[p &+ 1]
                    destination[p &+ 2] = row[p &+ 2]
                    destination[p &+ 3] = 255
                }
            case .premultiplied:
                for i in 0..<count {
                    let p = i &* 4
                    let a = UInt32(row[p &+ 3])
                    destination[p &+ 3] = row[p &+ 3]
                    guard a > 0 else {
                        destination[p] = 0
                        destination[p &+ 1] = 0
                        destination[p &+ 2] = 0
                        continue
                    }
                    // Rounded, and clamped: a channel above its alpha is malformed input, not a trap.
                    for c in 0..<3 {
                        destination[p &+ c] = UInt8(min(255, (UInt32(row[p &+ c]) &* 255 &+ a / 2) / a))
                    }
                }
            }
            displayP3?.convert(destination, into: destination, count: count)
            return UnsafePointer(destination)
        }
    }

    /// Gives the scratch row's reservation back (the tables give theirs back when freed).
    mutating func release() {
        guard !scratch.isEmpty else { return }
        ledger.release(width * 4)
        scratch = []
    }
}
