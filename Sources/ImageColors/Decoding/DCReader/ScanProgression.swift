/// The progression so far: for each component and coefficient, the successive-approximation bit
/// its last scan coded (−1 before any scan). Each scan is checked against it the way libjpeg's
/// `start_pass_phuff_decoder` checks: impossible parameters are errors, an out-of-order
/// sequence is a warning.
///
/// AC scans are checked too, though their data is skipped: the file must be one libjpeg accepts.
struct ScanProgression {
    /// 64 entries per component.
    private var bits: [Int8]

    /// Starts with no coefficient coded.
    /// - Parameter componentCount: The frame's components.
    init(componentCount: Int) {
        bits = [Int8](repeating: -1, count: componentCount * 64)
    }

    /// Whether some scan has coded `component`'s DC coefficient.
    func hasDC(_ component: Int) -> Bool { bits[component * 64] >= 0 }

    /// Checks `scan` and records what it codes.
    /// - Throws: ``ImageDecodingError/corrupt(_:detail:)`` for parameters no valid progressive
    ///   scan has; or, when `warnings` is strict, for a scan out of sequence (a band refined
    ///   before it was first coded, an AC band before its DC).
    mutating func begin(_ scan: JPEGScanHeader, warnings: DecodeWarnings) throws(ImageDecodingError) {
        var bad = scan.isDC ? scan.se != 0 : scan.ss > scan.se || scan.se > 63 || scan.members.count != 1
        if scan.ah != 0, scan.al != scan.ah - 1 { bad = true }
        if scan.al > 13 { bad = true }
        if bad {
            throw .corrupt(
                .jpeg, detail: "invalid progressive parameters Ss=\(scan.ss) Se=\(scan.se) Ah=\(scan.ah) Al=\(scan.al)")
        }
        for member in scan.members {
            let base = member.index * 64
            if !scan.isDC, bits[base] < 0 { try warnings.warn(Self.inconsistent(member.index, 0)) }
            for k in scan.ss...scan.se {
                if scan.ah != max(0, Int(bits[base + k])) { try warnings.warn(Self.inconsistent(member.index, k)) }
                bits[base + k] = Int8(scan.al)
            }
        }
    }

    private static func inconsistent(_ component: Int, _ coefficient: Int) -> ImageDecodingError {
        .corrupt(
            .jpeg, detail: "inconsistent progression sequence for component \(component) coefficient \(coefficient)")
    }
}
