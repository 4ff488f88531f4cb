import Foundation

/// Where a role's colour came from.
public enum ColorOrigin: String, Sendable, Hashable, Codable, CaseIterable {
    /// The band round the image's edges (background only, with ``BackgroundSource/edges``).
    case edges
    /// The image: a bin of its histogram.
    case image
    /// Not the image: the image offered no suitable colour, so a neutral was used (white or
    /// black; for the background, when the edges held no opaque pixel).
    case fallback
}

/// How one role was chosen: its origin, the share of pixels behind it, and how it reads on the
/// background.
public struct RoleReport: Sendable, Hashable, Codable {
    /// Where the colour came from.
    public var source: ColorOrigin
    /// The share of the counted pixels in the colour's histogram bin, 0–1 to 4 decimals: of the
    /// edge band for an edge background, of the image's opaque pixels otherwise; `nil` for a
    /// fallback.
    public var share: Double?
    /// The WCAG 2.x contrast ratio of the colour on the background (1–21, to 2 decimals); `nil`
    /// for the background itself.
    public var contrastRatio: Double?

    /// Creates a report. The numbers are kept as the JSON shows them — the share to 4 decimals,
    /// the ratio to 2 — so that a result decoded from its JSON equals the original. (A colour
    /// from the image is only chosen at a ratio of at least 3, so its rounded ratio is too.)
    /// - Parameters:
    ///   - source: Where the colour came from.
    ///   - share: Its bin's share of the counted pixels; default `nil`.
    ///   - contrastRatio: Its WCAG ratio on the background; default `nil`.
    public init(source: ColorOrigin, share: Double? = nil, contrastRatio: Double? = nil) {
        self.source = source
        self.share = share.map { ($0 * 10_000).rounded(.toNearestOrAwayFromZero) / 10_000 }
        self.contrastRatio = contrastRatio.map { ($0 * 100).rounded(.toNearestOrAwayFromZero) / 100 }
    }

    private enum CodingKeys: String, CodingKey { case source, share, contrastRatio }

    /// Decodes a report, through ``init(source:share:contrastRatio:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(source: try container.decode(ColorOrigin.self, forKey: .source),
                  share: try container.decodeIfPresent(Double.self, forKey: .share),
                  contrastRatio: try container.decodeIfPresent(Double.self, forKey: .contrastRatio))
    }
}

/// The ``RoleReport`` of each of the four roles (JSON key `roles`).
public struct RoleReports: Sendable, Hashable, Codable {
    /// How the background was chosen.
    public var background: RoleReport
    /// How the primary colour was chosen.
    public var primary: RoleReport
    /// How the secondary colour was chosen.
    public var secondary: RoleReport
    /// How the detail colour was chosen.
    public var detail: RoleReport

    /// Creates the reports.
    public init(background: RoleReport, primary: RoleReport, secondary: RoleReport, detail: RoleReport) {
        self.background = background
        self.primary = primary
        self.secondary = secondary
        self.detail = detail
    }

    /// The report of primary, secondary or detail.
    /// - Parameter role: The role.
    public subscript(role: ColorRole) -> RoleReport {
        switch role {
        case .primary: primary
        case .secondary: secondary
        case .detail: detail
        }
    }
}
