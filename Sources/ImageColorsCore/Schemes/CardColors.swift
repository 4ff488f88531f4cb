/// The colours of a card in one appearance: background, primary, secondary, detail and the
/// title, with how each was chosen.
///
/// Encodes to one member of the JSON `appearances` object:
/// ```json
/// {"background":"#3a1a06","primary":"#d1612c","secondary":"#c2a08c","detail":"#ffd0ae",
///  "fallback":[],"roles":{…},"title":{"text":"light","color":"#ffffff",…}}
/// ```
/// `roles` has the shape of the top-level `roles` (``RoleReport``); `title` that of the
/// top-level `title`, without the `region` report (which measures the picture, not the card,
/// and stays at the top level).
public struct CardColors: Sendable, Hashable, Codable {
    /// The card's background.
    public var background: RGBColor
    /// The primary colour (see ``ColorRole/primary``).
    public var primary: RGBColor
    /// The secondary colour (see ``ColorRole/secondary``).
    public var secondary: RGBColor
    /// The detail colour (see ``ColorRole/detail``).
    public var detail: RGBColor
    /// The roles that fell back to white or black in this appearance, in role order.
    public var fallback: [ColorRole]
    /// Where each colour came from, its share and its WCAG ratio on this background (JSON key
    /// `roles`). For a dark card, `adjustment` compares a colour with the image's own colour
    /// (for the background: with the light card's background).
    public var roleReports: RoleReports
    /// Light or dark title text on this background, by the analysis's title rule.
    public var title: TitleChoice

    /// Creates the colours of one appearance.
    /// - Parameters:
    ///   - roles: The four colours, fallbacks and reports.
    ///   - title: The title on `roles.background`; its `region`, if any, is dropped.
    public init(roles: ColorRoles, title: TitleChoice) {
        background = roles.background
        primary = roles.primary
        secondary = roles.secondary
        detail = roles.detail
        fallback = roles.fallback
        roleReports = roles.reports
        var title = title
        title.region = nil
        self.title = title
    }

    /// The four colours, fallbacks and reports.
    public var roles: ColorRoles {
        ColorRoles(
            background: background, primary: primary, secondary: secondary, detail: detail,
            fallback: fallback, reports: roleReports)
    }

    /// The colour of a role.
    /// - Parameter role: Primary, secondary or detail.
    public subscript(role: ColorRole) -> RGBColor { roles[role] }

    private enum CodingKeys: String, CodingKey {
        case background, primary, secondary, detail, fallback, title
        case roleReports = "roles"
    }
}
