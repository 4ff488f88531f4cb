import ArgumentParser
import Foundation
import ImageColors
import ImageColorsCache
import ImageColorsPostgres
import ImageColorsRemote

/// How each image is analysed and downloaded, as plain values: what ``AnalysisFlags`` parses,
/// and what ``AnalyzeFastParser`` fills without argument-parser's reflection (issue 43). The
/// defaults here are the flags' defaults.
struct AnalysisSettings: Sendable, Equatable {
    var quality: Quality = .high
    var scheme: RoleScheme = .faithful
    var minimumContrast: Double = Quantizer.defaultMinimumContrast
    var backgroundSource: BackgroundSource = .edges
    var titleRule: TitleRule = .brightness
    var brightnessThreshold: Double = 125
    var titleRegion: TitleRegion?
    var colorManagement: OnOff = .on
    var palette: Int?
    var backdrop: RGBColor?
    var frames: FramePolicy = .first
    var placeholder: PlaceholderFlag?
    var blurHashComponents: BlurHash.Components = .default
    var memoryBudget: MemoryBudget = .default
    var totalMemory: MemoryBudget?
    var cache: String?
    var maxSide: Int = ImageLimits.default.maxSide
    var maxPixels: Int = ImageLimits.default.maxPixels
    var decodeTimeout: Double = 10
    var timeout: Double = 30
    var maxDownloadSize: MemoryBudget = .megabytes(50)
    var allowLoopback = false
    var blockPrivate = false
    var allowDowngrade = false

    /// Every flag left out: the defaults `--help` shows.
    static let defaults = AnalysisSettings()
    /// What `--timeout` and `--decode-timeout` accept: 1 ms to a day.
    static let secondsRange: ClosedRange<Double> = 0.001...86_400
    /// The smallest `--memory-budget` accepted: below it no image, however small, fits.
    static let minimumBudget = MemoryBudget(bytes: 512_000)

    /// `--backdrop`'s value: a colour like `#1d2b3a`.
    static func backdrop(_ text: String) throws -> RGBColor {
        guard let color = RGBColor(hex: text) else {
            throw ValidationError("--backdrop must be a colour like #1d2b3a, not \(text)")
        }
        return color
    }

    /// `--blurhash-components`' value: components across and down, like `4x3`.
    static func blurHashComponents(_ text: String) throws -> BlurHash.Components {
        do {
            guard let components = try BlurHash.Components(parsing: text) else {
                throw ValidationError("--blurhash-components must look like 4x3, not \(text)")
            }
            return components
        } catch let error as PlaceholderError {
            throw ValidationError("--blurhash-components \(text): \(error.description)")
        }
    }

    /// Refuses values out of range, naming the flag.
    func validate() throws {
        if maxSide < 1 { throw ValidationError("--max-side must be at least 1, not \(maxSide)") }
        if maxPixels < 1 { throw ValidationError("--max-pixels must be at least 1, not \(maxPixels)") }
        if !(0...255).contains(brightnessThreshold) {
            throw ValidationError("--brightness-threshold must be between 0 and 255, not \(brightnessThreshold)")
        }
        if !(1...21).contains(minimumContrast) {
            throw ValidationError(
                "--min-contrast must be a ratio from 1 to 21 (e.g. 3, 4.5 or 7), not \(minimumContrast)")
        }
        // Ranges checked here, with the flag's name, so no value reaches an overflowing
        // conversion: `inf` or 1e300 seconds once trapped turning into milliseconds.
        if !(Self.secondsRange.contains(decodeTimeout)) {
            throw ValidationError(
                """
                --decode-timeout must be from 0.001 to \(Int(Self.secondsRange.upperBound)) seconds, not \
                \(decodeTimeout)
                """
            )
        }
        if !(Self.secondsRange.contains(timeout)) {
            throw ValidationError(
                "--timeout must be from 0.001 to \(Int(Self.secondsRange.upperBound)) seconds, not \(timeout)")
        }
        if memoryBudget.bytes < Self.minimumBudget.bytes {
            throw ValidationError(
                """
                --memory-budget must be at least \(Self.minimumBudget) (the colour histogram and the quantizer alone \
                take 280 kB), not \(memoryBudget)
                """
            )
        }
        if let palette, !(1...64).contains(palette) {
            throw ValidationError("--palette must be between 1 and 64, not \(palette)")
        }
        if maxDownloadSize.bytes < 1 { throw ValidationError("--max-download-size must be at least 1 byte") }
        if let totalMemory, totalMemory.bytes < 1 { throw ValidationError("--total-memory must be at least 1 byte") }
        if let cache, cache.isEmpty { throw ValidationError("--cache needs a file path or a postgres:// URL") }
        if let cache, PostgresCacheLocation.isPostgresURL(cache) {
            do {
                _ = try PostgresCacheLocation(cache)
            } catch {
                throw ValidationError("--cache: \(error)")
            }
        }
    }

    /// The analysis options the settings describe.
    var analysisOptions: AnalysisOptions {
        let limits = ImageLimits(
            maxSide: maxSide, maxPixels: maxPixels,
            decodeTimeout: .milliseconds(Int64((decodeTimeout * 1000).rounded())))
        return AnalysisOptions(
            quality: quality, memoryBudget: memoryBudget, limits: limits,
            backgroundSource: backgroundSource, titleRule: titleRule,
            brightnessThreshold: brightnessThreshold, titleRegion: titleRegion,
            colorManagement: colorManagement == .on, paletteSize: palette ?? 0,
            backdrop: backdrop, scheme: scheme, minimumContrast: minimumContrast,
            frames: frames, placeholders: placeholder?.kinds ?? [],
            blurHashComponents: blurHashComponents)
    }

    /// The analyzer the settings describe: their options and, with `--total-memory`, one pool
    /// for every analysis of the run.
    func analyzer(options: AnalysisOptions) -> ImageColorAnalyzer {
        ImageColorAnalyzer(options: options, memoryPool: totalMemory.map { MemoryPool(capacity: $0) })
    }

    /// The cache `--cache` names (a SQLite file, or PostgreSQL for a `postgres://` URL),
    /// printing its warnings on stderr; `nil` without the flag.
    func resultCache() -> (any AnalysisStore)? {
        guard let cache else { return nil }
        let warn: @Sendable (String) -> Void = { StandardStreams.printError("imagecolors: warning: \($0)") }
        if PostgresCacheLocation.isPostgresURL(cache) {
            // Checked in validate(); a URL that no longer parses goes without the cache.
            guard let location = try? PostgresCacheLocation(cache) else { return nil }
            return PostgresAnalysisCache(location: location, eventHandler: { warn("\($0)") })
        }
        return AnalysisCache(path: cache) { warn("\($0)") }
    }

    /// The download limits the settings describe.
    var downloadLimits: DownloadLimits {
        DownloadLimits(
            maxBodySize: maxDownloadSize.bytes, timeout: .milliseconds(Int64((timeout * 1000).rounded())),
            addressPolicy: AddressPolicy(allowsLoopback: allowLoopback, allowsPrivate: !blockPrivate),
            allowsDowngrade: allowDowngrade)
    }
}
