import ArgumentParser
import Foundation
import ImageColors
import ImageColorsCache
import ImageColorsPostgres
import ImageColorsRemote

extension Quality: ExpressibleByArgument {}
extension BackgroundSource: ExpressibleByArgument {}
extension TitleRule: ExpressibleByArgument {}
extension RoleScheme: ExpressibleByArgument {}
extension FramePolicy: ExpressibleByArgument {}

/// `--placeholder thumbhash|blurhash|both`.
enum PlaceholderFlag: String, ExpressibleByArgument, CaseIterable {
    case thumbhash, blurhash, both

    /// The library's set.
    var kinds: PlaceholderKinds {
        switch self {
        case .thumbhash: .thumbHash
        case .blurhash: .blurHash
        case .both: .both
        }
    }
}

/// `--color-management on|off`.
enum OnOff: String, ExpressibleByArgument, CaseIterable {
    case on, off
}

extension MemoryBudget: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
    public var defaultValueDescription: String { description }

    /// The largest size a flag takes: what `MemoryBudget(parsing:)` accepts (half of `Int.max`,
    /// so that sums of sizes cannot overflow).
    static let largestParsed = Int.max / 2

    /// Parses a size flag's value, or refuses it naming the flag, the units and the maximum
    /// (argument-parser's own message said only "is invalid").
    static func parsing(_ text: String, flag: String) throws -> MemoryBudget {
        guard let size = MemoryBudget(parsing: text) else {
            throw ValidationError(
                """
                \(flag) \(text): give bytes, or a number with KB, MB, GB, KiB, MiB or GiB (e.g. 30MB, 64MiB), at most \
                \(largestParsed) bytes (4 EiB)
                """
            )
        }
        return size
    }
}

/// How each image is analysed and downloaded: the options `analyze` and `report` share.
struct AnalysisFlags: ParsableArguments {
    @Option(
        help:
            """
            How far to shrink before counting colours: lowest (50 px), low (100), high (250) or highest (no \
            downscale but what --memory-budget forces).
            """
    )
    var quality: Quality = AnalysisSettings.defaults.quality

    @Option(
        help:
            """
            How primary, secondary and detail are chosen: faithful (salient colours of the picture, toned until they \
            read) or classic (ColorArt/UIImageColors: the most common colours that read as they are, else white or \
            black).
            """
    )
    var scheme: RoleScheme = AnalysisSettings.defaults.scheme

    @Option(
        name: .customLong("min-contrast"),
        help: ArgumentHelp(
            """
            The WCAG contrast ratio primary, secondary and detail must reach on the background: 3 (large text), 4.5 \
            or 7 (body text, AA and AAA), or any value from 1 to 21.
            """,
            valueName: "ratio"))
    var minimumContrast: Double = AnalysisSettings.defaults.minimumContrast

    @Option(
        name: .customLong("background-from"),
        help: "Take the background from the image's edges or from the whole image.")
    var backgroundSource: BackgroundSource = AnalysisSettings.defaults.backgroundSource

    @Option(
        name: .customLong("title-rule"),
        help:
            """
            How the title colour is chosen: brightness (W3C formula and threshold), wcag (higher WCAG ratio) or apca \
            (larger |Lc|).
            """
    )
    var titleRule: TitleRule = AnalysisSettings.defaults.titleRule

    @Option(
        name: .customLong("brightness-threshold"),
        help: ArgumentHelp(
            "For --title-rule brightness: dark text when the background's brightness is above this (0–255).",
            valueName: "value"))
    var brightnessThreshold: Double = AnalysisSettings.defaults.brightnessThreshold

    @Option(
        name: .customLong("title-region"),
        help: ArgumentHelp(
            """
            Also measure light and dark text over this part of the picture: top, bottom, center (thirds) or X,Y,W,H \
            (fractions).
            """,
            valueName: "region"),
        transform: { try TitleRegion(parsing: $0) })
    var titleRegion: TitleRegion?

    @Option(
        name: .customLong("color-management"),
        help: "Convert ICC-tagged, CMYK and PNG gAMA images to sRGB before counting colours: on or off.")
    var colorManagement: OnOff = AnalysisSettings.defaults.colorManagement

    @Option(
        help: ArgumentHelp(
            "Also list the N most representative colours with their shares of the image (1–64).", valueName: "N"))
    var palette: Int?

    @Option(
        help: ArgumentHelp(
            """
            Composite transparent pixels onto this colour (#rrggbb) before counting: the colour the image will be \
            drawn on.
            """,
            valueName: "color"),
        transform: AnalysisSettings.backdrop)
    var backdrop: RGBColor?

    @Option(
        help:
            """
            For animated GIF, WebP and PNG (APNG): count the first frame (as first shown) or all frames, each by how \
            long it is shown.
            """
    )
    var frames: FramePolicy = AnalysisSettings.defaults.frames

    @Option(help: "Also make the image's placeholder from the same decoding pass: thumbhash, blurhash or both.")
    var placeholder: PlaceholderFlag?

    @Option(
        name: .customLong("blurhash-components"),
        help: ArgumentHelp(
            "BlurHash's components across and down, 1 to 9 each (e.g. 4x3, the default).", valueName: "XxY"),
        transform: AnalysisSettings.blurHashComponents)
    var blurHashComponents: BlurHash.Components = AnalysisSettings.defaults.blurHashComponents

    @Option(
        name: .customLong("memory-budget"),
        help: ArgumentHelp(
            "Most memory one image may use: bytes, or with KB/MB/GB/KiB/MiB/GiB (e.g. 30MB, 64MiB).",
            valueName: "size"),
        transform: { try MemoryBudget.parsing($0, flag: "--memory-budget") }
    )
    var memoryBudget: MemoryBudget = AnalysisSettings.defaults.memoryBudget

    @Option(
        name: .customLong("total-memory"),
        help: ArgumentHelp(
            """
            Most memory all images analysed at once may use together (one pool shared by --jobs): a size like \
            --memory-budget. An image waits for room instead of failing; each still has at most --memory-budget. \
            Default: no shared limit.
            """,
            valueName: "size"),
        transform: { try MemoryBudget.parsing($0, flag: "--total-memory") })
    var totalMemory: MemoryBudget?

    @Option(
        name: .customLong("cache"),
        help: ArgumentHelp(
            """
            Keep results in this SQLite file and reuse them: a URL is revalidated with the server (ETag, \
            Last-Modified, max-age) instead of downloaded and decoded again; a file is reused while its size and \
            modification time stay the same. Several processes may share the file. A postgres:// or \
            postgresql:// URL (postgres://user@host:5432/db, or postgres:///db?host=/socket/folder; the \
            password from the URL or $PGPASSWORD) keeps them in PostgreSQL instead, shared by a fleet of \
            servers. Default: no cache.
            """,
            valueName: "path-or-url"))
    var cache: String?

    @Option(
        name: .customLong("max-side"),
        help: ArgumentHelp("Refuse images with a longer side, in pixels.", valueName: "pixels"))
    var maxSide: Int = AnalysisSettings.defaults.maxSide

    @Option(name: .customLong("max-pixels"), help: ArgumentHelp("Refuse images with more pixels.", valueName: "pixels"))
    var maxPixels: Int = AnalysisSettings.defaults.maxPixels

    @Option(
        name: .customLong("decode-timeout"),
        help: ArgumentHelp("Seconds one image's decoding may take.", valueName: "seconds"))
    var decodeTimeout: Double = AnalysisSettings.defaults.decodeTimeout

    @Option(help: ArgumentHelp("Seconds one URL's download may take in all, redirects included.", valueName: "seconds"))
    var timeout: Double = AnalysisSettings.defaults.timeout

    // A byte size, parsed like --memory-budget.
    @Option(
        name: .customLong("max-download-size"),
        help: ArgumentHelp(
            "Largest body downloaded from a URL: bytes, or with KB/MB/GB/KiB/MiB/GiB.", valueName: "size"),
        transform: { try MemoryBudget.parsing($0, flag: "--max-download-size") })
    var maxDownloadSize: MemoryBudget = AnalysisSettings.defaults.maxDownloadSize

    @Flag(
        name: .customLong("allow-loopback"),
        help:
            """
            Let URLs reach loopback addresses (127.0.0.0/8, ::1, 0.0.0.0, localhost), refused by default: for a \
            server on this machine.
            """
    )
    var allowLoopback = false

    @Flag(
        name: .customLong("block-private"),
        help: "Refuse URLs that reach private addresses (10/8, 172.16/12, 192.168/16, fc00::/7), allowed by default.")
    var blockPrivate = false

    @Flag(name: .customLong("allow-downgrade"), help: "Follow redirects from https to plain http, refused by default.")
    var allowDowngrade = false

    /// The flags' values as plain settings.
    var settings: AnalysisSettings {
        AnalysisSettings(
            quality: quality, scheme: scheme, minimumContrast: minimumContrast, backgroundSource: backgroundSource,
            titleRule: titleRule, brightnessThreshold: brightnessThreshold, titleRegion: titleRegion,
            colorManagement: colorManagement, palette: palette, backdrop: backdrop, frames: frames,
            placeholder: placeholder, blurHashComponents: blurHashComponents, memoryBudget: memoryBudget,
            totalMemory: totalMemory, cache: cache, maxSide: maxSide, maxPixels: maxPixels,
            decodeTimeout: decodeTimeout, timeout: timeout, maxDownloadSize: maxDownloadSize,
            allowLoopback: allowLoopback, blockPrivate: blockPrivate, allowDowngrade: allowDowngrade)
    }

    func validate() throws { try settings.validate() }

    /// The analysis options the flags describe.
    var analysisOptions: AnalysisOptions { settings.analysisOptions }

    /// The analyzer the flags describe (``AnalysisSettings/analyzer(options:)``).
    func analyzer(options: AnalysisOptions) -> ImageColorAnalyzer { settings.analyzer(options: options) }

    /// The cache `--cache` names, or `nil` (``AnalysisSettings/resultCache()``).
    func resultCache() -> (any AnalysisStore)? { settings.resultCache() }

    /// The download limits the flags describe.
    var downloadLimits: DownloadLimits { settings.downloadLimits }
}
