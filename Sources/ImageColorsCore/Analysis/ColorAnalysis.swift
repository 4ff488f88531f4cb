/// The colours of a card built around an image, and the title choice: the result of an
/// analysis. Encodes to the JSON line of the CLI contract.
public struct ColorAnalysis: Sendable, Hashable, Codable {
    /// A width and a height in pixels.
    public struct Size: Sendable, Hashable, Codable {
        /// Width in pixels.
        public var width: Int
        /// Height in pixels.
        public var height: Int

        /// Creates a size.
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// The path or URL analysed, as given; `nil` for bytes.
    public var source: String?
    /// The sniffed format.
    public var format: ImageFormat
    /// The image's width as shown (after EXIF orientation).
    public var width: Int
    /// The image's height as shown (after EXIF orientation).
    public var height: Int
    /// The EXIF orientation that was applied (``Orientation/up`` when none). Encoded as the
    /// EXIF number (1–8), as the JSON contract has it.
    public var orientation: Orientation
    /// The size of the image the colours were counted on.
    public var analyzed: Size
    /// The card's background colour.
    public var background: RGBColor
    /// The most prominent colour that reads on the background.
    public var primary: RGBColor
    /// A second colour, distinct from the primary.
    public var secondary: RGBColor
    /// A third colour, distinct from both.
    public var detail: RGBColor
    /// The roles that fell back to white or black because the image had no suitable colour.
    public var fallback: [ColorRole]
    /// The scheme that chose primary, secondary and detail (``AnalysisOptions/scheme``); `nil`
    /// only in results decoded from JSON written before it existed.
    public var scheme: RoleScheme?
    /// The contrast ratio primary, secondary and detail had to reach on the background
    /// (``AnalysisOptions/minimumContrast``, as clamped); `nil` as for ``scheme``.
    public var minimumContrast: Double?
    /// Where each of the four colours came from (the edges, the image, or a fallback), the share
    /// of pixels behind it and its WCAG ratio on the background (JSON key `roles`). `nil` only
    /// in results decoded from JSON written before it existed.
    public var roleReports: RoleReports?
    /// The image's most representative colours with their shares, by descending share, when a
    /// palette was asked for (``AnalysisOptions/paletteSize``); `nil` (no JSON key) otherwise.
    public var palette: [PaletteColor]?
    /// Light or dark title text, chosen by the brightness rule.
    public var title: TitleChoice
    /// The memory budget and what the analysis accounted against it at peak.
    public var memory: MemoryReport?
    /// The colour profile the pixels were converted from to sRGB before counting: the embedded
    /// ICC profile's description ("Display P3", "Adobe RGB (1998)"), or "gamma 2.86" for a PNG
    /// gAMA (the exponent to linear light); `nil` (no JSON key) for untagged or sRGB images and
    /// with colour management off.
    public var colorProfile: String?
    /// Why a colour profile the image carries was not applied ("ignored the embedded ICC
    /// profile: …"); `nil` (no JSON key) when nothing was ignored.
    public var colorNote: String?
    /// The card in light and in dark appearance (JSON key `appearances`): the light card is
    /// the colours above; the dark one keeps their hues on a dark background (``DarkScheme``).
    /// Always set by an analysis; `nil` only in results decoded from JSON written before it
    /// existed. ``card(for:)`` gives either one without optionals.
    public var appearances: CardAppearances?
    /// The image's placeholders, when asked for (``AnalysisOptions/placeholders``): a ThumbHash
    /// and a BlurHash from the same decoding pass; `nil` (no JSON key) otherwise.
    public var placeholder: Placeholders?
    /// For an animated GIF, WebP or PNG (APNG), its frame count and how many frames the colours come from
    /// (``AnalysisOptions/frames``); `nil` (no JSON key) for still images.
    public var frames: FrameReport?
    /// Which decoding path gave the pixels: `library` (the whole image, through the C
    /// libraries), `progressive-dc` or `sequential-dc` (a JPEG's 1/8-scale DC image) or
    /// `heif-thumbnail` (a HEIC or AVIF file's embedded thumbnail); `nil` (no JSON key) for pixels
    /// handed to ``PixelAnalyzer``, which decoded nothing.
    public var decoder: DecoderKind?

    /// Memory accounted for one analysis.
    public struct MemoryReport: Sendable, Hashable, Codable {
        /// The budget in bytes.
        public var budget: Int
        /// The most bytes reserved at once: decoder buffers, downscaler, histogram.
        public var accountedPeak: Int

        /// Creates a report.
        public init(budget: Int, accountedPeak: Int) {
            self.budget = budget
            self.accountedPeak = accountedPeak
        }
    }

    /// Creates a result.
    public init(
        source: String?, format: ImageFormat, width: Int, height: Int, orientation: Orientation,
        analyzed: Size, roles: ColorRoles, title: TitleChoice, memory: MemoryReport? = nil
    ) {
        self.source = source
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
        self.analyzed = analyzed
        self.background = roles.background
        self.primary = roles.primary
        self.secondary = roles.secondary
        self.detail = roles.detail
        self.fallback = roles.fallback
        self.roleReports = roles.reports
        self.title = title
        self.memory = memory
    }

    /// The four colours, fallbacks and reports as quantization produced them.
    public var roles: ColorRoles {
        ColorRoles(
            background: background, primary: primary, secondary: secondary, detail: detail,
            fallback: fallback, reports: roleReports)
    }

    /// The card's colours in one appearance: from ``appearances`` when it holds them; otherwise
    /// (a result decoded from JSON that left one out) the light card from the top-level colours,
    /// and the dark card made from it by ``DarkScheme`` with this result's scheme, contrast
    /// target and title rule (the brightness threshold is not in the JSON: 125 is used).
    /// - Parameter appearance: Light or dark.
    public func card(for appearance: CardAppearance) -> CardColors {
        if let card = appearances?[appearance] { return card }
        var title = self.title
        title.region = nil
        let light = appearances?.light ?? CardColors(roles: roles, title: title)
        guard appearance == .dark else { return light }
        return DarkScheme.card(
            from: light, scheme: scheme ?? .faithful,
            minimumContrast: minimumContrast ?? Quantizer.defaultMinimumContrast,
            titleRule: title.rule ?? .default)
    }

    // Listed so that `roleReports` is the JSON key `roles` (`roles` is taken by the property above).
    private enum CodingKeys: String, CodingKey {
        case source, format, width, height, orientation, analyzed, background, primary, secondary, detail
        case fallback, scheme, minimumContrast, title, memory, colorProfile, colorNote, palette, frames, decoder
        case appearances, placeholder
        case roleReports = "roles"
    }
}
