/// Which WCAG 2.x contrast levels a ratio meets (success criteria 1.4.3 and 1.4.6).
///
/// The thresholds are compared against the unrounded ratio, as WCAG requires: 4.478:1 fails
/// AA for normal text even though it prints as 4.48. Large text is at least 18 pt, or 14 pt bold.
/// Encodes as `{"aa":false,"aaLarge":true,"aaa":false,"aaaLarge":false}`.
public struct WCAGLevels: Sendable, Hashable, Codable {
    /// AA for normal text: at least 4.5:1.
    public var aa: Bool
    /// AA for large text: at least 3:1.
    public var aaLarge: Bool
    /// AAA for normal text: at least 7:1.
    public var aaa: Bool
    /// AAA for large text: at least 4.5:1.
    public var aaaLarge: Bool

    /// The smallest ratio for AA normal text (and AAA large text): 4.5.
    public static let aaMinimum = 4.5
    /// The smallest ratio for AA large text: 3.
    public static let aaLargeMinimum = 3.0
    /// The smallest ratio for AAA normal text: 7.
    public static let aaaMinimum = 7.0
    /// The smallest ratio for AAA large text: 4.5.
    public static let aaaLargeMinimum = 4.5

    /// The levels a contrast ratio meets.
    /// - Parameter contrastRatio: A WCAG 2.x ratio, 1–21, unrounded.
    public init(contrastRatio: Double) {
        aa = contrastRatio >= Self.aaMinimum
        aaLarge = contrastRatio >= Self.aaLargeMinimum
        aaa = contrastRatio >= Self.aaaMinimum
        aaaLarge = contrastRatio >= Self.aaaLargeMinimum
    }

    /// The levels as `(name, passes)` pairs in a fixed order — AA, AA large, AAA, AAA large —
    /// for printing.
    public var all: [(name: String, passes: Bool)] {
        [("AA", aa), ("AA large", aaLarge), ("AAA", aaa), ("AAA large", aaaLarge)]
    }
}
