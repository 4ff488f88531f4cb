/// Everything that decides how an image is analysed.
public struct AnalysisOptions: Sendable, Hashable {
    /// How far the image is shrunk before counting colours; default ``Quality/high`` (250 px).
    public var quality: Quality
    /// Where the background colour is taken from; default ``BackgroundSource/edges``.
    public var backgroundSource: BackgroundSource
    /// How the title's light or dark text is chosen; default ``TitleRule/brightness``.
    public var titleRule: TitleRule
    /// For ``TitleRule/brightness``: the title is dark when the background's brightness is
    /// above this (0–255); default 125.
    public var brightnessThreshold: Double
    /// Where the title will sit on the picture; when set, the result reports how light and dark
    /// text read over those pixels (``RegionContrast``). Default `nil`.
    public var titleRegion: TitleRegion?
    /// The most memory the analysis may use for image data; default ``MemoryBudget/default`` (30 MB).
    public var memoryBudget: MemoryBudget
    /// Header limits (side, pixels, JPEG scans) and the decode timeout; default ``ImageLimits/default``.
    public var limits: ImageLimits
    /// Whether a JPEG that libjpeg only *warns* about (for example "premature end of data",
    /// which leaves grey rows in place of the picture), or a HEIC or AVIF that libheif, libde265
    /// or libaom warns about (a damaged HEVC slice leaves grey in place of the picture; an
    /// unknown colour code), fails; default `true`. libjpeg's warnings about the header alone
    /// (an unknown JFIF version, up to 3 bytes of garbage between segments before the first
    /// scan) never fail.
    public var strictDecoding: Bool
    /// Whether pixels are converted to sRGB from the image's embedded ICC profile (JPEG, PNG
    /// iCCP), CMYK profile or PNG gAMA before colours are counted; default `true`. The result
    /// names what was applied (``ColorAnalysis/colorProfile``).
    public var colorManagement: Bool
    /// How many palette colours the result lists (``ColorAnalysis/palette``), 0…64; default 0
    /// (no palette). Clamped to 0…64 when used.
    public var paletteSize: Int
    /// The colour the image will be drawn on: transparent and translucent pixels are composited
    /// onto it before colours are counted (and in the thumbnail), so the colours are those the
    /// user will see. Default `nil`: transparent pixels are left out of the count instead.
    public var backdrop: RGBColor?
    /// How primary, secondary and detail are chosen; default ``RoleScheme/faithful`` (colours
    /// that keep the picture). ``RoleScheme/classic`` is ColorArt's and UIImageColors' scheme.
    public var scheme: RoleScheme
    /// The WCAG contrast ratio primary, secondary and detail must reach on the background:
    /// 3 (the default, WCAG's minimum for large text and graphics), 4.5 or 7 (AA and AAA for
    /// body text), or any value in 1…21 (clamped when used; NaN means the default).
    public var minimumContrast: Double
    /// Which frames of an animated GIF, WebP or PNG (APNG) the colours come from; default
    /// ``FramePolicy/first`` (the first frame, composited on its canvas).
    public var frames: FramePolicy
    /// Which placeholders to make from the analysed pixels (``ColorAnalysis/placeholder``):
    /// default none. They never change the colours.
    public var placeholders: PlaceholderKinds
    /// BlurHash's components along each axis; default 4×3.
    public var blurHashComponents: BlurHash.Components

    /// Creates options.
    /// - Parameters:
    ///   - quality: Default ``Quality/high``.
    ///   - backgroundSource: Default ``BackgroundSource/edges``.
    ///   - titleRule: Default ``TitleRule/brightness``.
    ///   - brightnessThreshold: Default 125.
    ///   - titleRegion: Default `nil` (no region analysis).
    ///   - memoryBudget: Default 30 MB.
    ///   - limits: Default ``ImageLimits/default``.
    ///   - strictDecoding: Default `true`.
    ///   - colorManagement: Default `true`.
    ///   - paletteSize: Default 0 (no palette); at most 64 (clamped).
    ///   - backdrop: Default `nil` (transparent pixels not counted).
    ///   - scheme: Default ``RoleScheme/faithful``.
    ///   - minimumContrast: Default 3.
    ///   - frames: Default ``FramePolicy/first``.
    ///   - placeholders: Default none.
    ///   - blurHashComponents: Default 4×3.
    public init(
        quality: Quality = .high,
        memoryBudget: MemoryBudget = .default,
        limits: ImageLimits = .default,
        backgroundSource: BackgroundSource = .edges,
        titleRule: TitleRule = .brightness,
        brightnessThreshold: Double = 125,
        titleRegion: TitleRegion? = nil,
        strictDecoding: Bool = true,
        colorManagement: Bool = true,
        paletteSize: Int = 0,
        backdrop: RGBColor? = nil,
        scheme: RoleScheme = .faithful,
        minimumContrast: Double = Quantizer.defaultMinimumContrast,
        frames: FramePolicy = .first,
        placeholders: PlaceholderKinds = [],
        blurHashComponents: BlurHash.Components = .default
    ) {
        self.quality = quality
        self.memoryBudget = memoryBudget
        self.limits = limits
        self.backgroundSource = backgroundSource
        self.titleRule = titleRule
        self.brightnessThreshold = brightnessThreshold
        self.titleRegion = titleRegion
        self.strictDecoding = strictDecoding
        self.colorManagement = colorManagement
        self.paletteSize = paletteSize
        self.backdrop = backdrop
        self.scheme = scheme
        self.minimumContrast = minimumContrast
        self.frames = frames
        self.placeholders = placeholders
        self.blurHashComponents = blurHashComponents
    }
}
