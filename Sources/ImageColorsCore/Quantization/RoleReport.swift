#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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

/// How one role was chosen: its origin, the share of pixels behind it, how it reads on the
/// background, and whether it had to change to read.
public struct RoleReport: Sendable, Hashable, Codable {
    /// How a colour taken from the image was changed before use.
    public struct Adjustment: Sendable, Hashable {
        /// The colour as the image has it.
        public var original: RGBColor
        /// OKLab lightness of the colour used minus that of ``original`` (negative: darkened),
        /// to 3 decimals.
        public var deltaL: Double

        /// Creates an adjustment record; `deltaL` is kept to 3 decimals, as the JSON shows it.
        /// - Parameters:
        ///   - original: The colour as the image has it.
        ///   - deltaL: The change of OKLab lightness.
        public init(original: RGBColor, deltaL: Double) {
            self.original = original
            self.deltaL = (deltaL * 1000).rounded(.toNearestOrAwayFromZero) / 1000
        }
    }

    /// Where the colour came from.
    public var source: ColorOrigin
    /// The share of the counted pixels behind the colour, 0–1 to 4 decimals: its cluster's
    /// (``RoleScheme/faithful``, and every background) or its histogram bin's
    /// (``RoleScheme/classic`` roles); of the edge band for an edge background, of the image's
    /// opaque pixels otherwise; 1 for a background that is the mean of a band (or image)
    /// without colour structure; `nil` for a fallback.
    public var share: Double?
    /// The WCAG 2.x contrast ratio of the colour on the background (1–21, to 2 decimals); `nil`
    /// for the background itself.
    public var contrastRatio: Double?
    /// For a colour from the image that was changed to be usable — toned along lightness to
    /// reach the contrast target (faithful), or raised to the minimum saturation (classic) —
    /// the colour it came from and the change of lightness; `nil` when it is used as the image
    /// has it, and for fallbacks and the background.
    public var adjustment: Adjustment?

    /// Whether the colour was changed from the image's (see ``adjustment``).
    public var isAdjusted: Bool { adjustment != nil }

    /// Creates a report. The numbers are kept as the JSON shows them — the share to 4 decimals,
    /// the ratio to 2 — so that a result decoded from its JSON equals the original.
    /// - Parameters:
    ///   - source: Where the colour came from.
    ///   - share: The share of pixels behind it; default `nil`.
    ///   - contrastRatio: Its WCAG ratio on the background; default `nil`.
    ///   - adjustment: How it was changed; default `nil` (used as the image has it).
    public init(source: ColorOrigin, share: Double? = nil, contrastRatio: Double? = nil, adjustment: Adjustment? = nil)
    {
        self.source = source
        self.share = share.map { ($0 * 10_000).rounded(.toNearestOrAwayFromZero) / 10_000 }
        // A colour from the image is only chosen at or above the target (3, 4.5 or 7), so its
        // ratio rounded to the nearest hundredth is too.
        self.contrastRatio = contrastRatio.map { ($0 * 100).rounded(.toNearestOrAwayFromZero) / 100 }
        self.adjustment = adjustment
    }

    private enum CodingKeys: String, CodingKey { case source, share, contrastRatio, adjusted, original, deltaL }

    /// Decodes a report, through ``init(source:share:contrastRatio:adjustment:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var adjustment: Adjustment?
        if let original = try container.decodeIfPresent(RGBColor.self, forKey: .original) {
            adjustment = Adjustment(original: original, deltaL: try container.decode(Double.self, forKey: .deltaL))
        }
        self.init(
            source: try container.decode(ColorOrigin.self, forKey: .source),
            share: try container.decodeIfPresent(Double.self, forKey: .share),
            contrastRatio: try container.decodeIfPresent(Double.self, forKey: .contrastRatio),
            adjustment: adjustment)
    }

    /// Encodes `source`, `share` and `contrastRatio` when known; for primary, secondary and
    /// detail taken from the image also `adjusted` (true or false) and, when adjusted, the
    /// `original` colour and `deltaL`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        try container.encodeIfPresent(share, forKey: .share)
        try container.encodeIfPresent(contrastRatio, forKey: .contrastRatio)
        if source == .image && contrastRatio != nil { try container.encode(adjustment != nil, forKey: .adjusted) }
        try container.encodeIfPresent(adjustment?.original, forKey: .original)
        try container.encodeIfPresent(adjustment?.deltaL, forKey: .deltaL)
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
