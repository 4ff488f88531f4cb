/// One of the three text/accent colours chosen against the background.
public enum ColorRole: String, Sendable, Codable, CaseIterable {
    /// The first usable colour: titles, main accent. The faithful scheme's most legible salient
    /// hue (see `Quantizer.putInReadingOrder`), the classic scheme's most common colour.
    case primary
    /// The next usable colour, distinct from the primary.
    case secondary
    /// A third usable colour distinct from both: small details, captions.
    case detail
}

/// The four colours of a card, as chosen by ``Quantizer``.
public struct ColorRoles: Sendable, Hashable {
    /// The card background.
    public var background: RGBColor
    /// The primary colour (see ``ColorRole/primary``).
    public var primary: RGBColor
    /// The secondary colour (see ``ColorRole/secondary``).
    public var secondary: RGBColor
    /// The detail colour (see ``ColorRole/detail``).
    public var detail: RGBColor
    /// The roles the image offered no suitable colour for, in role order (primary, secondary,
    /// detail). Each of them is white on a dark background and black on a light one.
    public var fallback: [ColorRole]
    /// Where each colour came from, its share and its contrast on the background.
    public var reports: RoleReports

    /// Creates a set of roles.
    /// - Parameters:
    ///   - background: The background.
    ///   - primary: The primary colour.
    ///   - secondary: The secondary colour.
    ///   - detail: The detail colour.
    ///   - fallback: The roles that fell back to white or black, in role order; default none.
    ///   - reports: How each colour was chosen; default `nil`: derived from the colours and
    ///     `fallback` (background from the image, no shares, the contrast ratios computed).
    public init(
        background: RGBColor, primary: RGBColor, secondary: RGBColor, detail: RGBColor,
        fallback: [ColorRole] = [], reports: RoleReports? = nil
    ) {
        self.background = background
        self.primary = primary
        self.secondary = secondary
        self.detail = detail
        self.fallback = fallback
        self.reports =
            reports
            ?? RoleReports(
                background: RoleReport(source: .image),
                primary: Self.derivedReport(primary, on: background, fellBack: fallback.contains(.primary)),
                secondary: Self.derivedReport(secondary, on: background, fellBack: fallback.contains(.secondary)),
                detail: Self.derivedReport(detail, on: background, fellBack: fallback.contains(.detail)))
    }

    /// A role's report without a share: its origin and its contrast ratio on the background.
    package static func derivedReport(_ color: RGBColor, on background: RGBColor, fellBack: Bool) -> RoleReport {
        RoleReport(source: fellBack ? .fallback : .image, contrastRatio: Contrast.contrastRatio(color, background))
    }

    /// The colour of a role.
    /// - Parameter role: Primary, secondary or detail.
    public subscript(role: ColorRole) -> RGBColor {
        switch role {
        case .primary: primary
        case .secondary: secondary
        case .detail: detail
        }
    }
}
