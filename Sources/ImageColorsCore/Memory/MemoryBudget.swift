#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The most memory one analysis may use for image data: decoder state, row buffers,
/// downscaler accumulators and, for downloads, compressed bytes held in memory.
///
/// Every large allocation is checked against the budget *before* it is made, from sizes
/// computed out of the image header, so an image that would not fit fails at once with
/// ``MemoryBudgetError`` instead of growing the process.
public struct MemoryBudget: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The budget in bytes.
    public var bytes: Int

    /// Creates a budget of `bytes` bytes.
    /// - Parameter bytes: The budget; at least 0.
    public init(bytes: Int) {
        self.bytes = max(0, bytes)
    }

    /// A budget in decimal megabytes (1 MB = 1 000 000 bytes); one too large for an `Int` of
    /// bytes is `Int.max` bytes.
    public static func megabytes(_ value: Int) -> MemoryBudget { MemoryBudget(bytes: saturating(value, 1_000_000)) }
    /// A budget in binary mebibytes (1 MiB = 1 048 576 bytes); one too large for an `Int` of
    /// bytes is `Int.max` bytes.
    public static func mebibytes(_ value: Int) -> MemoryBudget { MemoryBudget(bytes: saturating(value, 1_048_576)) }

    /// `value × unit`, or `Int.max` when that overflows (negative values become 0 in `init`).
    private static func saturating(_ value: Int, _ unit: Int) -> Int {
        let (product, overflow) = value.multipliedReportingOverflow(by: unit)
        return overflow ? (value < 0 ? 0 : Int.max) : product
    }

    /// 30 MB: what a phone widget extension can spend on images.
    public static let `default` = MemoryBudget.megabytes(30)

    /// Parses a size: plain bytes (`500000`) or a number with a unit, decimal (`KB`, `MB`, `GB`)
    /// or binary (`KiB`, `MiB`, `GiB`), case-insensitive, optionally with a space and a fraction
    /// (`1.5GB`). `nil` for anything else.
    /// - Parameter text: The size as a user writes it.
    public init?(parsing text: String) {
        let trimmed = text.trimmingSpaces()
        let number = trimmed.prefix { $0.isNumber || $0 == "." }
        let unit = trimmed.dropFirst(number.count).trimmingSpaces().lowercased()
        let multipliers: [String: Double] = [
            "": 1, "b": 1,
            "kb": 1e3, "mb": 1e6, "gb": 1e9,
            "kib": 1024, "mib": 1_048_576, "gib": 1_073_741_824,
        ]
        guard !number.isEmpty, let value = Double(number), let multiplier = multipliers[unit] else { return nil }
        let bytes = (value * multiplier).rounded()
        guard bytes.isFinite, bytes >= 0, bytes <= Double(Int.max / 2) else { return nil }
        self.init(bytes: Int(bytes))
    }

    /// The budget for people: "30 MB", "64 MiB", "500000 bytes".
    public var description: String { MemoryBudget.format(bytes: bytes) }

    /// Formats a byte count the way messages show it: whole MB or MiB when exact, else MB with
    /// one decimal from 1 MB, kB from 10 kB, bytes below.
    /// - Parameter bytes: The count.
    public static func format(bytes: Int) -> String {
        if bytes >= 1_000_000, bytes % 1_000_000 == 0 { return "\(bytes / 1_000_000) MB" }
        if bytes >= 1_048_576, bytes % 1_048_576 == 0 { return "\(bytes / 1_048_576) MiB" }
        if bytes >= 1_000_000 {
            let tenths = rounded(bytes, dividedBy: 100_000)
            return "\(tenths / 10).\(tenths % 10) MB"
        }
        if bytes >= 10_000 { return "\((bytes + 500) / 1000) kB" }
        return "\(bytes) bytes"
    }

    /// Formats a byte count in the unit `reference` is shown in, so that the amounts one message
    /// compares read alike: binary (whole MiB, else MiB with one decimal, from 1 MiB) when
    /// `reference` is a whole number of MiB but not of MB (a budget given as `64MiB`), else
    /// decimal (whole MB, else MB with one decimal, from 1 MB). A needed 29 MiB against a 30 MB
    /// budget reads "30.4 MB", never "29 MiB", which looked as if it fitted. Below a megabyte,
    /// as ``format(bytes:)``.
    /// - Parameters:
    ///   - bytes: The count.
    ///   - reference: The amount whose unit is used (the budget or the pool's capacity).
    public static func format(bytes: Int, unitOf reference: Int) -> String {
        let binary = reference >= 1_048_576 && reference % 1_048_576 == 0 && reference % 1_000_000 != 0
        let unit = binary ? 1_048_576 : 1_000_000
        guard bytes >= unit else { return format(bytes: bytes) }
        let name = binary ? "MiB" : "MB"
        if bytes % unit == 0 { return "\(bytes / unit) \(name)" }
        let tenths = rounded(bytes, dividedBy: unit / 10)
        return "\(tenths / 10).\(tenths % 10) \(name)"
    }

    /// `value / divisor` rounded half up, without adding to `value` first (which overflows near
    /// `Int.max`: a message about any count must not trap).
    private static func rounded(_ value: Int, dividedBy divisor: Int) -> Int {
        value / divisor + (value % divisor * 2 >= divisor ? 1 : 0)
    }

    public static func < (lhs: MemoryBudget, rhs: MemoryBudget) -> Bool { lhs.bytes < rhs.bytes }
}
