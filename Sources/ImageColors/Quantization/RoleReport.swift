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
    /// The share of the counted pixels in the colour's histogram bin, 0–1: of the edge band for
    /// an edge background, of the image's opaque pixels otherwise; `nil` for a fallback.
    public var share: Double?
    /// The WCAG 2.x contrast ratio of the colour on the background (1–21); `nil` for the
    /// background itself.
    public var contrastRatio: Double?

    /// Creates a report.
    /// - Parameters:
    ///   - source: Where the colour came from.
    ///   - share: Its bin's share of the counted pixels; default `nil`.
    ///   - contrastRatio: Its WCAG ratio on the background; default `nil`.
    public init(source: ColorOrigin, share: Double? = nil, contrastRatio: Double? = nil) {
        self.source = source
        self.share = share
        self.contrastRatio = contrastRatio
    }

    private enum CodingKeys: String, CodingKey { case source, share, contrastRatio }

    /// Encodes the share to 4 decimals and the ratio to 2 (as the title's), leaving out `nil`s.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        try container.encodeIfPresent(share.map { ($0 * 10_000).rounded(.toNearestOrAwayFromZero) / 10_000 }, forKey: .share)
        try container.encodeIfPresent(contrastRatio.map { ($0 * 100).rounded(.toNearestOrAwayFromZero) / 100 }, forKey: .contrastRatio)
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
